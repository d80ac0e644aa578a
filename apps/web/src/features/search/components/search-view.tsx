import { SEARCH_SORT_LABELS, SEARCH_SORTS, type SearchSort } from '@preloved/shared/constants'
import { searchMessages as t } from '@preloved/shared/messages/search'
import type { Product } from '@preloved/shared/products'
import { SearchX, SlidersHorizontal } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { useSearch } from '../api/search'
import { chipsOf, cleared, describeSearch, hasFilters, narrowestFilter, sortOf, withValue } from '../search-params'
import { ActiveFilters } from './active-filters'
import { FilterDrawer } from './filter-drawer'
import { FilterPanel } from './filter-panel'

const count = new Intl.NumberFormat('en-US')

/** A brand's name from its slug, before (or without) the answer naming it: "louis-vuitton" → "Louis Vuitton". */
const nameFromSlug = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())

type SearchViewProps = {
  /** The page's URL parameters (lib: search-params). */
  params: URLSearchParams
  /** The reason the server refused this URL's search (a 400 on the first load), if it did. */
  badQuery?: string | null
  /** A result's card, composed by the route (features do not import each other). */
  renderCard: (product: Product, index: number) => ReactNode
  /** Beside the heading: what the route composes in ("Save this search"). */
  actions?: ReactNode
}

/**
 * '/search' (docs/product/search.md): the result grid with its count, sort and "Load more"; the filters in a sidebar on wide
 * screens and in a drawer on phones; the active filters as chips. Every change is a new URL.
 */
export function SearchView({ params, badQuery, renderCard, actions }: SearchViewProps) {
  const navigate = useNavigate()
  const search = useSearch(params, !badQuery)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const sortId = useId()
  const resultsId = useId()

  const pages = search.data?.pages ?? []
  const first = pages[0]?.data
  const items = pages.flatMap((page) => page.data.items)
  const total = first?.total
  const brandNames = new Map(first?.facets.brand.map((brand) => [brand.value, brand.label]))
  for (const item of items) if (item.brandSlug && item.brand) brandNames.set(item.brandSlug, item.brand)
  const brandName = (slug: string) => brandNames.get(slug) ?? nameFromSlug(slug)

  const go = (next: URLSearchParams) => navigate(paths.search(next), { preventScrollReset: true })
  const chips = chipsOf(params, brandName)
  const q = params.get('q')
  const sort = sortOf(params)
  const refused =
    badQuery ?? (isApiError(search.error) && search.error.statusCode === 400 ? search.error.message : null)

  const heading = q ? t.resultsFor(q) : hasFilters(params) ? describeSearch(params, brandName) : t.allBags

  const panel = <FilterPanel params={params} facets={first?.facets} onChange={go} brandName={brandName} />
  const filterCount = [...params.keys()].filter((key) => key !== 'q' && key !== 'sort').length

  let results: ReactNode
  if (refused) {
    results = (
      <EmptyState
        headingLevel="h2"
        icon={<SearchX className="size-7" />}
        title={t.badQueryTitle}
        description={t.badQuery(refused)}
        action={
          <Link to={paths.search()} className="btn btn-outline btn-primary btn-sm">
            {t.startOver}
          </Link>
        }
      />
    )
  } else if (search.isError) {
    throw search.error
  } else if (!first) {
    results = <Loading className="py-16" />
  } else if (items.length === 0) {
    const removal = narrowestFilter(params, first.facets, brandName)
    results = (
      <EmptyState
        headingLevel="h2"
        icon={<SearchX className="size-7" />}
        title={t.emptyTitle}
        description={hasFilters(params) ? t.emptyWithFilters : t.emptyWithoutFilters}
        action={
          removal ? (
            <Link to={paths.search(removal.without)} className="btn btn-primary btn-sm">
              {removal.count
                ? t.dropFilterCount(removal.label, count.format(removal.count))
                : t.dropFilter(removal.label)}
            </Link>
          ) : null
        }
      />
    )
  } else {
    results = (
      <>
        <ul
          id={resultsId}
          className={cn(
            'grid grid-cols-2 gap-3 transition-opacity sm:gap-5 xl:grid-cols-3',
            search.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={search.isPlaceholderData || undefined}
        >
          {items.map((product, index) => (
            <li key={product._id}>{renderCard(product, index)}</li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-3 pt-2">
          <p className="text-sm text-base-content/70" aria-live="polite">
            {t.shown(count.format(items.length), count.format(total ?? items.length))}
          </p>
          {search.hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline btn-primary min-w-48"
              aria-controls={resultsId}
              disabled={search.isFetchingNextPage}
              onClick={() => {
                // keyboard users carry on from the first new bag, not from the top of the page
                const shown = items.length
                void search.fetchNextPage().then(() => {
                  document.querySelector<HTMLElement>(`[id="${resultsId}"] > li:nth-child(${shown + 1}) a`)?.focus()
                })
              }}
            >
              {search.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" /> : null}
              {t.loadMore}
            </button>
          ) : null}
        </div>
      </>
    )
  }

  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="font-display text-2xl font-semibold sm:text-3xl">{heading}</h1>
          {total !== undefined && !refused ? (
            <p className="text-sm text-base-content/70" aria-live="polite">
              {t.bagCount(count.format(total), total === 1)}
            </p>
          ) : null}
        </div>
        {actions && !refused ? <div className="shrink-0">{actions}</div> : null}
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="btn btn-outline btn-sm gap-2 lg:hidden"
          onClick={() => setDrawerOpen(true)}
          aria-haspopup="dialog"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t.filters}
          {filterCount > 0 ? <span className="badge badge-primary badge-sm">{filterCount}</span> : null}
        </button>
        <div className="ml-auto flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm text-base-content/75">
            {t.sortBy}
          </label>
          <select
            id={sortId}
            className="select select-sm w-auto"
            value={sort}
            onChange={(event) => {
              const value = event.target.value as SearchSort
              // the default sort stays out of the URL: one search, one address
              go(withValue(params, 'sort', value === (q ? 'relevance' : 'newest') ? undefined : value))
            }}
          >
            {SEARCH_SORTS.filter((value) => value !== 'relevance' || q).map((value) => (
              <option key={value} value={value}>
                {SEARCH_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <ActiveFilters chips={chips} params={params} />

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t.filters} className="max-lg:hidden">
          <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto pr-2 pb-4">{panel}</div>
        </aside>
        <div className="flex min-w-0 flex-col gap-6">
          {/* the cards' titles are h3: the results' heading sits between them and the page's */}
          <h2 className="sr-only">{t.results}</h2>
          {results}
        </div>
      </div>

      <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} total={total}>
        {panel}
        {hasFilters(params) ? (
          <Link
            to={paths.search(cleared(params))}
            preventScrollReset
            className="link link-primary mt-5 inline-block text-sm"
          >
            {t.clearAll}
          </Link>
        ) : null}
      </FilterDrawer>
    </section>
  )
}
