import { CATEGORY_SLUGS, CONDITIONS, PRODUCT_STATUSES } from '@preloved/shared/constants'
import type { Product } from '@preloved/shared/products'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { listParser } from '@/lib/shape-parser'

export const ADVERTISED_LIMIT = 8

// Checked by hand (the shared productSchema's fields) so that the home page does not download zod.
const productListParser = listParser<Product>({
  _id: 'string',
  title: 'string',
  img: 'string',
  thumb: 'string',
  category: CATEGORY_SLUGS,
  original_price: 'number',
  resell_price: 'number',
  year: 'string',
  date: 'string',
  location: 'string',
  seller: 'string',
  email: 'string',
  verified: { optional: ['yes'] },
  phone: 'string',
  specialty: 'string',
  description: 'string',
  condition: CONDITIONS,
  advertisement: 'boolean',
  status: PRODUCT_STATUSES,
  reserved: { optional: 'boolean' },
})

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
