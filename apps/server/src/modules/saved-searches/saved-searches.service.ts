import { messages } from '@preloved/shared/messages'
import { SAVED_SEARCHES_MAX, type SavedSearchBody } from '@preloved/shared/notifications'
import { type SearchQuery, searchQuerySchema } from '@preloved/shared/search'
import { type AnyColumn, and, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { notifications, products, savedSearches, users } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { brandIndexOf } from '../brands/brand-index.ts'
import { contactOf, mailAllowed } from '../notifications/notification-mail.ts'
import { type NotifyDeps, notify } from '../notifications/notify.ts'
import { textMatch } from '../search/search.repository.ts'
import { searchFiltersOf } from '../search/search.service.ts'
import { isBlockedBetween } from '../users/blocks.ts'
import {
  allSavedSearches,
  claimDueDigests,
  countMatches,
  countSavedSearches,
  findOwnSavedSearch,
  lockUser,
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

/** A listing as the filters of a search see it. */
async function listingOf(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      sellerId: products.sellerId,
      category: products.category,
      brandId: products.brandId,
      condition: products.condition,
      colour: products.colour,
      material: products.material,
      cents: products.resellPriceCents,
      verified: users.verified,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
  return row
}
type Listing = NonNullable<Awaited<ReturnType<typeof listingOf>>>

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

/**
 * Whether /search with these filters shows the listing: its filters pass, and its words match by full text, or by
 * likeness when full text finds no listing at all with these filters (search's own fallback). The text conditions
 * are search's (search.repository's textMatch).
 */
async function searchShows(db: DbOrTx, l: Listing, f: Filters): Promise<boolean> {
  if (!passesFilters(l, f)) return false
  if (f.words.length === 0) return true
  const full = textMatch({ words: f.words, fuzzy: false })
  const fuzzy = textMatch({ words: f.words, fuzzy: true })
  const result = (await db.execute(
    sql`select (${full}) as full, (${fuzzy}) as fuzzy from ${products} where ${products.id} = ${l.id}`,
  )) as unknown as { rows: Array<{ full: boolean; fuzzy: boolean }> }
  const row = result.rows[0]
  if (!row) return false
  if (row.full) return true
  if (!row.fuzzy) return false
  const found = (await db.execute(sql`
    select 1 from ${products} join ${users} on ${users.id} = ${products.sellerId}
    where ${products.status} = 'available' and ${full} and ${filtersWhere(f)} limit 1
  `)) as unknown as { rows: unknown[] }
  return found.rows.length === 0
}

/**
 * A listing was created, or is for sale again (an order cancelled before shipping): every saved search it now
 * matches, as /search would show it, is told at once in the app (one notification per user, kind saved_search, never
 * twice for the same bag), and counted for the daily mail. Not the seller's own searches, nor those of users
 * blocked either way. Called after the change committed; never throws. Answers how many users were notified.
 */
export async function notifySavedSearches(deps: NotifyDeps, productId: string): Promise<number> {
  try {
    const listing = await listingOf(deps.db, productId)
    if (listing?.status !== 'available') return 0
    const matched = new Map<string, { ids: string[]; name: string }>()
    for (const s of await allSavedSearches(deps.db, listing.sellerId)) {
      let filters: Filters
      try {
        filters = (await normaliseQuery(deps.db, s.query)).filters
      } catch {
        continue // a brand deleted since: the search finds nothing
      }
      if (!(await searchShows(deps.db, listing, filters))) continue
      const entry = matched.get(s.userId)
      if (entry) entry.ids.push(s.id)
      else matched.set(s.userId, { ids: [s.id], name: s.name })
    }
    const link = `/product/${listing.id}`
    const now = deps.now?.() ?? new Date()
    let told = 0
    for (const [userId, { ids, name }] of matched) {
      if (await isBlockedBetween(deps.db, userId, listing.sellerId)) continue
      const [already] = await deps.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.kind, 'saved_search'), eq(notifications.link, link)),
        )
        .limit(1)
      if (already) continue
      await notify(deps, {
        userId,
        kind: 'saved_search',
        text: t.savedSearchMatch(name, listing.title, formatUsd(listing.cents)),
        link,
      })
      await countMatches(deps.db, ids, now)
      told++
    }
    return told
  } catch (err) {
    deps.log?.warn({ err, productId }, 'saved searches not matched')
    return 0
  }
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
