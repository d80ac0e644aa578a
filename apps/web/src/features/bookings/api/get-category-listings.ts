import { queryOptions, useQuery } from '@tanstack/react-query'
import { productListParser, productParser } from '@/features/products/api/product-parser'
import { api, isApiError } from '@/lib/api-client'

// The listings a customer books from. They belong with the products feature; they live here while another change
// works on features/products, and move there with it.

// Checked by hand (the home page's product check): the route's loader imports this module alone, so that the request
// starts as soon as the route matches (app/router.tsx), and neither it nor the page downloads zod.

// TanStack Query's default retry (SPEC §8), except for a 4xx: an unknown category or a removed bag stays so.
const retryServerErrors = (failureCount: number, error: Error) =>
  failureCount < 3 && !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500)

/** SPEC §7: GET /categoryDetails/{slug}: the category's bags for sale (sold ones hidden), with `reserved`. */
export const categoryListingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['products', { category: slug }],
    queryFn: ({ signal }) => api.get(`/categoryDetails/${encodeURIComponent(slug)}`, productListParser, { signal }),
    retry: retryServerErrors,
  })

/** The category page reads what its loader ensured; a failed first load is the route-error screen. */
export const useCategoryListings = (slug: string) =>
  useQuery({ ...categoryListingsQueryOptions(slug), throwOnError: (_error, query) => query.state.data === undefined })

/** GET /products/{id}: one listing (also when sold; 404 when removed). */
export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => api.get(`/products/${encodeURIComponent(id)}`, productParser, { signal }),
    retry: retryServerErrors,
  })

export const useListing = (id: string) =>
  useQuery({ ...listingQueryOptions(id), throwOnError: (_error, query) => query.state.data === undefined })
