import type { SavedSearch } from '@preloved/shared/notifications'
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { savedSearches, users } from '../../db/schema/index.ts'
import { isUuid } from '../../lib/paging.ts'

type SavedSearchRow = typeof savedSearches.$inferSelect

export const toSavedSearchJson = (row: SavedSearchRow): SavedSearch => ({
  _id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
})

/** The user's saved searches, newest first (there are at most SAVED_SEARCHES_MAX). */
export const listSavedSearches = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))

/** How many searches the user keeps. */
export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId))
  return row?.n ?? 0
}

/** Locks the user's row: one saved-search write per user at a time (the cap of 20 is counted under it). */
export async function lockUser(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/** The user's own saved search of this id; undefined for a missing one or someone else's. */
export async function findOwnSavedSearch(db: DbOrTx, userId: string, id: string) {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
  return row
}

/** Every saved search of an account that is not deleted, but `exceptUserId`'s: what a new listing is matched against. */
export const allSavedSearches = (db: DbOrTx, exceptUserId: string) =>
  db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(isNull(users.deletedAt), sql`${savedSearches.userId} <> ${exceptUserId}`))

/** New matches were notified in the app: counted for the next daily mail. */
export async function countMatches(db: DbOrTx, ids: readonly string[], now: Date) {
  if (ids.length === 0) return
  await db
    .update(savedSearches)
    .set({ unmailed: sql`${savedSearches.unmailed} + 1`, checkedAt: now })
    .where(inArray(savedSearches.id, [...ids]))
}

/** A saved search whose matches are to be mailed now, with how many there were. */
export interface DueDigest {
  id: string
  userId: string
  name: string
  query: string
  count: number
}

/**
 * Claims up to `limit` saved searches with unmailed matches whose last mail is a day old (or that were never
 * mailed), in one statement: the rows are locked (SKIP LOCKED: another instance's sweep takes other rows), their
 * `mailed_at` set to now and their count reset, and the counts they had are answered. Whatever runs concurrently, a
 * row is claimed by one sweep only, and not again within the day.
 */
export async function claimDueDigests(db: DbOrTx, now: Date, dayMs: number, limit = 200): Promise<DueDigest[]> {
  const cut = new Date(now.getTime() - dayMs)
  const result = (await db.execute(sql`
    with due as (
      select id, unmailed from ${savedSearches}
      where unmailed > 0 and (mailed_at is null or mailed_at <= ${cut.toISOString()}::timestamptz)
      order by id
      limit ${limit}
      for update skip locked
    )
    update ${savedSearches} s set mailed_at = ${now.toISOString()}::timestamptz, unmailed = 0
    from due
    where s.id = due.id and s.unmailed > 0 and (s.mailed_at is null or s.mailed_at <= ${cut.toISOString()}::timestamptz)
    returning s.id, s.user_id, s.name, s.query, due.unmailed
  `)) as unknown as { rows: Array<{ id: string; user_id: string; name: string; query: string; unmailed: number }> }
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    name: r.name,
    query: r.query,
    count: Number(r.unmailed),
  }))
}
