import type { LiveEventType } from '@preloved/shared/live'
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { liveEventSeqs, liveEvents, sessions, users } from '../../db/schema/index.ts'
import type { StoredLiveEvent } from './live-bus.ts'

/** How long the log keeps an event: a client away longer reloads its pages rather than replaying. */
export const LIVE_EVENT_KEEP_MS = 24 * 3600_000

const columns = {
  id: liveEvents.id,
  userId: liveEvents.userId,
  seq: liveEvents.seq,
  type: liveEvents.type,
  data: liveEvents.data,
}

const toEvent = (r: { id: number; userId: string; seq: number; type: string; data: unknown }): StoredLiveEvent => ({
  id: r.id,
  userId: r.userId,
  seq: r.seq,
  type: r.type as LiveEventType,
  data: r.data as Record<string, unknown>,
})

/**
 * One user's events after their number `after`, oldest first (the replay of Last-Event-ID and the polling fallback);
 * read from live_event_user_seq_uq.
 */
export async function eventsAfter(db: DbOrTx, userId: string, after: number, limit: number) {
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.seq, after)))
    .orderBy(asc(liveEvents.seq))
    .limit(limit)
  return rows.map(toEvent)
}

/** Events by id (another instance woke us with their ids), oldest first. */
export async function eventsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db.select(columns).from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id))
  return rows.map(toEvent)
}

/**
 * The events of these users written after `afterId` or since `since`, oldest first: what a bus replays after its
 * connection to the other instances came back (streams drop what they already sent).
 */
export async function eventsSince(db: DbOrTx, userIds: string[], afterId: number, since: Date) {
  if (userIds.length === 0) return []
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(and(inArray(liveEvents.userId, userIds), or(gt(liveEvents.id, afterId), gte(liveEvents.createdAt, since))))
    .orderBy(asc(liveEvents.id))
    .limit(50_000)
  return rows.map(toEvent)
}

/** The newest event id of the whole log (0 when empty): where a bus starts counting what it has seen. */
export async function lastEventIdOf(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ max: sql<string | null>`max(${liveEvents.id})` }).from(liveEvents)
  return Number(row?.max ?? 0)
}

/**
 * A user's newest event number (0 before their first): where their fresh stream starts, and the most a client of
 * theirs can have seen (a larger Last-Event-ID is made up, or from before an upgrade, and counts as this one).
 */
export async function lastSeqOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ seq: liveEventSeqs.seq }).from(liveEventSeqs).where(eq(liveEventSeqs.userId, userId))
  return Number(row?.seq ?? 0)
}

/**
 * Removes events older than a day, a batch at a time (the sweeper comes back every minute); answers how many. By the
 * database's clock, which stamped them (`created_at`), unless told.
 */
export async function pruneLiveEvents(db: DbOrTx, now?: Date, batch = 10_000): Promise<number> {
  const before = now
    ? new Date(now.getTime() - LIVE_EVENT_KEEP_MS)
    : sql`now() - ${sql.raw(`interval '${LIVE_EVENT_KEEP_MS} milliseconds'`)}`
  const old = db.select({ id: liveEvents.id }).from(liveEvents).where(lt(liveEvents.createdAt, before)).limit(batch)
  const deleted = await db.delete(liveEvents).where(inArray(liveEvents.id, old)).returning({ id: liveEvents.id })
  return deleted.length
}

/**
 * Of these sessions, those that still hold (not deleted, not expired, their user not deleted), with their user's
 * role now: a stream whose session is missing here, or whose role changed, ends.
 */
export async function liveSessions(db: DbOrTx, sessionIds: string[], now: Date) {
  if (sessionIds.length === 0) return new Map<string, { userId: string; role: string }>()
  const rows = await db
    .select({ id: sessions.id, userId: sessions.userId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), isNull(users.deletedAt)))
  return new Map(rows.map((r) => [r.id, { userId: r.userId, role: r.role }]))
}
