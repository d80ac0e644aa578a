import { CATEGORY_SLUGS, COLOURS, CONDITIONS, MATERIALS } from '@preloved/shared/constants'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users } from '../../db/schema/index.ts'
import type { MicroCache } from '../../lib/micro-cache.ts'
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
interface Columns {
  size: number
  facet: Record<FacetName, Uint16Array>
  cents: Int32Array
  verified: Uint8Array
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

  /** `total`, the facet counts (each without its own filter) and the price range (without the price filter). */
  async summary(f: SearchFilters): Promise<SearchSummary> {
    return countColumns(await this.current(), f)
  }
}

async function readColumns(db: DbOrTx): Promise<Columns> {
  const rows = await db
    .select({
      category: products.category,
      brand: products.brandId,
      condition: products.condition,
      colour: products.colour,
      material: products.material,
      cents: products.resellPriceCents,
      verified: users.verified,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.status, 'available'))
  const dictionary: Dictionary = {
    category: CATEGORY_SLUGS,
    brand: [],
    condition: CONDITIONS,
    colour: COLOURS,
    material: MATERIALS,
  }
  const brandCode = new Map<string, number>()
  const codeOf = (name: FacetName, value: string | null): number => {
    if (value === null) return NONE
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
  const size = rows.length
  const facet = Object.fromEntries(FACET_NAMES.map((name) => [name, new Uint16Array(size)])) as Record<
    FacetName,
    Uint16Array
  >
  const cents = new Int32Array(size)
  const verified = new Uint8Array(size)
  rows.forEach((row, i) => {
    for (const name of FACET_NAMES) facet[name][i] = codeOf(name, row[name])
    cents[i] = row.cents
    verified[i] = row.verified ? 1 : 0
  })
  return { size, facet, cents, verified, dictionary }
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
 * One pass over the columns. A listing that fails no filter counts in `total` and in every facet; one that fails
 * exactly one filter counts only in that filter's own facet (or, for the price range, only in the range): the same
 * rule as the database summary's "near misses".
 */
export function countColumns(columns: Columns, f: SearchFilters): SearchSummary {
  const { size, facet, cents, verified, dictionary } = columns
  const allowed = FACET_NAMES.map((name) => allowedCodes(f[name], dictionary[name]))
  const counts = FACET_NAMES.map((name) => new Uint32Array(dictionary[name].length))
  // the facets that filter, as [column, table] pairs, and every facet's column, in FACET_NAMES order
  const filtering = FACET_NAMES.flatMap((name, k) => {
    const table = allowed[k]
    return table ? [{ bit: 1 << k, column: facet[name], table }] : []
  })
  const all = FACET_NAMES.map((name) => facet[name])
  const min = f.minCents ?? Number.NEGATIVE_INFINITY
  const max = f.maxCents ?? Number.POSITIVE_INFINITY
  let total = 0
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (let i = 0; i < size; i++) {
    if (f.verified && verified[i] === 0) continue
    let misses = 0
    for (const { bit, column, table } of filtering) {
      if (table[column[i]!] !== 1) {
        misses |= bit
        // two misses: this listing counts nowhere
        if ((misses & (misses - 1)) !== 0) break
      }
    }
    if ((misses & (misses - 1)) !== 0) continue
    const price = cents[i]!
    if (price < min || price > max) {
      if (misses !== 0) continue
      misses = PRICE_BIT
    }
    if (misses === 0) total++
    if (misses === 0 || misses === PRICE_BIT) {
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
