import { SEARCH_DEFAULT_LIMIT, type SearchSort } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { SearchQuery, SearchResult } from '@preloved/shared/search'
import type { DbOrTx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { centsToDollars } from '../../lib/money.ts'
import type { BrandIndex } from '../brands/brand-index.ts'
import { toProductJson } from '../products/products.repository.ts'
import { pageOfColumns } from './column-pages.ts'
import type { SearchMemory } from './listing-columns.ts'
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search.cursor.ts'
import { type SearchFilters, searchRowsByIds } from './search.repository.ts'

/** More words than this in `q` are ignored (each word is one more condition). */
export const SEARCH_MAX_WORDS = 8

export interface SearchDeps {
  db: DbOrTx
  now: Date
  brands: BrandIndex
  /** The listings for sale and the words' matches, in memory. */
  memory: SearchMemory
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

/**
 * A query's filters as search applies them: words, brand slugs as ids (an unknown one: 400 naming `brand`), prices in
 * cents. Saved searches match new listings through this too, so a saved query means what /search shows.
 */
export async function searchFiltersOf(brands: BrandIndex, query: SearchQuery): Promise<Omit<SearchFilters, 'fuzzy'>> {
  const found = await brands.bySlugs(uniqueSorted(query.brand))
  if ('unknown' in found) throw new AppError(400, messages.search.unknownBrand, { field: 'brand' })
  return {
    words: queryWords(query.q),
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
}

/** GET /api/search: the page, `total`, the facets, and the next page's cursor when there is one. */
export async function search(
  deps: SearchDeps,
  query: SearchQuery,
): Promise<{ result: SearchResult; nextCursor: string | undefined }> {
  const filters = await searchFiltersOf(deps.brands, query)
  const { words } = filters
  // without words there is nothing to rank by: relevance reads as newest
  const asked: SearchSort = query.sort ?? (words.length > 0 ? 'relevance' : 'newest')
  const sort: SearchSort = asked === 'relevance' && words.length === 0 ? 'newest' : asked
  const cursor = query.cursor === undefined ? undefined : decodeSearchCursor(deps.cursorKey, query.cursor, sort)
  const limit = query.limit ?? SEARCH_DEFAULT_LIMIT
  const { summary, rows, next } = await searchInMemory(deps, filters, sort, cursor, limit)
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

/**
 * Everything but the page's rows comes from memory (SearchMemory): which listings match the words (kept per set of
 * words), the counts, and which listings make the page; the database then reads those few rows by id. Words are
 * matched by full text; only when that finds nothing (with these filters) are they matched by likeness too. A listing
 * sold on another instance since the columns were read is left out of the page (it is no longer for sale).
 */
async function searchInMemory(
  deps: SearchDeps,
  filters: Omit<SearchFilters, 'fuzzy'>,
  sort: SearchSort,
  cursor: SearchCursor | undefined,
  limit: number,
) {
  const columns = await deps.memory.snapshot()
  const { subset, matches, summary } = await deps.memory.selection(columns, filters)
  const page = pageOfColumns(columns, matches, sort, cursor, limit + 1, subset)
  const shown = page.ids.slice(0, limit)
  const rows = await searchRowsByIds(deps.db, shown, deps.now)
  const more = page.ids.length > limit
  return { summary, rows, next: more ? { key: page.keys[limit - 1]!, id: shown[limit - 1]! } : undefined }
}
