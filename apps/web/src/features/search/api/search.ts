import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { apiQueryOf } from '../search-params'

// Checked with the shared schema, imported when the request starts: zod downloads while the request is in flight.
const searchResultSchema = () => import('@preloved/shared/search').then((m) => m.searchResultSchema)

/**
 * GET /api/search (docs/product/search.md) for the page's URL parameters, one page per "Load more": each page's cursor is
 * the previous answer's `Link: rel="next"`. The key is the URL's query, so Back to an earlier search finds its pages
 * (all those loaded) in the cache.
 */
export const searchQueryOptions = (params: URLSearchParams) => {
  const query = params.toString()
  return infiniteQueryOptions({
    queryKey: ['search', query],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(`/search?${apiQueryOf(new URLSearchParams(query), pageParam)}`, searchResultSchema(), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    // a bad parameter stays bad: the page says so instead of asking again
    retry: false,
  })
}

/** The page's search; while the next one loads, the previous answer stays on screen (dimmed). */
export const useSearch = (params: URLSearchParams, enabled = true) =>
  useInfiniteQuery({ ...searchQueryOptions(params), enabled, placeholderData: (previous) => previous })
