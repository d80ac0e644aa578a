import { searchMessages as t } from '@preloved/shared/messages/search'
import type { SearchResult } from '@preloved/shared/search'
import type { InfiniteData } from '@tanstack/react-query'
import {
  type ClientLoaderFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
  useLocation,
} from 'react-router'
import { paths } from '@/config/paths'
import { ProductCard } from '@/features/products/components/product-card'
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button'
import { searchQueryOptions } from '@/features/search/api/search'
import { SearchView } from '@/features/search/components/search-view'
import { describeSearch, hasFilters, LIST_FILTERS, searchParamsOf } from '@/features/search/search-params'
import { isApiError } from '@/lib/api-client'
import { loaderQueryData, originOf, pageMeta } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { prefetchOnServer } from '@/lib/server-api.server'

/**
 * The first page of results arrives with the page, so a shared link shows the same bags to anyone, search engines
 * included. A URL the API refuses (an unknown brand, minPrice above maxPrice) is answered 400 with the reason on the
 * page, not the error screen.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = searchParamsOf(new URL(request.url).searchParams)
  let badQuery: string | null = null
  const queries = await prefetchOnServer(context, (client) =>
    client.fetchInfiniteQuery(searchQueryOptions(params)).catch((error: unknown) => {
      if (!isApiError(error) || error.statusCode !== 400) throw error
      badQuery = error.message
    }),
  )
  return data({ ...queries, badQuery }, { status: badQuery ? 400 : 200 })
}

/** Later moves (a filter, a chip, Back): the page shows the previous answer dimmed while the next one loads. */
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  void queryClient.prefetchInfiniteQuery(searchQueryOptions(searchParamsOf(new URL(request.url).searchParams)))
  return { dehydrated: undefined, badQuery: null }
}

type Page = InfiniteData<{ data: SearchResult; next: string | null }>

/**
 * "Black Chanel bags — search". A plain search page, one brand's or one category's bags are pages worth finding
 * from a search engine (canonical: the filters in a fixed order, no sort); words, several filters, prices and
 * refused or empty searches are `noindex, follow`: endless near-copies of those pages (Google's guidance on a site's
 * own search results).
 */
export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location, matches }) => {
  const params = searchParamsOf(location.search)
  const page = loaderQueryData<Page>(loaderData, searchQueryOptions(params).queryKey)
  const first = page?.pages[0]?.data
  const names = new Map(first?.facets.brand.map((brand) => [brand.value, brand.label]))
  const what = hasFilters(params) || params.get('q') ? describeSearch(params, (slug) => names.get(slug)) : t.allBags
  const canonical = new URLSearchParams()
  for (const key of LIST_FILTERS) for (const value of params.getAll(key).sort()) canonical.append(key, value)
  const listValues = [...canonical.keys()].length
  const indexable =
    !loaderData?.badQuery &&
    first !== undefined &&
    first.total > 0 &&
    !params.get('q') &&
    listValues <= 1 &&
    !['minPrice', 'maxPrice', 'verified'].some((key) => params.has(key))
  return [
    ...pageMeta({
      title: `${what} — search | Preloved Bags Co.`,
      description: t.description(what),
      share: { origin: originOf(matches), path: paths.search(canonical) },
    }),
    ...(indexable ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
  ]
}

/** '/search' (docs/product/search.md): public and rendered on the server; its state is its URL. */
export default function SearchRoute() {
  const { badQuery } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const params = searchParamsOf(search)
  return (
    <SearchView
      params={params}
      badQuery={badQuery}
      renderCard={(product) => <ProductCard product={product} />}
      actions={<SaveSearchButton query={params.toString()} />}
    />
  )
}
