import type { CategorySlug, Colour, Condition, Material, SearchSort } from '@preloved/shared/constants'
import { type AnyColumn, and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { brands, products, users } from '../../db/schema/index.ts'
import { productColumns, reservedAt } from '../products/products.repository.ts'
import type { SearchCursor } from './search.cursor.ts'

/** The rows of a raw statement: both drivers answer `{ rows }`, which drizzle's shared type does not say. */
const rowsOf = async <T>(db: DbOrTx, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows

/** A search with its input checked and normalized: brand slugs are ids by now, prices cents, words lower-case. */
export interface SearchFilters {
  /** The words of `q` (letters and digits only), at most SEARCH_MAX_WORDS; empty without `q`. */
  words: string[]
  /** Whether the words are also matched by likeness (pg_trgm), because full text alone finds none of them. */
  fuzzy: boolean
  category: CategorySlug[]
  brand: string[]
  condition: Condition[]
  colour: Colour[]
  material: Material[]
  minCents: number | undefined
  maxCents: number | undefined
  verified: boolean
}

/** The facets that a filter of the same name narrows; price is the fifth filter left out of its own range. */
export type FacetName = 'category' | 'brand' | 'condition' | 'colour' | 'material'
export const FACET_NAMES: readonly FacetName[] = ['category', 'brand', 'condition', 'colour', 'material']

/** One word as a full-text query, unaccented as the listings are; the last word of `q` also as a prefix. */
const wordQuery = (word: string, prefix: boolean) =>
  sql`to_tsquery('english', quote_literal(unaccent(${word}))${prefix ? sql` || ':*'` : sql``})`

/** Every word (AND) or any word (OR) as one tsquery. */
const wordsQuery = (words: string[], op: '&&' | '||') =>
  sql.join(
    words.map((w, i) => wordQuery(w, i === words.length - 1)),
    sql.raw(` ${op} `),
  )

/**
 * The text part of a search. Full text: every word is a word of the listing (the last one a prefix of one). Fuzzy
 * (when full text finds nothing for the words): each word is a word of the listing or like a word of its brand or
 * title (pg_trgm's word similarity, served by the trigram index), so "chanle flap" finds Chanel flap bags.
 */
function textMatch(f: SearchFilters): SQL | undefined {
  if (f.words.length === 0) return undefined
  if (!f.fuzzy) return sql`${products.searchVector} @@ (${wordsQuery(f.words, '&&')})`
  return and(
    ...f.words.map(
      (w, i) =>
        sql`(${products.searchVector} @@ ${wordQuery(w, i === f.words.length - 1)} or ${products.searchText} %> unaccent(${w}))`,
    ),
  )
}

/** Relevance as a `real` (so that a cursor can carry it exactly): full-text rank, plus likeness when fuzzy. */
function score(f: SearchFilters): SQL<string> {
  if (f.fuzzy) {
    return sql<string>`(ts_rank(${products.searchVector}, ${wordsQuery(f.words, '||')}) + word_similarity(unaccent(${f.words.join(' ')}), ${products.searchText}))::real`
  }
  return sql<string>`ts_rank(${products.searchVector}, ${wordsQuery(f.words, '&&')})::real`
}

/** The condition of each filter given, by name; `price` for the price range. */
function filterConditions(f: SearchFilters): Partial<Record<FacetName | 'price', SQL>> {
  const c: Partial<Record<FacetName | 'price', SQL>> = {}
  if (f.category.length > 0) c.category = inArray(products.category, f.category)
  if (f.brand.length > 0) c.brand = inArray(products.brandId, f.brand)
  if (f.condition.length > 0) c.condition = inArray(products.condition, f.condition)
  if (f.colour.length > 0) c.colour = inArray(products.colour, f.colour)
  if (f.material.length > 0) c.material = inArray(products.material, f.material)
  const price: SQL[] = []
  if (f.minCents !== undefined) price.push(sql`${products.resellPriceCents} >= ${f.minCents}`)
  if (f.maxCents !== undefined) price.push(sql`${products.resellPriceCents} <= ${f.maxCents}`)
  if (price.length > 0) c.price = and(...price)
  return c
}

/** What every result and every facet count shares: for sale, the words, verified sellers. */
function baseConditions(f: SearchFilters): SQL[] {
  const base: SQL[] = [eq(products.status, 'available')]
  const text = textMatch(f)
  if (text) base.push(text)
  if (f.verified) base.push(eq(users.verified, true))
  return base
}

/** The sort's key as PostgreSQL prints it (a cursor carries it as text and compares it in the same type). */
function sortKey(sort: SearchSort, f: SearchFilters): SQL<string> {
  switch (sort) {
    case 'relevance':
      return sql<string>`${score(f)}::text`
    case 'newest':
      return sql<string>`${products.createdAt}::text`
    default:
      return sql<string>`${products.resellPriceCents}::text`
  }
}

/** Rows after `cursor` in the sort's order; each sort breaks ties by id in the same direction. */
function afterSearchCursor(cursor: SearchCursor, f: SearchFilters): SQL {
  const id = sql`${cursor.id}::uuid`
  switch (cursor.sort) {
    case 'relevance': {
      const s = score(f)
      return sql`(${s} < ${cursor.key}::real or (${s} = ${cursor.key}::real and ${products.id} < ${id}))`
    }
    case 'newest': {
      const at = sql`${cursor.key}::timestamptz`
      return sql`(${products.createdAt} < ${at} or (${products.createdAt} = ${at} and ${products.id} < ${id}))`
    }
    case 'price_asc': {
      const cents = sql`${cursor.key}::int`
      return sql`(${products.resellPriceCents} > ${cents} or (${products.resellPriceCents} = ${cents} and ${products.id} > ${id}))`
    }
    case 'price_desc': {
      const cents = sql`${cursor.key}::int`
      return sql`(${products.resellPriceCents} < ${cents} or (${products.resellPriceCents} = ${cents} and ${products.id} < ${id}))`
    }
  }
}

/**
 * With `few` matches, the order is written as an expression no index serves: the planner then finds the matches
 * through the filters' indexes and sorts them, instead of walking the whole date or price index looking for rare
 * ones (it cannot know how rare a combination of filters is; the summary's total does).
 */
function orderOf(sort: SearchSort, f: SearchFilters, few: boolean): SQL[] {
  const unindexed = (column: AnyColumn) =>
    few ? sql`(${column} + ${sql.raw(column === products.createdAt ? "interval '0'" : '0')})` : sql`${column}`
  switch (sort) {
    case 'relevance':
      return [desc(score(f)), desc(products.id)]
    case 'newest':
      return [desc(unindexed(products.createdAt)), desc(products.id)]
    case 'price_asc':
      return [asc(unindexed(products.resellPriceCents)), asc(products.id)]
    case 'price_desc':
      return [desc(unindexed(products.resellPriceCents)), desc(products.id)]
  }
}

/** Below this many matches, a page sorts them rather than walking a sort index (see orderOf). */
const FEW_MATCHES = 2000

/** One page of results in the sort's order, with one row more to tell whether a next page exists. */
export async function searchPage(
  db: DbOrTx,
  f: SearchFilters,
  page: { sort: SearchSort; limit: number; cursor: SearchCursor | undefined; total: number },
  now: Date,
) {
  // the summary knows there is nothing to read
  if (page.total === 0) return { rows: [], hasMore: false }
  const where = [...baseConditions(f), ...Object.values(filterConditions(f))]
  if (page.cursor) where.push(afterSearchCursor(page.cursor, f))
  const rows = await db
    .select({ ...productColumns, live: reservedAt(now), sortKey: sortKey(page.sort, f) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(...where))
    .orderBy(...orderOf(page.sort, f, page.total < FEW_MATCHES))
    .limit(page.limit + 1)
  const hasMore = rows.length > page.limit
  return { rows: hasMore ? rows.slice(0, page.limit) : rows, hasMore }
}

/** A listing of a page, as `toProductJson` reads it. */
export type SearchRow = Awaited<ReturnType<typeof searchRowsByIds>>[number]

/** The listings of these ids that are still for sale, in the order given (a search without words chose them). */
export async function searchRowsByIds(db: DbOrTx, ids: readonly string[], now: Date) {
  if (ids.length === 0) return []
  const rows = await db
    .select({ ...productColumns, live: reservedAt(now) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(inArray(products.id, [...ids]), eq(products.status, 'available')))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export interface SearchSummary {
  total: number
  /** value → count, per facet; brand values are brand ids. */
  counts: Record<FacetName, Array<{ value: string; count: number }>>
  /** Cents, over the matches with every filter but the price range; null when nothing matches. */
  price: { min: number; max: number } | null
}

/**
 * The rows that fail at most one filter: the only ones any count needs (a facet leaves out one filter). Written as
 * "all but the first, or all but the second, …" so that the planner can combine the filters' indexes.
 */
function nearMisses(filters: SQL[]): SQL | undefined {
  if (filters.length === 0) return undefined
  if (filters.length === 1) return filters[0]
  return or(...filters.map((_, k) => and(...filters.filter((_, j) => j !== k))))
}

/**
 * `total` and the facet counts in one statement: the listings that match the words (and verified) and fail at most
 * one filter are read once, and each facet is counted over those that pass every filter except its own. Listings
 * without a brand, colour or material are counted under no value.
 *
 * With a single filter, that filter's own facet (or the price range) counts the listings of no filter at all:
 * `unfiltered`, the summary of the same words without filters (cached on its own), answers it instead.
 */
export async function searchSummary(db: DbOrTx, f: SearchFilters, unfiltered?: SearchSummary): Promise<SearchSummary> {
  const conditions = filterConditions(f)
  const given = Object.keys(conditions) as (FacetName | 'price')[]
  const lone = given.length === 1 && unfiltered ? given[0] : undefined
  const where = (leftOut?: FacetName | 'price') => {
    const kept = Object.entries(conditions).flatMap(([name, c]) => (name === leftOut || !c ? [] : [c]))
    return kept.length > 0 ? sql`where ${and(...kept)}` : sql``
  }
  const facet = (name: FacetName, column: AnyColumn) =>
    name === lone
      ? []
      : [
          sql`select ${name}::text as f, ${column}::text as v, count(*)::int as n, null::int as x from ${products} ${where(name)} group by 2`,
        ]
  const parts = [
    ...facet('category', products.category),
    ...facet('brand', products.brandId),
    ...facet('condition', products.condition),
    ...facet('colour', products.colour),
    ...facet('material', products.material),
    sql`select 'total', null, count(*)::int, null from ${products} ${where()}`,
    ...(lone === 'price'
      ? []
      : [
          sql`select 'price', null, min(${products.resellPriceCents})::int, max(${products.resellPriceCents})::int from ${products} ${where('price')}`,
        ]),
  ]
  const near = nearMisses(Object.values(conditions))
  // The matches are read once into a CTE named like the table, so that the filter conditions (which name the
  // table's columns) apply to it as they are; inside its own definition the name still means the table.
  const rows = await rowsOf<{ f: string; v: string | null; n: number | null; x: number | null }>(
    db,
    sql`
    with ${products} as materialized (
      select ${products.category}, ${products.brandId}, ${products.condition}, ${products.colour}, ${products.material}, ${products.resellPriceCents}
      from ${products}${f.verified ? sql` join ${users} on ${users.id} = ${products.sellerId}` : sql``}
      where ${and(...baseConditions(f), ...(near ? [near] : []))}
    )
    ${sql.join(parts, sql` union all `)}
  `,
  )
  const counts: SearchSummary['counts'] = { category: [], brand: [], condition: [], colour: [], material: [] }
  let total = 0
  let price: SearchSummary['price'] = null
  for (const row of rows) {
    if (row.f === 'total') total = row.n ?? 0
    else if (row.f === 'price') price = row.n === null || row.x === null ? null : { min: row.n, max: row.x }
    else if (row.v !== null) counts[row.f as FacetName].push({ value: row.v, count: row.n ?? 0 })
  }
  for (const list of Object.values(counts)) list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
  if (lone === 'price') price = unfiltered!.price
  else if (lone) counts[lone] = unfiltered!.counts[lone]
  return { total, counts, price }
}
