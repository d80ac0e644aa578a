import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const ADVERTISED_LIMIT = 8

// Imported on demand (with zod) so the home page's first chunk stays small; it downloads during the request.
const productListSchema = () => import('@preloved/shared/products').then((module) => module.productListSchema)

/** The home page's advertised items: only listings whose advertisement is on (SPEC §2 Home). */
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
