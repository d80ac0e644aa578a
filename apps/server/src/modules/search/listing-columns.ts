import { CATEGORY_SLUGS, COLOURS, CONDITIONS, MATERIALS, type SearchSort } from '@preloved/shared/constants'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users } from '../../db/schema/index.ts'
import type { MicroCache } from '../../lib/micro-cache.ts'
import type { SearchCursor } from './search.cursor.ts'
import { FACET_NAMES, type FacetName, type SearchFilters, type SearchSummary } from './search.repository.ts'

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
  /** The rows by price, then id (price_asc; read backwards, price_desc). */
  byPrice: Uint32Array
  dictionary: Dictionary
}

/** A facet filter as a table: allowed[code] is 1 when the value is asked for; null when the filter is not given. */
type Allowed = Uint8Array | null

/**
 * Search's counts for searches without words, kept in memory (decision 018, "facets without a full scan"): every
 * listing for sale, read once into typed columns, and counted here for any combination of filters, so that the
 * database reads only the page of items. Words still count in the database (their matches come from its text index).
 *
 * Kept right by the search cache's generation: `listingsChanged()` empties that cache (a listing added, edited, sold
 * or removed, a seller verified), and the next search reads the columns again before it counts. Changes made by
 * other instances arrive by age: after `maxAgeMs` the columns are read again in the background while searches go on
 * counting the old ones (as the summary cache lets counts be up to that old). `maxAgeMs` 0 reads them for every search.
 */
export class ListingColumns {
  private columns: Columns | undefined
  /** The generation of the search cache the columns were read at, and when. */
  private readAt = { generation: -1, time: Number.NEGATIVE_INFINITY }
  private reading: Promise<Columns> | undefined

  constructor(
    private readonly db: DbOrTx,
    private readonly changes: Pick<MicroCache<unknown>, 'version'>,
    private readonly maxAgeMs: number,
  ) {}

  /** The columns as of the last change in this process, read again first when a change came since. */
  private async current(): Promise<Columns> {
    const generation = this.changes.version
    if (this.columns && this.readAt.generation === generation && this.maxAgeMs > 0) {
      // old but not outdated by anything this process did: count them, and read new ones for the next searches
      if (Date.now() - this.readAt.time > this.maxAgeMs) void this.read().catch(() => undefined)
      return this.columns
    }
    // a read that began before the latest change may have missed it: wait for it, then read again if so
    let columns = await this.read()
    if (this.readAt.generation !== generation || this.maxAgeMs === 0) columns = await this.read(true)
    return columns
  }

  /** Reads the listings for sale; concurrent callers share one read (a fresh one with `again`). */
  private read(again = false): Promise<Columns> {
    if (this.reading && !again) return this.reading
    const generation = this.changes.version
    const time = Date.now()
    const reading = readColumns(this.db).then((columns) => {
      // a slower, older read must not replace a newer one
      if (generation >= this.readAt.generation) {
        this.columns = columns
        this.readAt = { generation, time }
      }
      return columns
    })
    const done = () => {
      if (this.reading === reading) this.reading = undefined
    }
    reading.then(done, done)
    this.reading = reading
    return reading
  }

  /** The columns to count and page a search in (`countColumns`, `pageOfColumns`). */
  snapshot(): Promise<Columns> {
    return this.current()
  }
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
  const at = Object.fromEntries(FIELDS.map((field, i) => [field, i])) as Record<(typeof FIELDS)[number], number>
  lines.forEach((line, i) => {
    const field = line.split('\t')
    ids[i] = field[at.id]!
    micros[i] = Number(field[at.micros])
    for (const name of FACET_NAMES) facet[name][i] = codeOf(name, field[at[name]]!)
    cents[i] = Number(field[at.cents])
    verified[i] = field[at.verified] === '1' ? 1 : 0
    byPrice[Number(field[at.priceRank])] = i
  })
  return { size, ids, micros, facet, cents, verified, byPrice, dictionary }
}

/** The codes a filter asks for, as a lookup table over every code of that facet. */
function allowedCodes(values: readonly string[], dictionary: readonly string[]): Allowed {
  if (values.length === 0) return null
  const allowed = new Uint8Array(dictionary.length + 1)
  for (const value of values) {
    const code = dictionary.indexOf(value)
    if (code !== -1) allowed[code] = 1
  }
  return allowed
}

/** Bit k of a listing's misses: it fails filter k (the five facets in FACET_NAMES order, then the price range). */
const PRICE_BIT = 1 << FACET_NAMES.length

/**
 * The filters of `f` over `columns`: `misses(i)` is 0 when listing i passes every filter, the one filter's bit when
 * it fails exactly one, and -1 when it fails two or more or is left out altogether (`verified`).
 */
function filtersOver(columns: Columns, f: SearchFilters): (i: number) => number {
  const { facet, cents, verified, dictionary } = columns
  const filtering = FACET_NAMES.flatMap((name, k) => {
    const table = allowedCodes(f[name], dictionary[name])
    return table ? [{ bit: 1 << k, column: facet[name], table }] : []
  })
  const min = f.minCents ?? Number.NEGATIVE_INFINITY
  const max = f.maxCents ?? Number.POSITIVE_INFINITY
  return (i) => {
    if (f.verified && verified[i] === 0) return -1
    let misses = 0
    for (const { bit, column, table } of filtering) {
      if (table[column[i]!] !== 1) {
        // a second miss: this listing counts nowhere
        if (misses !== 0) return -1
        misses = bit
      }
    }
    const price = cents[i]!
    if (price < min || price > max) return misses === 0 ? PRICE_BIT : -1
    return misses
  }
}

/**
 * One pass over the columns. A listing that fails no filter counts in `total` and in every facet; one that fails
 * exactly one filter counts only in that filter's own facet (or, for the price range, only in the range): the same
 * rule as the database summary's "near misses".
 */
export function countColumns(columns: Columns, f: SearchFilters): SearchSummary {
  const { size, facet, cents, dictionary } = columns
  const missesOf = filtersOver(columns, f)
  const counts = FACET_NAMES.map((name) => new Uint32Array(dictionary[name].length))
  const all = FACET_NAMES.map((name) => facet[name])
  let total = 0
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (let i = 0; i < size; i++) {
    const misses = missesOf(i)
    if (misses === -1) continue
    if (misses === 0) total++
    if (misses === 0 || misses === PRICE_BIT) {
      const price = cents[i]!
      if (price < low) low = price
      if (price > high) high = price
    }
    for (let k = 0; k < all.length; k++) {
      if (misses !== 0 && misses !== 1 << k) continue
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

/**
 * Up to `take` matches after `cursor`, in the sort's order (relevance reads as newest without words): the columns
 * are kept in newest order and by price, so a page walks them from the cursor's place (found by bisection) and stops
 * when it has enough.
 */
export function pageOfColumns(
  columns: Columns,
  f: SearchFilters,
  sort: SearchSort,
  cursor: SearchCursor | undefined,
  take: number,
): ColumnsPage {
  const { size, ids, micros, cents, byPrice } = columns
  const rowAt =
    sort === 'price_asc'
      ? (p: number) => byPrice[p]!
      : sort === 'price_desc'
        ? (p: number) => byPrice[size - 1 - p]!
        : (p: number) => p
  const keyOf = (r: number) =>
    sort === 'price_asc' || sort === 'price_desc' ? String(cents[r]) : formatMicros(micros[r]!)
  let start = 0
  if (cursor) {
    const after = afterCursor(columns, sort, cursor)
    // `after` is false then true along the order: the first position where it holds
    let low = 0
    let high = size
    while (low < high) {
      const mid = (low + high) >>> 1
      if (after(rowAt(mid))) high = mid
      else low = mid + 1
    }
    start = low
  }
  const missesOf = filtersOver(columns, f)
  const page: ColumnsPage = { ids: [], keys: [] }
  for (let p = start; p < size && page.ids.length < take; p++) {
    const r = rowAt(p)
    if (missesOf(r) !== 0) continue
    page.ids.push(ids[r]!)
    page.keys.push(keyOf(r))
  }
  return page
}

/** Whether row r comes after the cursor in the sort's order (ties broken by id in the sort's direction). */
function afterCursor(columns: Columns, sort: SearchSort, cursor: SearchCursor): (r: number) => boolean {
  const { ids, micros, cents } = columns
  const id = cursor.id.toLowerCase()
  if (sort === 'price_asc' || sort === 'price_desc') {
    const key = Number(cursor.key)
    return sort === 'price_asc'
      ? (r) => cents[r]! > key || (cents[r] === key && ids[r]! > id)
      : (r) => cents[r]! < key || (cents[r] === key && ids[r]! < id)
  }
  const key = parseMicros(cursor.key)
  return (r) => micros[r]! < key || (micros[r] === key && ids[r]! < id)
}
