import { MAX_PAGE_SIZE } from '@preloved/shared/constants'
import { productListSchema } from '@preloved/shared/products'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/categoryDetails?email=: the seller's own listings, sold ones too (My Products). */
export const myProductsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['products', { email }],
    queryFn: ({ signal }) =>
      api.get(`/categoryDetails?${new URLSearchParams({ email, limit: String(MAX_PAGE_SIZE) })}`, productListSchema, {
        signal,
      }),
  })

/** A failed first load shows the route-error screen (docs/style.md#errors); a failed refetch keeps the list on screen. */
export function useMyProducts(email: string | undefined) {
  return useQuery({
    ...myProductsQueryOptions(email ?? ''),
    enabled: Boolean(email),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}
