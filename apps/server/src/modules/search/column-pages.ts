import type { SearchSort } from '@preloved/shared/constants'
import { type Bits, hasBit } from './bitset.ts'
import type { Columns, Subset } from './columns.ts'
import type { SearchCursor } from './search.cursor.ts'

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
 * Up to `take` of the rows in `matches` after `cursor`, in the sort's order: the listings (or a set of
 * words' matches) are kept in each sort's order, so a page walks that order from the cursor's place (found by
 * bisection) until it has enough.
 * Each key is what the database path printed for a cursor: the relevance as a `real`, cents, or a timestamp.
 */
export function pageOfColumns(
  columns: Columns,
  matches: Bits,
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
    if (!hasBit(matches, r)) continue
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
