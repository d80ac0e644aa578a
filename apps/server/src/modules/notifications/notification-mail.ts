import { isAlwaysMailed, type NotificationKind } from '@preloved/shared/notifications'
import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { notificationSettings, users } from '../../db/schema/index.ts'

/** Whether `kind` is mailed to the user: on unless they turned it off (GET|PUT /api/notification-settings); order updates always. */
export async function mailAllowed(db: DbOrTx, userId: string, kind: NotificationKind) {
  if (isAlwaysMailed(kind)) return true
  const [row] = await db
    .select({ mail: notificationSettings.mail })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.kind, kind)))
  return row?.mail ?? true
}

/** The user's name and address, unless the account was deleted. */
export async function contactOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
  return row
}
