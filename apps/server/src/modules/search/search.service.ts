import { SEARCH_DEFAULT_LIMIT, type SearchSort } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { SearchQuery, SearchResult } from '@preloved/shared/search'
import type { DbOrTx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { MicroCache } from '../../lib/micro-cache.ts'
import { centsToDollars } from '../../lib/money.ts'
import { toProductJson } from '../products/products.repository.ts'
import type { BrandIndex } from './brand-index.ts'
import { countColumns, type ListingColumns, pageOfColumns } from './listing-columns.ts'
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search.cursor.ts'
import {
  FACET_NAMES,
  type SearchFilters,
  type SearchRow,
  type SearchSummary,
  searchPage,
  searchRowsByIds,
  searchSummary,
} from './search.repository.ts'

/** More words than this in `q` are ignored (each word is one more condition). */
export const SEARCH_MAX_WORDS = 8

/** What a search of one set of words and filters counts, whatever its sort and page (cached: decision 018). */
export interface CachedSummary {
  fuzzy: boolean
  summary: SearchSummary
}

export interface SearchDeps {
  db: DbOrTx
  now: Date
  brands: BrandIndex
  /** The listings for sale in memory: the counts of searches without words. */
  columns: ListingColumns
  /** The summaries by normalized search; emptied by `listingsChanged()`. */
  summaries: MicroCache<CachedSummary>
  /** Summaries being read from the database, by the same key: concurrent misses share one query. */
  building: Map<string, Promise<CachedSummary>>
  cursorKey: Buffer
}

/**
 * The words of `q`: letters and digits only, lower-case. Quotes, operators, `%`, `_`, backslashes, emoji and lone
 * surrogates (none of them a letter or digit to the `u` regex) separate words and never reach a query as syntax.
 */
export function queryWords(q: string | undefined): string[] {
  if (!q) return []
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS)
}

const uniqueSorted = <T extends string>(values: readonly T[] | undefined): T[] => [...new Set(values ?? [])].sort()

/** GET /api/search: the page, `total`, the facets, and the next page's cursor when there is one. */
export async function search(
  deps: SearchDeps,
  query: SearchQuery,
): Promise<{ result: SearchResult; nextCursor: string | undefined }> {
  const words = queryWords(query.q)
  const brandSlugs = uniqueSorted(query.brand)
  const found = await deps.brands.bySlugs(brandSlugs)
  if ('unknown' in found) throw new AppError(400, messages.search.unknownBrand)
  // without words there is nothing to rank by: relevance reads as newest
  const asked: SearchSort = query.sort ?? (words.length > 0 ? 'relevance' : 'newest')
  const sort: SearchSort = asked === 'relevance' && words.length === 0 ? 'newest' : asked
  const cursor = query.cursor === undefined ? undefined : decodeSearchCursor(deps.cursorKey, query.cursor, sort)
  const filters: Omit<SearchFilters, 'fuzzy'> = {
    words,
    category: uniqueSorted(query.category),
    brand: found.entries.map((b) => b.id).sort(),
    condition: uniqueSorted(query.condition),
    colour: uniqueSorted(query.colour),
    material: uniqueSorted(query.material),
    // a bound between two cents (10.005) keeps the prices inside it; the small slack absorbs binary fractions
    minCents: query.minPrice === undefined ? undefined : Math.ceil(query.minPrice * 100 - 1e-6),
    maxCents: query.maxPrice === undefined ? undefined : Math.floor(query.maxPrice * 100 + 1e-6),
    verified: query.verified === 'true',
  }
  const limit = query.limit ?? SEARCH_DEFAULT_LIMIT
  const { summary, rows, next } =
    words.length === 0
      ? await searchInColumns(deps, { ...filters, fuzzy: false }, sort, cursor, limit)
      : await searchInDatabase(deps, filters, sort, cursor, limit)
  const names = await deps.brands.byIds(summary.counts.brand.map((b) => b.value))
  const result: SearchResult = {
    // public answers, the same for everyone: never with contact details (decision 013)
    items: rows.map((row) => toProductJson(row, false)),
    total: summary.total,
    facets: {
      category: summary.counts.category,
      brand: summary.counts.brand
        .flatMap(({ value, count }) => {
          const brand = names.get(value)
          return brand ? [{ value: brand.slug, label: brand.name, count }] : []
        })
        // by count, then by slug (the database sorted ids)
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      condition: summary.counts.condition,
      colour: summary.counts.colour,
      material: summary.counts.material,
      price: summary.price
        ? { min: centsToDollars(summary.price.min), max: centsToDollars(summary.price.max) }
        : { min: 0, max: 0 },
    },
  }
  const nextCursor = next ? encodeSearchCursor(deps.cursorKey, { sort, ...next }) : undefined
  return { result, nextCursor }
}

/** A search's summary, the rows of its page, and where the next page starts (when there is one). */
interface Found {
  summary: SearchSummary
  rows: SearchRow[]
  next: { key: string; id: string } | undefined
}

/**
 * Without words, everything but the listings' own columns comes from memory (ListingColumns): the counts, and which
 * listings make the page; the database reads those few rows by id. A listing sold on another instance since the
 * columns were read is left out of the page (it is no longer for sale).
 */
async function searchInColumns(
  deps: SearchDeps,
  f: SearchFilters,
  sort: SearchSort,
  cursor: SearchCursor | undefined,
  limit: number,
): Promise<Found> {
  const columns = await deps.columns.snapshot()
  const summary = countColumns(columns, f)
  const page = pageOfColumns(columns, f, sort, cursor, limit + 1)
  const shown = page.ids.slice(0, limit)
  const rows = await searchRowsByIds(deps.db, shown, deps.now)
  const more = page.ids.length > limit && shown.length > 0
  return {
    summary,
    rows,
    next: more ? { key: page.keys[limit - 1]!, id: shown[limit - 1]! } : undefined,
  }
}

/** With words, the database matches them (its text and trigram indexes): the summary (cached), then the page. */
async function searchInDatabase(
  deps: SearchDeps,
  filters: Omit<SearchFilters, 'fuzzy'>,
  sort: SearchSort,
  cursor: SearchCursor | undefined,
  limit: number,
): Promise<Found> {
  const { fuzzy, summary } = await summaryOf(deps, filters)
  const { rows, hasMore } = await searchPage(
    deps.db,
    { ...filters, fuzzy },
    { sort, limit, cursor, total: summary.total },
    deps.now,
  )
  const last = rows.at(-1)
  return { summary, rows, next: hasMore && last ? { key: last.sortKey, id: last.id } : undefined }
}

/**
 * The cached summary of a search with words, or one read now. Words are matched by full text; only when that finds
 * nothing (with these filters) are they matched by likeness too. A search with one filter starts from the summary of its
 * words alone (cached on its own).
 */
async function summaryOf(deps: SearchDeps, filters: Omit<SearchFilters, 'fuzzy'>): Promise<CachedSummary> {
  const key = JSON.stringify([
    filters.words,
    ...FACET_NAMES.map((name) => filters[name]),
    filters.minCents,
    filters.maxCents,
    filters.verified,
  ])
  const hit = deps.summaries.get(key)
  if (hit) return hit
  let pending = deps.building.get(key)
  if (!pending) {
    const version = deps.summaries.version
    pending = (async () => {
      const given =
        FACET_NAMES.filter((name) => filters[name].length > 0).length +
        (filters.minCents !== undefined || filters.maxCents !== undefined ? 1 : 0)
      const unfiltered =
        given === 1
          ? await summaryOf(deps, {
              ...filters,
              category: [],
              brand: [],
              condition: [],
              colour: [],
              material: [],
              minCents: undefined,
              maxCents: undefined,
            })
          : undefined
      let fuzzy = false
      let summary = await searchSummary(
        deps.db,
        { ...filters, fuzzy },
        unfiltered?.fuzzy ? undefined : unfiltered?.summary,
      )
      if (filters.words.length > 0 && summary.total === 0) {
        fuzzy = true
        summary = await searchSummary(
          deps.db,
          { ...filters, fuzzy },
          unfiltered?.fuzzy ? unfiltered.summary : undefined,
        )
      }
      const built = { fuzzy, summary }
      deps.summaries.set(key, built, version)
      return built
    })().finally(() => deps.building.delete(key))
    deps.building.set(key, pending)
  }
  return pending
}
