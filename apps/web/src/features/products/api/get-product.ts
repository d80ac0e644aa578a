import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'
import { productParser } from './product-parser'

// Checked by hand, like the category's listings: the product route's loader imports this module alone.

/** GET /products/{id}: one listing (also when sold; 404 when removed). */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => api.get(`/products/${encodeURIComponent(id)}`, productParser, { signal }),
    retry: retryServerErrors, // a removed bag stays so
  })

/** The product page reads what its loader ensured; a failed first load is the route-error screen. */
export const useProduct = (id: string) =>
  useQuery({ ...productQueryOptions(id), throwOnError: (_error, query) => query.state.data === undefined })
