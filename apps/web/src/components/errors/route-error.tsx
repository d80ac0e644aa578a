import { messages } from '@preloved/shared/messages'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Home, RotateCcw, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { isRouteErrorResponse, useNavigate, useRevalidator, useRouteError } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { signOut as endSession } from '@/lib/auth-client'

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.statusText) return error.statusText
    if (typeof error.data === 'string' && error.data) return error.data
    return `Error ${error.status}`
  }
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return 'Unknown error'
}

/**
 * The route-error screen of docs/product/storefront.md#feedback: every route's `errorElement`, for real failures only (a 404 is the 'page not
 * found' screen). Its main actions are 'Try again' (the page's data is read again) and 'Home'; 'Sign out' is kept as a
 * secondary action.
 */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const { reset } = useQueryErrorResetBoundary()

  // A query that threw here is fetched again (not re-thrown from cache) the next time a page uses it.
  useEffect(() => {
    reset()
  }, [reset])

  useEffect(() => {
    if (isRouteErrorResponse(error)) console.error(`Route error: ${error.status} ${error.statusText}`)
    else console.error(error)
  }, [error])

  // docs/product/storefront.md#feedback: 'Sign out' logs out (server session, token, cached answers) and goes to '/login'
  const signOut = async () => {
    await endSession()
    navigate(paths.login())
  }

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <title>Something went wrong | Preloved Bags Co.</title>
      <div aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-error/10 text-error">
        <TriangleAlert className="size-8" />
      </div>
      <h1 className="text-3xl font-semibold sm:text-4xl">{messages.common.routeError}</h1>
      <p
        className="rounded-field bg-base-200 px-4 py-2 font-mono text-sm text-base-content/85"
        data-testid="route-error-detail"
      >
        {describe(error)}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button
          variant="primary"
          className="gap-2"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
        <ButtonLink to={paths.home()} variant="outline" className="gap-2">
          <Home aria-hidden="true" className="size-4" />
          Home
        </ButtonLink>
      </div>
      <Button variant="ghost" size="sm" onClick={signOut}>
        {messages.common.signOut}
      </Button>
    </section>
  )
}
