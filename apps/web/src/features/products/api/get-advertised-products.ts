import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productListParser } from './product-parser'

export const ADVERTISED_LIMIT = 8

/** The home page's advertised items: only listings whose advertisement is on (SPEC §2 Home). */
export const advertisedProductsQueryOptions = (limit = ADVERTISED_LIMIT) =>
  queryOptions({
    queryKey: ['products', { advertised: true, limit }],
    queryFn: ({ signal }) =>
      api.get(
        `/categoryDetails?${new URLSearchParams({ advertised: 'true', limit: String(limit) })}`,
        productListParser,
        { signal },
      ),
  })

export function useAdvertisedProducts(limit = ADVERTISED_LIMIT) {
  return useQuery({
    ...advertisedProductsQueryOptions(limit),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}
