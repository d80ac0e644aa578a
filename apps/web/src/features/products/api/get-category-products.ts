import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts: zod stays out of the page's first chunk and
// downloads while the request is in flight.
const productListSchema = () => import('@preloved/shared/products').then((m) => m.productListSchema)

/** docs/product/storefront.md#api-rules: GET /categoryDetails/{slug}: the category's bags for sale (sold ones hidden), with `reserved`. */
export const categoryProductsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['products', { category: slug }],
    queryFn: ({ signal }) => api.get(`/categoryDetails/${encodeURIComponent(slug)}`, productListSchema(), { signal }),
    retry: retryServerErrors, // an unknown category stays so
  })

/** The category page reads what its loader ensured; a failed first load is the route-error screen. */
export const useCategoryProducts = (slug: string) =>
  useQuery({ ...categoryProductsQueryOptions(slug), throwOnError: (_error, query) => query.state.data === undefined })
