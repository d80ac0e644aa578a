import type { LoaderFunctionArgs } from 'react-router'
import { myBookingsQueryOptions } from '@/features/bookings/api/bookings'
import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { categoryProductsQueryOptions } from '@/features/products/api/get-category-products'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'

// Apart from the page's module (category.tsx) and free of zod: react-router loads both at once, so the requests start
// without waiting for the page's code (docs/decisions/003).

/** SPEC §7: the category's listings are loaded before the screen shows; an unknown category is a route error. */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.id ?? ''
  // The title and description come from the categories list: asked for alongside and awaited too, so that the
  // description does not push the bags down after they show. It may fail without hiding them (prefetch never throws).
  // The customer's own orders decide each card's Book Now state: read alongside too when the session is known, so
  // that every card does not render a second time when they arrive.
  const user = cachedSessionUser()
  await Promise.all([
    queryClient.ensureQueryData(categoryProductsQueryOptions(slug)),
    queryClient.prefetchQuery(categoriesQueryOptions()),
    user ? queryClient.prefetchQuery(myBookingsQueryOptions(user.email)) : undefined,
  ])
  return null
}
