import { lazy, Suspense } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { PageLoading } from '@/components/ui/loading'
import { NotFound } from './not-found'

// The route-error screen is rare: its own chunk, so that pages do not download it (decision 003).
const RouteError = lazy(() => import('./route-error').then((module) => ({ default: module.RouteError })))

/**
 * A route module's `ErrorBoundary`: a 404 (an unknown path, an unknown or malformed id) is the 'page not found' screen
 * with status 404; anything else the route-error screen of docs/product/storefront.md#feedback.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <Suspense fallback={<PageLoading />}>
      <RouteError />
    </Suspense>
  )
}
