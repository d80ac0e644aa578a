import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts: zod stays out of the home page's first chunk and
// downloads while the request is in flight.
const productListSchema = () => import('@preloved/shared/products').then((m) => m.productListSchema)

export const ADVERTISED_LIMIT = 8

/** The home page's advertised items: only listings whose advertisement is on (docs/product/storefront.md#home-and-blog). */
export const advertisedProductsQueryOptions = (limit = ADVERTISED_LIMIT) =>
  queryOptions({
    queryKey: ['products', { advertised: true, limit }],
    queryFn: ({ signal }) =>
      api.get(
        `/categoryDetails?${new URLSearchParams({ advertised: 'true', limit: String(limit) })}`,
        productListSchema(),
        { signal },
      ),
  })

export function useAdvertisedProducts(limit = ADVERTISED_LIMIT) {
  return useQuery({
    ...advertisedProductsQueryOptions(limit),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}
