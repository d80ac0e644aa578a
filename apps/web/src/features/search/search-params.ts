import {
  CATEGORY_LABELS,
  type CategorySlug,
  COLOURS,
  CONDITION_LABELS,
  type Condition,
  SEARCH_SORTS,
  type SearchSort,
} from '@preloved/shared/constants'
import { searchMessages as t } from '@preloved/shared/messages/search'
import { formatPrice } from '@/lib/format'

// The whole state of /search lives in its URL (docs/product/search.md): a shared link or Back/Forward shows the same
// search. These helpers read and write that URL; the page never keeps a filter anywhere else.

/** The repeatable filters, in the order the filter panel shows them. */
export const LIST_FILTERS = ['category', 'brand', 'condition', 'colour', 'material'] as const
export type ListFilter = (typeof LIST_FILTERS)[number]

/** Every parameter of the page's URL that the API also takes (paging stays out: the cursor is the cache's). */
const KNOWN = new Set<string>(['q', ...LIST_FILTERS, 'minPrice', 'maxPrice', 'verified', 'sort'])

/**
 * The search a URL asks for, kept as the URL's own parameters (in their order: the last one is the filter added
 * last). Unknown parameters are dropped; values are passed on as they are, and the API answers 400 for bad ones.
 */
export function searchParamsOf(url: URLSearchParams | string): URLSearchParams {
  const source = typeof url === 'string' ? new URLSearchParams(url) : url
  const kept = new URLSearchParams()
  for (const [key, value] of source) {
    if (!KNOWN.has(key)) continue
    const trimmed = key === 'q' ? value.trim() : value
    if (trimmed === '') continue
    // a list value given twice counts once
    if (kept.getAll(key).includes(trimmed)) continue
    kept.append(key, trimmed)
  }
  return kept
}

/** The query string for GET /api/search (the same parameters; the API's own names). */
export const apiQueryOf = (params: URLSearchParams, cursor?: string | null) => {
  const query = new URLSearchParams(params)
  if (cursor) query.set('cursor', cursor)
  return query.toString()
}

/** A copy with `value` of `key` added (appended: the last in the URL is the last added) or removed. */
export function toggled(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (next.getAll(key).includes(value)) next.delete(key, value)
  else next.append(key, value)
  return next
}

/** A copy with `key` set to `value` (moved to the end, as the last change), or removed when `value` is empty. */
export function withValue(params: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(key)
  if (value) next.append(key, value)
  return next
}

/** A copy without the given parameters (all their values). */
export function without(params: URLSearchParams, ...keys: string[]): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of keys) next.delete(key)
  return next
}

/** Only the words and the sort: what "Clear all" leaves. */
export const cleared = (params: URLSearchParams) => without(params, ...LIST_FILTERS, 'minPrice', 'maxPrice', 'verified')

/** The sort in force: the URL's, else the API's default (relevance with words, newest without). */
export function sortOf(params: URLSearchParams): SearchSort {
  const sort = params.get('sort')
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) return sort as SearchSort
  return params.get('q') ? 'relevance' : 'newest'
}

/** Whether any filter (not the words, not the sort) is set. */
export const hasFilters = (params: URLSearchParams) => [...params.keys()].some((key) => key !== 'q' && key !== 'sort')

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

/** How a filter's value reads on screen: chips, facets, the page title. `brandName` names a brand slug. */
export function valueLabel(key: string, value: string, brandName: (slug: string) => string | undefined): string {
  if (key === 'category') return CATEGORY_LABELS[value as CategorySlug] ?? value
  if (key === 'brand') return brandName(value) ?? value
  if (key === 'condition') return CONDITION_LABELS[value as Condition] ?? value
  return label(value)
}

/** The price filter as one label ("$100 – $500", "From $100", "Up to $500"), or undefined when none is set. */
export function priceLabel(params: URLSearchParams): string | undefined {
  const min = params.get('minPrice')
  const max = params.get('maxPrice')
  const money = (value: string) => (Number.isFinite(Number(value)) ? formatPrice(Number(value)) : value)
  if (min && max) return t.priceBetween(money(min), money(max))
  if (min) return t.priceFrom(money(min))
  if (max) return t.priceUpTo(money(max))
  return undefined
}

export type Chip = {
  key: string
  label: string
  /** The URL without this filter. */
  without: URLSearchParams
}

/** The active filters as removable chips, in the order they were added. */
export function chipsOf(params: URLSearchParams, brandName: (slug: string) => string | undefined): Chip[] {
  const chips: Chip[] = []
  let priceShown = false
  for (const [key, value] of params) {
    if (key === 'sort') continue
    if (key === 'q') chips.push({ key: 'q', label: t.wordsChip(value), without: without(params, 'q') })
    else if (key === 'verified') {
      if (value === 'true') chips.push({ key, label: t.verifiedChip, without: without(params, key) })
    } else if (key === 'minPrice' || key === 'maxPrice') {
      if (priceShown) continue
      priceShown = true
      chips.push({ key: 'price', label: priceLabel(params) ?? '', without: without(params, 'minPrice', 'maxPrice') })
    } else {
      const next = new URLSearchParams(params)
      next.delete(key, value)
      chips.push({ key: `${key}=${value}`, label: valueLabel(key, value, brandName), without: next })
    }
  }
  return chips
}

/**
 * What the page is about, for its title and description: "Black Chanel bags", "Shoulder Bags by Gucci",
 * "“kelly” in Tote Bags". Colours and brands read before "bags", then the category; words are quoted.
 */
export function describeSearch(params: URLSearchParams, brandName: (slug: string) => string | undefined): string {
  const colours = params.getAll('colour').filter((c) => (COLOURS as readonly string[]).includes(c))
  const brands = params.getAll('brand').map((slug) => brandName(slug) ?? slug)
  const categories = params.getAll('category').map((c) => valueLabel('category', c, brandName))
  const words = [colours.map(label).join(' or '), brands.join(' or ')].filter(Boolean)
  const noun = categories.length > 0 ? categories.join(' or ') : 'bags'
  let what = [words.join(' '), words.length > 0 ? noun.toLowerCase() : noun].filter(Boolean).join(' ')
  what = what.charAt(0).toUpperCase() + what.slice(1)
  const q = params.get('q')
  return q ? `“${q}” — ${what}` : what
}

export type Removal = {
  label: string
  without: URLSearchParams
  /** Bags the search finds without it, when known. */
  count?: number
}

/**
 * For an empty answer: the filter whose removal finds the most bags. The facet counts leave out each facet's own
 * filter, so a list filter's removal finds the sum of its facet's counts (exact for category, condition, colour and
 * material, which every bag has one of; a floor for brand). Removing one of several values of the same filter would
 * still find nothing (each counts 0), so the whole filter is the unit. Words, price and "verified" have no such count:
 * when no list filter's removal finds a bag, the suggestion is the filter added last (the last in the URL).
 */
export function narrowestFilter(
  params: URLSearchParams,
  facets: { [K in ListFilter]: { value: string; count: number }[] } | undefined,
  brandName: (slug: string) => string | undefined,
): Removal | undefined {
  let best: Removal | undefined
  for (const key of LIST_FILTERS) {
    const values = params.getAll(key)
    if (values.length === 0 || !facets) continue
    const found = facets[key].reduce((sum, facet) => sum + facet.count, 0)
    if (found > 0 && found > (best?.count ?? 0)) {
      const label = values.map((value) => valueLabel(key, value, brandName)).join(' or ')
      best = { label, without: without(params, key), count: found }
    }
  }
  if (best) return best
  const last = [...params.keys()].filter((key) => key !== 'sort').at(-1)
  if (!last) return undefined
  if (last === 'q') return { label: t.wordsChip(params.get('q') ?? ''), without: without(params, 'q') }
  if (last === 'minPrice' || last === 'maxPrice') {
    return { label: priceLabel(params) ?? '', without: without(params, 'minPrice', 'maxPrice') }
  }
  if (last === 'verified') return { label: t.verifiedChip, without: without(params, 'verified') }
  const values = params.getAll(last)
  return {
    label: values.map((value) => valueLabel(last, value, brandName)).join(' or '),
    without: without(params, last),
  }
}
