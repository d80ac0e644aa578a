import {
  andInto,
  type Bits,
  countBits,
  countBoth,
  emptyBits,
  fullBits,
  hasBit,
  orInto,
  rowsOf,
  setBit,
} from './bitset.ts'
import { type Columns, NONE, type Subset } from './columns.ts'
import { FACET_NAMES, type SearchFilters, type SearchSummary } from './search.repository.ts'

/** What a search's words and filters select in one snapshot of the columns. */
export interface Selected {
  /** The rows that pass every filter (and are among the words' matches, with words). */
  matches: Bits
  summary: SearchSummary
}

/**
 * Which listings a search selects, and its counts, as sets of rows (bitset.ts). A listing that passes every filter
 * counts in `total` and in every facet; one that fails only one filter counts in that filter's own facet (or, for
 * the price range, only in the range): the same rule as the database summary's "near misses". So facet k is counted
 * over the rows that pass every filter but k's own, and the price range over those that pass every filter but the
 * price. The listings a search can never show (not among the words' matches, or not verified when `verified` is
 * asked for) count nowhere.
 */
export function selectColumns(columns: Columns, f: SearchFilters, subset?: Subset): Selected {
  const { size } = columns
  // the rows that may count at all
  let base: Bits | undefined
  if (subset) {
    base = emptyBits(size)
    for (const row of subset.rows) setBit(base, row)
  }
  if (f.verified) base = base ? andInto(base, columns.verifiedRows) : columns.verifiedRows.slice()
  // each filter's rows (undefined when the filter is not given): the five facets, then the price range
  const passes: Array<Bits | undefined> = FACET_NAMES.map((name) => facetRows(columns, name, f[name]))
  passes.push(priceRows(columns, f.minCents, f.maxCents))
  /** The rows that pass every filter but the `skip`-th (none skipped: -1). */
  const passingBut = (skip: number): Bits => {
    const rows = base ? base.slice() : fullBits(size)
    passes.forEach((pass, k) => {
      if (pass && k !== skip) andInto(rows, pass)
    })
    return rows
  }
  const matches = passingBut(-1)
  const total = countBits(matches)
  const summary: SearchSummary = {
    total,
    counts: { category: [], brand: [], condition: [], colour: [], material: [] },
    price: null,
  }
  let matchRows: Uint32Array | undefined
  FACET_NAMES.forEach((name, k) => {
    const own = passes[k] !== undefined
    const rows = own ? passingBut(k) : matches
    const count = own ? countBits(rows) : total
    if (!own && !matchRows) matchRows = rowsOf(matches, total)
    const listed = own ? undefined : matchRows
    summary.counts[name] = facetCounts(columns, name, rows, count, listed)
  })
  const priced = passes[FACET_NAMES.length] ? passingBut(FACET_NAMES.length) : matches
  summary.price = priceRange(columns, priced, priced === matches ? total : countBits(priced))
  return { matches, summary }
}

/** The rows with one of `values` in the facet; undefined when the filter is not given. */
function facetRows(columns: Columns, name: keyof Columns['valueRows'], values: readonly string[]): Bits | undefined {
  if (values.length === 0) return undefined
  const rows = emptyBits(columns.size)
  for (const value of values) {
    const code = columns.dictionary[name].indexOf(value)
    if (code !== -1) orInto(rows, columns.valueRows[name][code]!)
  }
  return rows
}

/** The rows priced within [min, max] (cents); undefined when neither bound is given. */
function priceRows(columns: Columns, min: number | undefined, max: number | undefined): Bits | undefined {
  if (min === undefined && max === undefined) return undefined
  const { size, byPrice, cents } = columns
  // the first place in price order whose price is at least `bound` (above `bound` when `above`)
  const placeOf = (bound: number, above: boolean) => {
    let low = 0
    let high = size
    while (low < high) {
      const mid = (low + high) >>> 1
      const price = cents[byPrice[mid]!]!
      if (above ? price > bound : price >= bound) high = mid
      else low = mid + 1
    }
    return low
  }
  const from = min === undefined ? 0 : placeOf(min, false)
  const to = max === undefined ? size : placeOf(max, true)
  const rows = emptyBits(size)
  for (let p = from; p < to; p++) setBit(rows, byPrice[p]!)
  return rows
}

/**
 * A facet's counts over `rows` (`count` of them), by count then value. Where the facet has few values for the rows
 * (category, condition, colour, material over many rows), each value is a popcount of its set with `rows`; else the
 * rows are visited once (`listed`, when the caller has them already).
 */
function facetCounts(
  columns: Columns,
  name: keyof Columns['valueRows'],
  rows: Bits,
  count: number,
  listed: Uint32Array | undefined,
): Array<{ value: string; count: number }> {
  const values = columns.dictionary[name]
  const counts = new Uint32Array(values.length)
  if (values.length * rows.length < count * 4) {
    const sets = columns.valueRows[name]
    for (let code = 0; code < values.length; code++) counts[code] = countBoth(rows, sets[code]!)
  } else {
    const column = columns.facet[name]
    for (const row of listed ?? rowsOf(rows, count)) {
      const code = column[row]!
      if (code !== NONE) counts[code]!++
    }
  }
  const list: Array<{ value: string; count: number }> = []
  counts.forEach((n, code) => {
    if (n > 0) list.push({ value: values[code]!, count: n })
  })
  return list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}

/**
 * The lowest and highest price among `rows` (`count` of them); null when there are none. Among many rows the price
 * order is walked from each end to the first row in the set; among few, the rows themselves are read.
 */
function priceRange(columns: Columns, rows: Bits, count: number): { min: number; max: number } | null {
  if (count === 0) return null
  const { size, byPrice, cents } = columns
  if (count * count > size) {
    let low = 0
    while (!hasBit(rows, byPrice[low]!)) low++
    let high = size - 1
    while (!hasBit(rows, byPrice[high]!)) high--
    return { min: cents[byPrice[low]!]!, max: cents[byPrice[high]!]! }
  }
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (const row of rowsOf(rows, count)) {
    const price = cents[row]!
    if (price < min) min = price
    if (price > max) max = price
  }
  return { min, max }
}
