import {
  isAlwaysMailed,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
} from '@preloved/shared/notifications'
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { notificationSettings, notifications } from '../../db/schema/index.ts'
import { afterCursor, type Cursor, isUuid } from '../../lib/paging.ts'

type NotificationRow = typeof notifications.$inferSelect

/** A notification as every client reads it (docs/product/notifications.md#list). */
export const toNotificationJson = (row: NotificationRow): Notification => ({
  _id: row.id,
  kind: row.kind,
  text: row.text,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
})

/** How many of the user's notifications are unread (served by the partial index on unread rows). */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

/** How many notifications each of these users has unread, in one statement (users with none are left out). */
export async function unreadCounts(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId)
  return new Map(rows.map((r) => [r.userId, r.n]))
}

/** A page of the user's notifications, newest first, after the cursor; `limit` rows (ask one more to know of a next). */
export async function listNotifications(db: DbOrTx, userId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        cursor ? afterCursor(notifications.createdAt, notifications.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
}

/**
 * Marks the user's own notifications read: these ids (ids of anyone else's, or of nothing, are passed over without a
 * word), or all of them. Answers how many changed.
 */
export async function markRead(
  db: DbOrTx,
  userId: string,
  which: { ids: readonly string[] } | { all: true },
  now: Date,
): Promise<number> {
  const ids = 'ids' in which ? [...new Set(which.ids.filter(isUuid).map((id) => id.toLowerCase()))] : undefined
  if (ids && ids.length === 0) return 0
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id })
  return rows.length
}

/** Every kind's mail setting: on unless turned off; the kinds always mailed are on whatever is stored. */
export async function readSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  const rows = await db
    .select({ kind: notificationSettings.kind, mail: notificationSettings.mail })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
  const stored = new Map(rows.map((r) => [r.kind, r.mail]))
  const mail = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, isAlwaysMailed(kind) ? true : (stored.get(kind) ?? true)]),
  ) as Record<NotificationKind, boolean>
  return { mail, always: NOTIFICATION_KINDS.filter(isAlwaysMailed) }
}

/** Stores the mail setting of each kind given (an upsert per kind, in one statement). */
export async function writeSettings(
  db: DbOrTx,
  userId: string,
  mail: Partial<Record<NotificationKind, boolean>>,
  now: Date,
): Promise<void> {
  const values = Object.entries(mail).flatMap(([kind, on]) =>
    on === undefined ? [] : [{ userId, kind: kind as NotificationKind, mail: on, updatedAt: now }],
  )
  if (values.length === 0) return
  await db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { mail: sql`excluded.mail`, updatedAt: sql`excluded.updated_at` },
    })
}
