import { CATEGORY_LABELS, CATEGORY_SLUGS } from '@preloved/shared/constants'
import { paths } from '@/config/paths'
import { brandsQueryOptions } from '@/lib/brands'
import { queryClient } from '@/lib/query-client'
import { readRecentSearches } from './recent-searches'

// Loaded when the header's search box first gets focus (a dynamic import): pages that nobody searches from never
// download the brand list or this code.

export type Suggestion = {
  id: string
  kind: 'recent' | 'brand' | 'category'
  label: string
  /** Where choosing it goes. */
  to: string
  count?: number
}
export type SuggestionGroup = { kind: Suggestion['kind']; items: Suggestion[] }

const BRANDS_SHOWN = 6
const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()

/** Ranks a name against typed words: starts with them (0), a word starts with them (1), holds them (2), else none. */
function rank(name: string, typed: string): number | undefined {
  const n = normal(name)
  if (n.startsWith(typed)) return 0
  if (n.split(/[\s-]+/).some((word) => word.startsWith(typed))) return 1
  if (n.includes(typed)) return 2
  return undefined
}

/** The best rank of a brand's name and its aliases ("lv" finds Louis Vuitton). */
function bestRank(names: string[], typed: string): number | undefined {
  const ranks = names.flatMap((name) => rank(name, typed) ?? [])
  return ranks.length > 0 ? Math.min(...ranks) : undefined
}

/**
 * The suggestions for what is typed: recent searches (all of them for an empty box, else the matching ones), brands
 * that match (most bags first, those for sale only) and categories that match. The brand list is read once (GET
 * /api/brands, cached); until it arrives (or if it fails) the others show at once, and `onBrands` says when it has.
 */
export function createSuggester(onBrands: () => void): (typed: string) => SuggestionGroup[] {
  const options = brandsQueryOptions()
  let brands = queryClient.getQueryData(options.queryKey) ?? []
  if (brands.length === 0) {
    queryClient
      .fetchQuery(options)
      .then((list) => {
        brands = list
        onBrands()
      })
      .catch(() => undefined) // no brand suggestions; the rest still work
  }
  return (text: string) => {
    const typed = normal(text)
    const recent = readRecentSearches()
      .filter((item) => !typed || normal(item).includes(typed))
      .map((item, i): Suggestion => ({ id: `recent-${i}`, kind: 'recent', label: item, to: paths.search({ q: item }) }))
    if (!typed) return [{ kind: 'recent', items: recent }]
    const brandItems = brands
      .filter((brand) => brand.count > 0)
      .map((brand) => ({ brand, rank: bestRank([brand.name, ...brand.aliases], typed) }))
      .filter((entry) => entry.rank !== undefined)
      .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || b.brand.count - a.brand.count)
      .slice(0, BRANDS_SHOWN)
      .map(
        ({ brand }): Suggestion => ({
          id: `brand-${brand.slug}`,
          kind: 'brand',
          label: brand.name,
          to: paths.search({ brand: brand.slug }),
          count: brand.count,
        }),
      )
    const categories = CATEGORY_SLUGS.filter((slug) => rank(CATEGORY_LABELS[slug], typed) !== undefined).map(
      (slug): Suggestion => ({
        id: `category-${slug}`,
        kind: 'category',
        label: CATEGORY_LABELS[slug],
        to: paths.search({ category: slug }),
      }),
    )
    return [
      { kind: 'recent', items: recent },
      { kind: 'brand', items: brandItems },
      { kind: 'category', items: categories },
    ]
  }
}
