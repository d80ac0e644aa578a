import type { SellerProfile } from '@preloved/shared/search'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts (zod stays out of the page's first chunk).
const sellerProfileSchema = () => import('@preloved/shared/search').then((m) => m.sellerProfileSchema)

/** One page of a profile: the profile with its next bags, and the cursor of the page after (null on the last). */
export type SellerProfilePage = { data: SellerProfile; next: string | null }

/** Bags per page of a seller's profile: 2 columns on phones, 3 or 4 on wider screens. */
export const SELLER_PAGE_SIZE = 24

const sellerPath = (id: string, query: Record<string, string>) =>
  `/sellers/${encodeURIComponent(id)}?${new URLSearchParams(query)}`

/**
 * GET /sellers/{id} (docs/product/listings.md#seller-profile): the profile and the seller's bags for sale, newest first, a page at a time
 * (each page is the profile with the next bags; the `Link` header's cursor leads to the next).
 */
export const sellerProfileQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['sellers', id],
    queryFn: ({ pageParam, signal }): Promise<SellerProfilePage> =>
      api.getPage(
        sellerPath(id, { limit: String(SELLER_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) }),
        sellerProfileSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    retry: retryServerErrors, // an unknown seller stays so
  })

/** The profile page reads what its loader ensured; a failed first load is the route-error screen. */
export const useSellerProfile = (id: string) =>
  useInfiniteQuery({
    ...sellerProfileQueryOptions(id),
    throwOnError: (_error, query) => query.state.data === undefined,
  })

/** A product page's look at its seller: the profile and their newest `limit` bags for sale. */
export const sellerPreviewQueryOptions = (id: string, limit: number) =>
  queryOptions({
    queryKey: ['sellers', id, { limit }],
    queryFn: ({ signal }) => api.get(sellerPath(id, { limit: String(limit) }), sellerProfileSchema(), { signal }),
    retry: retryServerErrors,
  })

/** Read with the product page or after it; a failure leaves the seller's row out, the page stands. */
export const useSellerPreview = (id: string, limit: number) => useQuery(sellerPreviewQueryOptions(id, limit))
