import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// Checked with the shared schema, like the category's listings: imported when the request starts, so that zod stays
// out of the page's first chunk and downloads while the request is in flight.
const productSchema = () => import('@preloved/shared/products').then((m) => m.productSchema)

/** GET /products/{id}: one listing (also when sold; 404 when removed). */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => api.get(`/products/${encodeURIComponent(id)}`, productSchema(), { signal }),
    retry: retryServerErrors, // a removed bag stays so
  })

/** The product page reads what its loader ensured; a failed first load is the route-error screen. */
export const useProduct = (id: string) =>
  useQuery({ ...productQueryOptions(id), throwOnError: (_error, query) => query.state.data === undefined })
