import { messages } from '@preloved/shared/messages'
import { SAVED_SEARCHES_MAX, type SavedSearchBody } from '@preloved/shared/notifications'
import { type SearchQuery, searchQuerySchema } from '@preloved/shared/search'
import { type AnyColumn, and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { blocks, notifications, products, savedSearches, users } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { brandIndexOf } from '../brands/brand-index.ts'
import { publishLiveEach } from '../live/live-bus.ts'
import { contactOf, mailAllowed } from '../notifications/notification-mail.ts'
import { toNotificationJson, unreadCounts } from '../notifications/notifications.repository.ts'
import type { NotifyDeps } from '../notifications/notify.ts'
import { textMatch } from '../search/search.repository.ts'
import { searchFiltersOf } from '../search/search.service.ts'
import {
  allSavedSearches,
  claimDueDigests,
  claimPendingMatches,
  countFailedMatch,
  countMatches,
  countSavedSearches,
  findOwnSavedSearch,
  finishPendingMatches,
  hasPendingMatches,
  lockUser,
  peekPendingMatches,
} from './saved-searches.repository.ts'

const t = messages.notifications
const DAY = 86_400_000

type Filters = Awaited<ReturnType<typeof searchFiltersOf>>

/** The /search parameters a saved search keeps, in the order its normalised query lists them (not limit or cursor). */
const KEPT = [
  'q',
  'category',
  'brand',
  'condition',
  'colour',
  'material',
  'minPrice',
  'maxPrice',
  'verified',
  'sort',
] as const

/**
 * A `/search` query string (with or without `?`) checked by search's own rules (GET /api/search's schema and its
 * brand check: 400 naming what is wrong) and written one way: repeated values once each and sorted, the parameters in
 * one order, paging dropped, unknown parameters (which /search ignores) dropped. Answers the string and the query.
 */
export async function normaliseQuery(
  db: DbOrTx,
  text: string,
): Promise<{ query: string; parsed: SearchQuery; filters: Filters }> {
  const given = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text)
  const raw: Record<string, string | string[]> = {}
  for (const [key, value] of given) {
    if (!(KEPT as readonly string[]).includes(key)) continue
    const had = raw[key]
    raw[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]
  }
  if (typeof raw.q === 'string') {
    raw.q = raw.q.trim()
    if (raw.q === '') delete raw.q
  }
  const result = searchQuerySchema.safeParse(raw)
  if (!result.success) throw new AppError(400, t.savedBadQuery(result.error.issues[0]?.message ?? 'not a search'))
  const parsed = result.data
  let filters: Filters
  try {
    filters = await searchFiltersOf(brandIndexOf(db), parsed)
  } catch (err) {
    if (err instanceof AppError) throw new AppError(400, t.savedBadQuery(err.message))
    throw err
  }
  const out = new URLSearchParams()
  for (const key of KEPT) {
    const value = parsed[key]
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of [...new Set(value)].sort()) out.append(key, v)
    else out.append(key, String(value))
  }
  return { query: out.toString(), parsed, filters }
}

const nameTaken = (err: unknown) =>
  pgErrorCode(err) === '23505' && pgConstraint(err) === 'saved_search_user_name_uq'
    ? new AppError(409, t.savedNameTaken)
    : err

/**
 * Saves a search for the user: its query normalised (400 when /search would refuse it), at most SAVED_SEARCHES_MAX
 * per user (409), one name once (409). Counted and written under a lock on the user, so two at once keep the cap.
 */
export async function createSavedSearch(db: Db, userId: string, body: SavedSearchBody, now: Date) {
  const { query } = await normaliseQuery(db, body.query)
  try {
    return await db.transaction(async (tx) => {
      await lockUser(tx, userId)
      if ((await countSavedSearches(tx, userId)) >= SAVED_SEARCHES_MAX)
        throw new AppError(409, t.savedLimit(SAVED_SEARCHES_MAX))
      const [row] = await tx
        .insert(savedSearches)
        .values({ userId, name: body.name, query, createdAt: now, checkedAt: now })
        .returning()
      return row!
    })
  } catch (err) {
    throw nameTaken(err)
  }
}

/** Renames the user's own saved search: 404 for a missing one or someone else's, 409 for a name taken. */
export async function renameSavedSearch(db: Db, userId: string, id: string, name: string) {
  if (!(await findOwnSavedSearch(db, userId, id))) throw new AppError(404, t.savedNotFound)
  try {
    const [row] = await db
      .update(savedSearches)
      .set({ name })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning()
    if (!row) throw new AppError(404, t.savedNotFound)
    return row
  } catch (err) {
    throw nameTaken(err)
  }
}

/** Deletes the user's own saved search: 404 for a missing one or someone else's. */
export async function deleteSavedSearch(db: Db, userId: string, id: string) {
  const own = await findOwnSavedSearch(db, userId, id)
  if (!own) throw new AppError(404, t.savedNotFound)
  await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
}

// ———————————————————— matching new listings, off the request path (decision 033) ————————————————————

/** Listings matched in one transaction. */
const MATCH_BATCH = 50
/** Batches one run takes at most (a backlog is worked off over the next runs). */
const MATCH_BATCHES_PER_RUN = 20
/** Sets of words per statement when a batch is matched by text (two columns each). */
const WORD_SETS_PER_STATEMENT = 100

/** A listing as the filters of a search see it. */
const listingColumns = {
  id: products.id,
  title: products.title,
  sellerId: products.sellerId,
  category: products.category,
  brandId: products.brandId,
  condition: products.condition,
  colour: products.colour,
  material: products.material,
  cents: products.resellPriceCents,
  verified: users.verified,
}

/** Which of these listings are for sale now. */
async function availableIdsOf(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.status, 'available')))
  return rows.map((r) => r.id)
}

/** The listings of these ids that are for sale now, as the filters of a search see them. */
const availableListings = (db: DbOrTx, ids: readonly string[]) =>
  db
    .select(listingColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(inArray(products.id, [...ids]), eq(products.status, 'available')))
type Listing = Awaited<ReturnType<typeof availableListings>>[number]

/** Whether the listing passes a search's filters other than its words (the rules of search's own columns). */
function passesFilters(l: Listing, f: Filters): boolean {
  const inList = (values: readonly string[], value: string | null) =>
    values.length === 0 || (value !== null && values.includes(value))
  return (
    inList(f.category, l.category) &&
    inList(f.brand, l.brandId) &&
    inList(f.condition, l.condition) &&
    inList(f.colour, l.colour) &&
    inList(f.material, l.material) &&
    (f.minCents === undefined || l.cents >= f.minCents) &&
    (f.maxCents === undefined || l.cents <= f.maxCents) &&
    (!f.verified || l.verified)
  )
}

/** The filters (but the words) as SQL over product joined with its seller, for "does full text find any?". */
function filtersWhere(f: Filters) {
  const any = (column: AnyColumn, values: readonly string[]) =>
    values.length === 0
      ? sql`true`
      : sql`${column} in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`
  return sql.join(
    [
      any(products.category, f.category),
      any(products.brandId, f.brand),
      any(products.condition, f.condition),
      any(products.colour, f.colour),
      any(products.material, f.material),
      f.minCents === undefined ? sql`true` : sql`${products.resellPriceCents} >= ${f.minCents}`,
      f.maxCents === undefined ? sql`true` : sql`${products.resellPriceCents} <= ${f.maxCents}`,
      f.verified ? sql`${users.verified}` : sql`true`,
    ],
    sql` and `,
  )
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
const rowsOf = async <T>(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows

/** A saved search read for matching: its filters as search applies them. */
interface ParsedSearch {
  id: string
  userId: string
  name: string
  filters: Filters
  /** Its words, one string (words are letters and digits only). */
  words: string
}

/**
 * Every saved search, its query checked and read once per run (searches with the same query share the work). A search
 * that no longer parses (a brand deleted since) finds nothing, as /search would answer it 400.
 */
async function parsedSearches(db: Db): Promise<ParsedSearch[]> {
  const byQuery = new Map<string, Filters | undefined>()
  const out: ParsedSearch[] = []
  for (const s of await allSavedSearches(db)) {
    if (!byQuery.has(s.query))
      byQuery.set(
        s.query,
        await normaliseQuery(db, s.query).then(
          (n) => n.filters,
          () => undefined,
        ),
      )
    const filters = byQuery.get(s.query)
    if (filters) out.push({ id: s.id, userId: s.userId, name: s.name, filters, words: filters.words.join(' ') })
  }
  return out
}

type TextHit = { full: boolean; fuzzy: boolean }

/**
 * For every set of words and listing: whether full text matches it, and whether likeness does (search's own text
 * conditions, search.repository's textMatch), a statement per WORD_SETS_PER_STATEMENT sets of words, whatever the
 * number of listings and searches.
 */
async function textHits(tx: DbOrTx, listingIds: readonly string[], wordSets: ReadonlyMap<string, string[]>) {
  const hits = new Map<string, Map<string, TextHit>>()
  const sets = [...wordSets]
  for (let i = 0; i < sets.length; i += WORD_SETS_PER_STATEMENT) {
    const chunk = sets.slice(i, i + WORD_SETS_PER_STATEMENT)
    const columns = chunk.flatMap(([, words], j) => [
      sql`(${textMatch({ words, fuzzy: false })}) as ${sql.raw(`f${j}`)}`,
      sql`(${textMatch({ words, fuzzy: true })}) as ${sql.raw(`z${j}`)}`,
    ])
    const rows = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select ${products.id} as id, ${sql.join(columns, sql`, `)} from ${products} where ${inArray(products.id, [...listingIds])}`,
    )
    for (const [j, [key]] of chunk.entries())
      hits.set(key, new Map(rows.map((r) => [String(r.id), { full: r[`f${j}`] === true, fuzzy: r[`z${j}`] === true }])))
  }
  return hits
}

/**
 * For each search whose words match a listing only by likeness: whether full text finds any listing for sale with its
 * filters (then /search shows exact matches only: search's own fallback). A statement per WORD_SETS_PER_STATEMENT.
 */
async function exactExists(tx: DbOrTx, searches: ReadonlyMap<string, Filters>) {
  const found = new Map<string, boolean>()
  const all = [...searches]
  for (let i = 0; i < all.length; i += WORD_SETS_PER_STATEMENT) {
    const chunk = all.slice(i, i + WORD_SETS_PER_STATEMENT)
    const columns = chunk.map(
      ([, f], j) =>
        sql`exists (select 1 from ${products} join ${users} on ${users.id} = ${products.sellerId} where ${products.status} = 'available' and ${textMatch({ words: f.words, fuzzy: false })} and ${filtersWhere(f)}) as ${sql.raw(`e${j}`)}`,
    )
    const [row] = await rowsOf<Record<string, unknown>>(tx, sql`select ${sql.join(columns, sql`, `)}`)
    for (const [j, [key]] of chunk.entries()) found.set(key, row?.[`e${j}`] === true)
  }
  return found
}

/**
 * Which users each listing is to be told of: every saved search that /search with its query would show the listing
 * (its filters pass, and its words match by full text, or by likeness when full text finds no listing with these
 * filters), but the seller's own. A user is told once per listing, by the first of their matching searches; every
 * search that matched counts it for the daily mail. Queries: one or two per WORD_SETS_PER_STATEMENT sets of words.
 */
async function matchesOf(tx: DbOrTx, listings: readonly Listing[], searches: readonly ParsedSearch[]) {
  const pairs: Array<{ l: Listing; s: ParsedSearch }> = []
  for (const l of listings)
    for (const s of searches) if (s.userId !== l.sellerId && passesFilters(l, s.filters)) pairs.push({ l, s })
  const wordSets = new Map<string, string[]>()
  for (const { s } of pairs) if (s.words !== '') wordSets.set(s.words, s.filters.words)
  const hits = wordSets.size > 0 ? await textHits(tx, [...new Set(pairs.map((p) => p.l.id))], wordSets) : new Map()
  const hitOf = (p: { l: Listing; s: ParsedSearch }): TextHit | undefined => hits.get(p.s.words)?.get(p.l.id)
  const likenessOnly = new Map<string, Filters>()
  for (const p of pairs) {
    const hit = hitOf(p)
    if (p.s.words !== '' && hit && !hit.full && hit.fuzzy) likenessOnly.set(JSON.stringify(p.s.filters), p.s.filters)
  }
  const exact = likenessOnly.size > 0 ? await exactExists(tx, likenessOnly) : new Map<string, boolean>()
  const matched = new Map<string, Map<string, { ids: string[]; name: string }>>()
  for (const p of pairs) {
    if (p.s.words !== '') {
      const hit = hitOf(p)
      if (!hit || !(hit.full || (hit.fuzzy && !exact.get(JSON.stringify(p.s.filters))))) continue
    }
    const told = matched.get(p.l.id) ?? new Map<string, { ids: string[]; name: string }>()
    matched.set(p.l.id, told)
    const entry = told.get(p.s.userId)
    if (entry) entry.ids.push(p.s.id)
    else told.set(p.s.userId, { ids: [p.s.id], name: p.s.name })
  }
  return matched
}

/** Pairs of users with a block between them, either way, among the sellers and the users given (one statement). */
async function blockedPairs(tx: DbOrTx, sellerIds: readonly string[], userIds: readonly string[]) {
  if (sellerIds.length === 0 || userIds.length === 0) return new Set<string>()
  const rows = await tx
    .select({ a: blocks.blockerId, b: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(inArray(blocks.blockerId, [...sellerIds]), inArray(blocks.blockedId, [...userIds])),
        and(inArray(blocks.blockedId, [...sellerIds]), inArray(blocks.blockerId, [...userIds])),
      ),
    )
  return new Set(rows.flatMap((r) => [`${r.a} ${r.b}`, `${r.b} ${r.a}`]))
}

/** The (user, link) pairs already told of by a saved search (a bag for sale again is not told twice). */
async function alreadyTold(tx: DbOrTx, userIds: readonly string[], links: readonly string[]) {
  if (userIds.length === 0) return new Set<string>()
  const rows = await tx
    .select({ userId: notifications.userId, link: notifications.link })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...userIds]),
        eq(notifications.kind, 'saved_search'),
        inArray(notifications.link, [...links]),
      ),
    )
  return new Set(rows.map((r) => `${r.userId} ${r.link}`))
}

type NotificationRow = typeof notifications.$inferSelect

/**
 * One batch: up to `limit` waiting listings (or those of `only`) are matched against the saved searches first, without
 * a transaction (on the embedded database, other requests run between these statements). Then, in one short
 * transaction, the rows are taken (SKIP LOCKED: rows another instance holds, or has finished, are left to it), the
 * listings still for sale among them are told (not twice to a user for a bag), the searches' counts grow, and the
 * rows taken are deleted. The notifications and the end of the wait commit together: a listing is told once, and a
 * crash before the commit leaves it waiting. Answers how many rows were looked at and taken, and the notifications
 * written (pushed live by the caller, after the commit).
 */
async function matchBatch(
  deps: NotifyDeps,
  searches: readonly ParsedSearch[],
  limit: number,
  only: readonly string[] | undefined,
  onPeek: (ids: string[]) => void,
): Promise<{ looked: number; taken: number; written: NotificationRow[] }> {
  const now = deps.now?.() ?? new Date()
  const ids = await peekPendingMatches(deps.db, limit, only)
  onPeek(ids)
  if (ids.length === 0) return { looked: 0, taken: 0, written: [] }
  const listings = searches.length > 0 ? await availableListings(deps.db, ids) : []
  const matched = await matchesOf(deps.db, listings, searches)
  const byId = new Map(listings.map((l) => [l.id, l]))
  const userIds = [...new Set([...matched.values()].flatMap((users) => [...users.keys()]))]
  const blocked = await blockedPairs(deps.db, [...new Set(listings.map((l) => l.sellerId))], userIds)
  return deps.db.transaction(async (tx) => {
    const taken = await claimPendingMatches(tx, ids.length, ids)
    if (taken.length === 0) return { looked: ids.length, taken: 0, written: [] }
    const forSale = new Set(
      (
        await availableIdsOf(
          tx,
          taken.filter((id) => matched.has(id)),
        )
      ).filter((id) => matched.has(id)),
    )
    const already = await alreadyTold(
      tx,
      userIds,
      [...forSale].map((id) => `/product/${id}`),
    )
    const values: Array<typeof notifications.$inferInsert> = []
    const counts = new Map<string, number>()
    for (const productId of forSale) {
      const l = byId.get(productId)!
      const link = `/product/${productId}`
      for (const [userId, { ids: searchIds, name }] of matched.get(productId)!) {
        if (blocked.has(`${userId} ${l.sellerId}`) || already.has(`${userId} ${link}`)) continue
        values.push({
          userId,
          kind: 'saved_search',
          text: t.savedSearchMatch(name, l.title, formatUsd(l.cents)),
          link,
          createdAt: now,
        })
        for (const id of searchIds) counts.set(id, (counts.get(id) ?? 0) + 1)
      }
    }
    const written: NotificationRow[] = []
    for (let i = 0; i < values.length; i += 1000)
      written.push(
        ...(await tx
          .insert(notifications)
          .values(values.slice(i, i + 1000))
          .returning()),
      )
    await countMatches(tx, counts, now)
    await finishPendingMatches(tx, taken)
    return { looked: ids.length, taken: taken.length, written }
  })
}

/**
 * After a batch committed: each new notification is pushed live to its user's open pages, with their unread count (a
 * statement for the counts, one for the events).
 */
async function pushLive(deps: NotifyDeps, rows: readonly NotificationRow[]) {
  if (rows.length === 0) return
  try {
    const unread = await unreadCounts(deps.db, [...new Set(rows.map((r) => r.userId))])
    await publishLiveEach(
      deps.live,
      deps.db,
      rows.map((row) => ({
        userId: row.userId,
        type: 'notification' as const,
        data: { notification: toNotificationJson(row), unread: unread.get(row.userId) ?? 0 },
      })),
    )
  } catch (err) {
    deps.log?.warn({ err }, 'saved-search notifications not pushed live')
  }
}

/**
 * The matching job (decision 033; every SAVED_SEARCH_MATCH_SECONDS on every instance, and at start): listings put on
 * sale since (queued by queueListingMatch in the transaction that put them on sale) are matched in batches against
 * every saved search, as /search would show them: one notification per user and bag (kind saved_search, never twice
 * for the same bag, not the seller's own searches, nor across a block either way), counted for the daily mail.
 * Instances share the work (SKIP LOCKED); a batch that fails is tried again one listing at a time, so one that cannot
 * be matched is left after MATCH_ATTEMPTS_MAX tries without holding up the others. Never throws.
 */
export async function matchNewListings(
  deps: NotifyDeps,
  opts: { batch?: number; maxBatches?: number } = {},
): Promise<{ listings: number; notified: number }> {
  const batch = opts.batch ?? MATCH_BATCH
  const total = { listings: 0, notified: 0 }
  try {
    if (!(await hasPendingMatches(deps.db))) return total
    const searches = await parsedSearches(deps.db)
    for (let i = 0; i < (opts.maxBatches ?? MATCH_BATCHES_PER_RUN); i++) {
      let peeked: string[] = []
      try {
        const { looked, taken, written } = await matchBatch(deps, searches, batch, undefined, (ids) => {
          peeked = ids
        })
        total.listings += taken
        total.notified += written.length
        await pushLive(deps, written)
        // the queue is empty, or what is left is another instance's at the moment
        if (looked < batch || taken === 0) break
      } catch (err) {
        deps.log?.warn({ err, productIds: peeked }, 'saved searches not matched: trying the listings one at a time')
        for (const id of peeked) {
          try {
            const { taken, written } = await matchBatch(deps, searches, 1, [id], () => {})
            total.listings += taken
            total.notified += written.length
            await pushLive(deps, written)
          } catch (one) {
            deps.log?.warn({ err: one, productId: id }, 'listing not matched against saved searches')
            await countFailedMatch(deps.db, id).catch(() => {})
          }
        }
        break
      }
    }
  } catch (err) {
    deps.log?.warn({ err }, 'saved searches not matched')
  }
  return total
}

/**
 * The daily mail of saved searches (a sweep every minute on every instance): each saved search with matches not yet
 * mailed, last mailed a day ago or more (or never), is claimed by one conditional UPDATE of its `mailed_at` and mailed
 * once, however many instances sweep at once. A user who turned this kind off is not mailed (the count still resets).
 */
export async function sweepSavedSearchDigests(deps: NotifyDeps, now: Date): Promise<number> {
  let mailed = 0
  for (const due of await claimDueDigests(deps.db, now, DAY)) {
    try {
      const contact = await contactOf(deps.db, due.userId)
      if (!contact || !(await mailAllowed(deps.db, due.userId, 'saved_search'))) continue
      const params = new URLSearchParams(due.query)
      params.set('sort', 'newest')
      await deps.mailer.send({
        to: contact.email,
        userId: due.userId,
        kind: 'saved_search',
        subject: t.savedSearchDigestSubject(due.name, due.count),
        text: t.savedSearchDigest({
          name: contact.name,
          search: due.name,
          count: due.count,
          link: `${deps.publicUrl}/search?${params.toString()}`,
        }),
      })
      mailed++
    } catch (err) {
      deps.log?.warn({ err, savedSearchId: due.id }, 'saved-search mail not sent')
    }
  }
  return mailed
}
