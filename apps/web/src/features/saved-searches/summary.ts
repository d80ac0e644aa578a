import {
  CATEGORY_LABELS,
  type CategorySlug,
  COLOUR_LABELS,
  CONDITION_LABELS,
  type Colour,
  type Condition,
  MATERIAL_LABELS,
  type Material,
  SEARCH_SORT_LABELS,
  type SearchSort,
} from '@preloved/shared/constants'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })
const label = <K extends string>(labels: Record<K, string>, value: string) => labels[value as K] ?? value
/** A brand's name from its slug: "louis-vuitton" → "Louis Vuitton". */
const brandName = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())

/**
 * A saved /search query in words, for the saved searches list: “flap” · Chanel · Black · up to $300 · Price: low to
 * high. Values it does not know are shown as they are.
 */
export function summariseQuery(query: string): string {
  const params = new URLSearchParams(query)
  const parts: string[] = []
  const q = params.get('q')
  if (q) parts.push(`“${q}”`)
  for (const v of params.getAll('category')) parts.push(label<CategorySlug>(CATEGORY_LABELS, v))
  for (const v of params.getAll('brand')) parts.push(brandName(v))
  for (const v of params.getAll('condition')) parts.push(label<Condition>(CONDITION_LABELS, v))
  for (const v of params.getAll('colour')) parts.push(label<Colour>(COLOUR_LABELS, v))
  for (const v of params.getAll('material')) parts.push(label<Material>(MATERIAL_LABELS, v))
  const min = params.get('minPrice')
  const max = params.get('maxPrice')
  if (min && max) parts.push(`${usd.format(Number(min))}–${usd.format(Number(max))}`)
  else if (min) parts.push(`from ${usd.format(Number(min))}`)
  else if (max) parts.push(`up to ${usd.format(Number(max))}`)
  if (params.get('verified') === 'true') parts.push('Verified sellers')
  const sort = params.get('sort')
  if (sort) parts.push(label<SearchSort>(SEARCH_SORT_LABELS, sort))
  return parts.length > 0 ? parts.join(' · ') : 'All bags'
}

/** A name for a search about to be saved: its words and filters in short (at most 80 characters). */
export function defaultName(query: string): string {
  const params = new URLSearchParams(query)
  params.delete('sort')
  return summariseQuery(params.toString()).slice(0, 80)
}
