import type { LoaderFunctionArgs } from 'react-router'
import { categoryListingsQueryOptions } from '@/features/bookings/api/get-category-listings'
import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { queryClient } from '@/lib/query-client'

// Apart from the page's module (category.tsx) and free of zod: react-router loads both at once, so the requests start
// without waiting for the page's code (docs/decisions/003).

/** SPEC §7: the category's listings are loaded before the screen shows; an unknown category is a route error. */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.id ?? ''
  // the title and description come from the categories list; it may fail without hiding the bags
  void queryClient.prefetchQuery(categoriesQueryOptions())
  await queryClient.ensureQueryData(categoryListingsQueryOptions(slug))
  return null
}
