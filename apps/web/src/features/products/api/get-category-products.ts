import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'
import { productListParser } from './product-parser'

// Checked by hand (the home page's product check): the route's loader imports this module alone, so that the request
// starts as soon as the route matches (app/router.tsx), and neither it nor the page downloads zod.

/** SPEC §7: GET /categoryDetails/{slug}: the category's bags for sale (sold ones hidden), with `reserved`. */
export const categoryProductsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['products', { category: slug }],
    queryFn: ({ signal }) => api.get(`/categoryDetails/${encodeURIComponent(slug)}`, productListParser, { signal }),
    retry: retryServerErrors, // an unknown category stays so
  })

/** The category page reads what its loader ensured; a failed first load is the route-error screen. */
export const useCategoryProducts = (slug: string) =>
  useQuery({ ...categoryProductsQueryOptions(slug), throwOnError: (_error, query) => query.state.data === undefined })
