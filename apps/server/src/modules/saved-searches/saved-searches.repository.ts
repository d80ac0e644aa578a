import type { SavedSearch } from '@preloved/shared/notifications'
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { listingMatchesPending, savedSearches, users } from '../../db/schema/index.ts'
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

/** Every saved search of an account that is not deleted, oldest first: what new listings are matched against. */
export const allSavedSearches = (db: DbOrTx) =>
  db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(isNull(users.deletedAt))
    .orderBy(savedSearches.createdAt, savedSearches.id)

/**
 * New matches were notified in the app: each search's count grows by its number of new matches (one statement for
 * the whole batch), for the next daily mail.
 */
export async function countMatches(db: DbOrTx, counts: ReadonlyMap<string, number>, now: Date) {
  if (counts.size === 0) return
  const values = sql.join(
    [...counts].map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
    sql`, `,
  )
  await db.execute(sql`
    update ${savedSearches} s set unmailed = s.unmailed + v.n, checked_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, n)
    where s.id = v.id
  `)
}

// ———————————————————— listings waiting to be matched (decision 033) ————————————————————

/** Tries of a listing taken alone after which the job leaves it (kept in the table, for an operator to look at). */
export const MATCH_ATTEMPTS_MAX = 5

/**
 * A listing was put on sale (created, or for sale again): it waits for the matching job. Call it in the transaction
 * that puts it on sale, so it is recorded exactly when that commits. Recorded again while it waits, it keeps one row
 * (and its tries start again).
 */
export async function queueListingMatch(db: DbOrTx, productId: string) {
  await db
    .insert(listingMatchesPending)
    .values({ productId })
    .onConflictDoUpdate({ target: listingMatchesPending.productId, set: { queuedAt: sql`now()`, attempts: 0 } })
}

/** Whether any listing waits (a cheap look before the job reads the saved searches). */
export async function hasPendingMatches(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: listingMatchesPending.productId })
    .from(listingMatchesPending)
    .where(lt(listingMatchesPending.attempts, MATCH_ATTEMPTS_MAX))
    .limit(1)
  return rows.length > 0
}

/** The waiting listings, oldest first (or only those of `only`), `limit` of them at most. */
const pendingMatches = (db: DbOrTx, limit: number, only?: readonly string[]) =>
  db
    .select({ id: listingMatchesPending.productId })
    .from(listingMatchesPending)
    .where(
      and(
        lt(listingMatchesPending.attempts, MATCH_ATTEMPTS_MAX),
        only ? inArray(listingMatchesPending.productId, [...only]) : undefined,
      ),
    )
    .orderBy(listingMatchesPending.queuedAt, listingMatchesPending.productId)
    .limit(limit)

/** Up to `limit` waiting listings, oldest first (or only those of `only`), without taking them. */
export async function peekPendingMatches(db: DbOrTx, limit: number, only?: readonly string[]): Promise<string[]> {
  return (await pendingMatches(db, limit, only)).map((r) => r.id)
}

/**
 * Takes up to `limit` waiting listings, oldest first (or only those of `only`), locked to the end of the caller's
 * transaction; rows another instance holds are skipped (SKIP LOCKED), so two jobs never take the same listing.
 */
export async function claimPendingMatches(tx: DbOrTx, limit: number, only?: readonly string[]): Promise<string[]> {
  return (await pendingMatches(tx, limit, only).for('update', { skipLocked: true })).map((r) => r.id)
}

/** The listings were matched: their rows go, in the transaction that wrote the notifications. */
export async function finishPendingMatches(tx: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return
  await tx.delete(listingMatchesPending).where(inArray(listingMatchesPending.productId, [...ids]))
}

/** A listing taken alone could not be matched: one try more (the job leaves it after MATCH_ATTEMPTS_MAX). */
export async function countFailedMatch(db: DbOrTx, id: string) {
  await db
    .update(listingMatchesPending)
    .set({ attempts: sql`${listingMatchesPending.attempts} + 1` })
    .where(eq(listingMatchesPending.productId, id))
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
