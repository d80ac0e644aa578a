import { CATEGORY_SLUGS, COLOURS, CONDITIONS, MATERIALS, type SearchSort } from '@preloved/shared/constants'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users } from '../../db/schema/index.ts'
import { type Changes, Refreshing } from './refreshing.ts'
import type { SearchCursor } from './search.cursor.ts'
import {
  FACET_NAMES,
  type FacetName,
  type SearchFilters,
  type SearchSummary,
  type WordMatches,
  wordMatches,
} from './search.repository.ts'

/** The code of a listing without a value for a facet (no brand, colour or material stated). */
const NONE = 0xffff

/** The values of each facet, by code: a listing stores the code (its index here) in that facet's column. */
interface Dictionary {
  category: readonly string[]
  brand: string[]
  condition: readonly string[]
  colour: readonly string[]
  material: readonly string[]
}

/**
 * The listings for sale as columns of small integers, one typed array per facet plus price and the seller's badge.
 * 100,000 listings take about 1.3 MB and count in a few milliseconds.
 */
export interface Columns {
  size: number
  /** Row i is the i-th newest listing (created_at desc, id desc): its id and created_at in microseconds. */
  ids: string[]
  micros: Float64Array
  facet: Record<FacetName, Uint16Array>
  cents: Int32Array
  verified: Uint8Array
  /** The rows by price, then id (price_asc; read backwards, price_desc), and each row's place in that order. */
  byPrice: Uint32Array
  priceRank: Uint32Array
  /** The row of each id. */
  rowOf: Map<string, number>
  dictionary: Dictionary
}

/** A facet filter as a table: allowed[code] is 1 when the value is asked for; null when the filter is not given. */
type Allowed = Uint8Array | null

/**
 * Search kept in memory (decision 018): every listing for sale, read once into typed columns, and every set of
 * words' matches (from the database's text indexes, once per set of words). Any combination of words, filters, sort
 * and page is then counted and chosen here in milliseconds, and the database reads only the rows of the page by id.
 * Both are `Refreshing`: read again at once after a change in this process, and in the background when old.
 */
export class SearchMemory {
  private readonly columns: Refreshing<Columns>
  private readonly words = new Map<string, Refreshing<WordMatches>>()
  private readonly selections = new WeakMap<Columns, Map<string, Selection>>()

  constructor(
    private readonly db: DbOrTx,
    private readonly changes: Changes,
    private readonly maxAgeMs: number,
  ) {
    this.columns = new Refreshing(() => readColumns(db), changes, maxAgeMs)
  }

  /** The columns to count and page a search in (`countColumns`, `pageOfColumns`). */
  snapshot(): Promise<Columns> {
    return this.columns.get()
  }

  /**
   * What a search's words and filters select in `columns`: the words' matches (by likeness only when full text finds
   * none of them with these filters), each listing's misses and the counts. Worked out once per snapshot and kept
   * (the last MAX_SELECTIONS asked for), so that another page, sort or page size of the same search, or the same
   * search again, counts nothing. A new snapshot, or new matches of the words, works it out afresh.
   */
  async selection(columns: Columns, filters: Omit<SearchFilters, 'fuzzy'>): Promise<Selection> {
    let kept = this.selections.get(columns)
    if (!kept) {
      kept = new Map()
      this.selections.set(columns, kept)
    }
    // the filters as searchFiltersOf normalises them (sorted, deduplicated, in one order of fields)
    const key = JSON.stringify(filters)
    const hit = kept.get(key)
    if (hit && (await this.stillMatches(columns, filters.words, hit))) {
      // the most recently used goes last: the oldest is the first to go
      kept.delete(key)
      kept.set(key, hit)
      return hit
    }
    const selection = await this.select(columns, filters)
    if (kept.size >= MAX_SELECTIONS) kept.delete(kept.keys().next().value!)
    kept.set(key, selection)
    return selection
  }

  /** Whether the words' matches that `kept` was worked out from are still the current ones. */
  private async stillMatches(columns: Columns, words: string[], kept: Selection): Promise<boolean> {
    if (words.length === 0) return true
    if ((await this.matches(columns, words, false)) !== kept.exact) return false
    return kept.subset === kept.exact || (await this.matches(columns, words, true)) === kept.subset
  }

  private async select(columns: Columns, filters: Omit<SearchFilters, 'fuzzy'>): Promise<Selection> {
    const f: SearchFilters = { ...filters, fuzzy: false }
    const exact = f.words.length > 0 ? await this.matches(columns, f.words, false) : undefined
    let subset = exact
    let misses = missesOver(columns, f, subset)
    let summary = countColumns(columns, misses, subset)
    if (f.words.length > 0 && summary.total === 0) {
      f.fuzzy = true
      subset = await this.matches(columns, f.words, true)
      misses = missesOver(columns, f, subset)
      summary = countColumns(columns, misses, subset)
    }
    return { exact, subset, misses, summary }
  }

  /** The listings that match these words (by likeness too when `fuzzy`), best first, as rows of `columns`. */
  async matches(columns: Columns, words: string[], fuzzy: boolean): Promise<Subset> {
    const key = `${fuzzy ? '~' : '='}${words.join(' ')}`
    let entry = this.words.get(key)
    if (!entry) {
      if (this.words.size >= MAX_WORD_SETS) this.words.delete(this.words.keys().next().value!)
      entry = new Refreshing(() => wordMatches(this.db, { words, fuzzy }), this.changes, this.maxAgeMs)
      this.words.set(key, entry)
    }
    return subsetOf(columns, await entry.get())
  }
}

/** Sets of words whose matches are kept (the oldest goes first). */
const MAX_WORD_SETS = 500

/**
 * Searches whose selection is kept per snapshot (the least recently used goes first): each holds a byte per listing,
 * so 256 of them take about 24 MB at 95,000 listings for sale.
 */
const MAX_SELECTIONS = 256

/** What a search's words and filters select in one snapshot (`SearchMemory.selection`); shared: never changed. */
export interface Selection {
  /** The words' full-text matches (undefined without words). */
  exact: Subset | undefined
  /** The matches the search uses: `exact`, or the matches by likeness when full text found none with the filters. */
  subset: Subset | undefined
  /** Each listing's misses (`missesOver`): 0 for a listing that passes every filter. */
  misses: Uint8Array
  summary: SearchSummary
}

/**
 * A set of words' matches as rows of one snapshot of the columns, best first, with their relevance; and, made when
 * first asked for, the same rows in newest and in price order.
 */
export interface Subset {
  rows: Uint32Array
  scores: Float32Array
  newest?: Uint32Array
  byPrice?: Uint32Array
}

const subsets = new WeakMap<WordMatches, { columns: Columns; subset: Subset }>()

/** The matches as rows of `columns` (a listing the columns do not hold is no longer for sale, or not yet seen). */
function subsetOf(columns: Columns, matches: WordMatches): Subset {
  const kept = subsets.get(matches)
  if (kept?.columns === columns) return kept.subset
  const rows: number[] = []
  const scores: number[] = []
  matches.ids.forEach((id, i) => {
    const row = columns.rowOf.get(id)
    if (row !== undefined) {
      rows.push(row)
      scores.push(matches.scores[i]!)
    }
  })
  const subset: Subset = { rows: Uint32Array.from(rows), scores: Float32Array.from(scores) }
  subsets.set(matches, { columns, subset })
  return subset
}

/** Fields of one listing in the text `readColumns` asks for, in this order. */
const FIELDS = [
  'id',
  'micros',
  'category',
  'brand',
  'condition',
  'colour',
  'material',
  'cents',
  'verified',
  'priceRank',
] as const

/**
 * Reads every listing for sale in one statement that answers one text: a listing per line, newest first, its fields
 * separated by tabs (none of them can hold one). Parsing that costs a fraction of what 100,000 row objects cost, and
 * the database ranks the prices. `micros` is `created_at` in microseconds since 1970, exact in a double.
 */
async function readColumns(db: DbOrTx): Promise<Columns> {
  const result = (await db.execute(sql`
    select coalesce(string_agg(line, E'\n' order by created_at desc, id desc), '') as text from (
      select ${products.createdAt} as created_at, ${products.id} as id, concat_ws(E'\t',
        ${products.id}, (extract(epoch from ${products.createdAt}) * 1000000)::bigint, ${products.category},
        coalesce(${products.brandId}::text, ''), ${products.condition}, coalesce(${products.colour}, ''),
        coalesce(${products.material}, ''), ${products.resellPriceCents}, case when ${users.verified} then 1 else 0 end,
        row_number() over (order by ${products.resellPriceCents}, ${products.id}) - 1) as line
      from ${products} join ${users} on ${users.id} = ${products.sellerId}
      where ${products.status} = 'available'
    ) listing
  `)) as unknown as { rows: Array<{ text: string }> }
  const text = result.rows[0]?.text ?? ''
  const lines = text === '' ? [] : text.split('\n')
  const dictionary: Dictionary = {
    category: CATEGORY_SLUGS,
    brand: [],
    condition: CONDITIONS,
    colour: COLOURS,
    material: MATERIALS,
  }
  const brandCode = new Map<string, number>()
  const codeOf = (name: FacetName, value: string): number => {
    if (value === '') return NONE
    if (name === 'brand') {
      let code = brandCode.get(value)
      if (code === undefined) {
        code = dictionary.brand.push(value) - 1
        brandCode.set(value, code)
      }
      return code
    }
    const code = dictionary[name].indexOf(value)
    return code === -1 ? NONE : code
  }
  const size = lines.length
  const facet = Object.fromEntries(FACET_NAMES.map((name) => [name, new Uint16Array(size)])) as Record<
    FacetName,
    Uint16Array
  >
  const ids: string[] = new Array(size)
  const micros = new Float64Array(size)
  const cents = new Int32Array(size)
  const verified = new Uint8Array(size)
  const byPrice = new Uint32Array(size)
  const priceRank = new Uint32Array(size)
  const rowOf = new Map<string, number>()
  const at = Object.fromEntries(FIELDS.map((field, i) => [field, i])) as Record<(typeof FIELDS)[number], number>
  lines.forEach((line, i) => {
    const field = line.split('\t')
    ids[i] = field[at.id]!
    micros[i] = Number(field[at.micros])
    for (const name of FACET_NAMES) facet[name][i] = codeOf(name, field[at[name]]!)
    cents[i] = Number(field[at.cents])
    verified[i] = field[at.verified] === '1' ? 1 : 0
    const rank = Number(field[at.priceRank])
    byPrice[rank] = i
    priceRank[i] = rank
    rowOf.set(ids[i], i)
  })
  return { size, ids, micros, facet, cents, verified, byPrice, priceRank, rowOf, dictionary }
}

/** The codes a filter asks for, as a lookup table over every code of that facet. */
function allowedCodes(values: readonly string[], dictionary: readonly string[]): Allowed {
  if (values.length === 0) return null
  const allowed = new Uint8Array(NONE + 1)
  for (const value of values) {
    const code = dictionary.indexOf(value)
    if (code !== -1) allowed[code] = 1
  }
  return allowed
}

/** Bit k of a listing's misses: it fails filter k (the five facets in FACET_NAMES order, then the price range). */
const PRICE_BIT = 1 << FACET_NAMES.length
/** The misses of a listing that counts nowhere: not verified when `verified` is asked for, or not in the subset. */
const LEFT_OUT = 1 << 7

/**
 * Which filters of `f` each listing fails, as bits (PRICE_BIT, the facets' `1 << k`, LEFT_OUT), by row of `columns`:
 * 0 passes every filter. Worked out one filter at a time over a typed column (a tight loop per filter, not a call per
 * listing). With `subset`, only its rows are worked out; every other row is LEFT_OUT.
 */
export function missesOver(columns: Columns, f: SearchFilters, subset?: Subset): Uint8Array {
  const { size, facet, cents, verified, dictionary } = columns
  const misses = new Uint8Array(size)
  const rows = subset?.rows
  if (rows) {
    misses.fill(LEFT_OUT)
    for (const i of rows) misses[i] = 0
  }
  // each filter is a loop of its own over the rows (all of them, or the subset's), with no call per row
  const n = rows ? rows.length : size
  FACET_NAMES.forEach((name, k) => {
    const table = allowedCodes(f[name], dictionary[name])
    if (!table) return
    // a listing without a value (NONE) reads undefined from the table: it fails the filter
    const column = facet[name]
    const bit = 1 << k
    if (rows) {
      for (let p = 0; p < n; p++) {
        const i = rows[p]!
        if (table[column[i]!] !== 1) misses[i]! |= bit
      }
    } else {
      for (let i = 0; i < n; i++) if (table[column[i]!] !== 1) misses[i]! |= bit
    }
  })
  if (f.minCents !== undefined || f.maxCents !== undefined) {
    const min = f.minCents ?? Number.NEGATIVE_INFINITY
    const max = f.maxCents ?? Number.POSITIVE_INFINITY
    for (let p = 0; p < n; p++) {
      const i = rows ? rows[p]! : p
      const price = cents[i]!
      if (price < min || price > max) misses[i]! |= PRICE_BIT
    }
  }
  if (f.verified) {
    for (let p = 0; p < n; p++) {
      const i = rows ? rows[p]! : p
      if (verified[i] === 0) misses[i]! |= LEFT_OUT
    }
  }
  return misses
}

/**
 * One pass over the listings' misses (`missesOver`). A listing that fails no filter counts in `total` and in every
 * facet; one that fails exactly one filter counts only in that filter's own facet (or, for the price range, only in
 * the range): the same rule as the database summary's "near misses".
 */
export function countColumns(columns: Columns, misses: Uint8Array, subset?: Subset): SearchSummary {
  const { facet, cents, dictionary } = columns
  const size = subset ? subset.rows.length : columns.size
  const rows = subset?.rows
  const counts = FACET_NAMES.map((name) => new Uint32Array(dictionary[name].length))
  const all = FACET_NAMES.map((name) => facet[name])
  let total = 0
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (let n = 0; n < size; n++) {
    const i = rows ? rows[n]! : n
    const m = misses[i]!
    // two misses or more, or left out: counts nowhere
    if ((m & (m - 1)) !== 0 || m === LEFT_OUT) continue
    if (m === 0) total++
    if (m === 0 || m === PRICE_BIT) {
      const price = cents[i]!
      if (price < low) low = price
      if (price > high) high = price
    }
    for (let k = 0; k < all.length; k++) {
      if (m !== 0 && m !== 1 << k) continue
      const code = all[k]![i]!
      if (code !== NONE) counts[k]![code]!++
    }
  }
  const summary: SearchSummary = {
    total,
    counts: { category: [], brand: [], condition: [], colour: [], material: [] },
    price: low === Number.POSITIVE_INFINITY ? null : { min: low, max: high },
  }
  FACET_NAMES.forEach((name, k) => {
    const list = summary.counts[name]
    counts[k]!.forEach((count, code) => {
      if (count > 0) list.push({ value: dictionary[name][code]!, count })
    })
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
  })
  return summary
}

/** Microseconds since 1970 as PostgreSQL prints a timestamptz in UTC ("2026-11-25 14:55:17.123456+00"). */
export function formatMicros(micros: number): string {
  const ms = Math.floor(micros / 1000)
  const iso = new Date(ms).toISOString() // 2026-11-25T14:55:17.123Z
  const fraction = String(micros - Math.floor(micros / 1e6) * 1e6).padStart(6, '0')
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${fraction}+00`
}

/** The microseconds of a timestamp as PostgreSQL prints one (any offset, 0–6 decimals); NaN if it is not one. */
export function parseMicros(text: string): number {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?([+-]\d\d)(?::(\d\d))?$/.exec(text)
  if (!m) return Number.NaN
  const seconds = Date.parse(`${m[1]}T${m[2]}${m[4]}:${m[5] ?? '00'}`) / 1000
  return seconds * 1e6 + Number((m[3] ?? '').padEnd(6, '0'))
}

/** A page of a search without words: the rows in the sort's order, after the cursor. */
export interface ColumnsPage {
  ids: string[]
  /** The cursor key of each row (as the database path prints it), for the next page's cursor. */
  keys: string[]
}

/** The rows of a search in its sort's order: `rowAt(p)` is the p-th; `scoreAt(p)` its relevance (with words). */
interface Order {
  length: number
  rowAt: (p: number) => number
  scoreAt: (p: number) => number
}

/** The rows of `subset` (or of every listing) in the sort's order; the orders of a subset are made once. */
function orderOf(columns: Columns, sort: SearchSort, subset: Subset | undefined): Order {
  const noScore = () => 0
  if (!subset) {
    const { size, byPrice } = columns
    if (sort === 'price_asc') return { length: size, rowAt: (p) => byPrice[p]!, scoreAt: noScore }
    if (sort === 'price_desc') return { length: size, rowAt: (p) => byPrice[size - 1 - p]!, scoreAt: noScore }
    // the rows are in newest order (and relevance reads as newest without words)
    return { length: size, rowAt: (p) => p, scoreAt: noScore }
  }
  const length = subset.rows.length
  if (sort === 'relevance') return { length, rowAt: (p) => subset.rows[p]!, scoreAt: (p) => subset.scores[p]! }
  if (sort === 'newest') {
    // row numbers are newest first
    subset.newest ??= subset.rows.slice().sort()
    const newest = subset.newest
    return { length, rowAt: (p) => newest[p]!, scoreAt: noScore }
  }
  if (!subset.byPrice) {
    const { priceRank } = columns
    subset.byPrice = subset.rows.slice().sort((a, b) => priceRank[a]! - priceRank[b]!)
  }
  const byPrice = subset.byPrice
  return sort === 'price_asc'
    ? { length, rowAt: (p) => byPrice[p]!, scoreAt: noScore }
    : { length, rowAt: (p) => byPrice[length - 1 - p]!, scoreAt: noScore }
}

/**
 * Up to `take` matches (rows whose `misses` are 0) after `cursor`, in the sort's order: the listings (or a set of
 * words' matches) are kept in each sort's order, so a page walks that order from the cursor's place (found by
 * bisection) until it has enough.
 * Each key is what the database path printed for a cursor: the relevance as a `real`, cents, or a timestamp.
 */
export function pageOfColumns(
  columns: Columns,
  misses: Uint8Array,
  sort: SearchSort,
  cursor: SearchCursor | undefined,
  take: number,
  subset?: Subset,
): ColumnsPage {
  const { ids, micros, cents } = columns
  const order = orderOf(columns, sort, subset)
  const keyOf = (p: number, r: number) =>
    sort === 'relevance' ? String(order.scoreAt(p)) : sort === 'newest' ? formatMicros(micros[r]!) : String(cents[r])
  let start = 0
  if (cursor) {
    const after = afterCursor(columns, order, sort, cursor)
    // `after` is false then true along the order: the first position where it holds
    let low = 0
    let high = order.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (after(mid)) high = mid
      else low = mid + 1
    }
    start = low
  }
  const page: ColumnsPage = { ids: [], keys: [] }
  for (let p = start; p < order.length && page.ids.length < take; p++) {
    const r = order.rowAt(p)
    if (misses[r] !== 0) continue
    page.ids.push(ids[r]!)
    page.keys.push(keyOf(p, r))
  }
  return page
}

/** Whether the p-th row of the order comes after the cursor (ties broken by id in the sort's direction). */
function afterCursor(columns: Columns, order: Order, sort: SearchSort, cursor: SearchCursor): (p: number) => boolean {
  const { ids, micros, cents } = columns
  const id = cursor.id.toLowerCase()
  const { rowAt } = order
  switch (sort) {
    case 'price_asc': {
      const key = Number(cursor.key)
      return (p) => {
        const r = rowAt(p)
        return cents[r]! > key || (cents[r] === key && ids[r]! > id)
      }
    }
    case 'price_desc': {
      const key = Number(cursor.key)
      return (p) => {
        const r = rowAt(p)
        return cents[r]! < key || (cents[r] === key && ids[r]! < id)
      }
    }
    case 'relevance': {
      // a `real`, compared as one
      const key = Math.fround(Number(cursor.key))
      return (p) => {
        const score = order.scoreAt(p)
        return score < key || (score === key && ids[rowAt(p)]! < id)
      }
    }
    case 'newest': {
      const key = parseMicros(cursor.key)
      return (p) => {
        const r = rowAt(p)
        return micros[r]! < key || (micros[r] === key && ids[r]! < id)
      }
    }
  }
}
