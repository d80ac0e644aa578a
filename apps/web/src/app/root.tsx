import './load-context'
import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import {
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
} from 'react-router'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { PublicLayout } from '@/components/layouts/public-layout'
import { paths } from '@/config/paths'
import { setTokenRenewer, setUnauthorizedHandler } from '@/lib/api-client'
import { SESSION_QUERY_KEY, sessionQueryOptions } from '@/lib/auth-client'
import { useNonce } from '@/lib/nonce'
import { type RootData, SHOP_DESCRIPTION } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { mayBeSignedIn, prefetchOnServer, type ServerQueries } from '@/lib/server-api.server'
import stylesheet from '@/styles/index.css?url'
import { AppProvider } from './provider'

export const links: LinksFunction = () => [
  // a stylesheet with a precedence is placed by React ahead of the scripts' preloads: the first paint waits on it alone
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** Every page's header shows who is signed in: read on the server with the visitor's cookie. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const queries = await prefetchOnServer(context, async (client) => {
    // better-auth answers null without its cookie: no call needed for a first-time visitor
    if (mayBeSignedIn(request)) await client.prefetchQuery(sessionQueryOptions())
    else client.setQueryData(SESSION_QUERY_KEY, null)
  })
  return { ...queries, origin: context.origin }
}

/**
 * A page whose route has no `meta` keeps this description; its title is the one its component renders (React puts
 * a component's <title> in the head). Public pages' routes give their own title, description and share tags.
 */
export const meta: MetaFunction = () => [{ name: 'description', content: SHOP_DESCRIPTION }]

// The session lives in the browser's query cache after the first page (signing in and out update it there).
export const shouldRevalidate = () => false

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  // the page's JavaScript has taken over the server's HTML (browser tests wait for it after loading a page)
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5c2e17" />
        <Meta />
        <Links />
      </head>
      <body>
        <AppProvider>{children}</AppProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/**
 * The server-side loaders' queries (each returns `{ dehydrated }`), put into the cache before the pages render: the
 * components read them with their usual hooks. A later answer in the cache is never replaced by an older one.
 */
function LoaderQueries({ children }: { children: ReactNode }) {
  const matches = useMatches()
  const states = matches.map((match) => (match.loaderData as Partial<ServerQueries> | undefined)?.dehydrated)
  // the same object while the loaders' answers are the same ones (HydrationBoundary compares it by identity)
  const last = useRef<{ states: typeof states; state: DehydratedState }>(undefined)
  if (!last.current || !sameItems(last.current.states, states)) {
    last.current = {
      states,
      state: { mutations: [], queries: states.flatMap((dehydrated) => dehydrated?.queries ?? []) },
    }
  }
  const { state } = last.current
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>
}

const authPaths = new Set<string>([paths.login(), paths.signup(), paths.forgotPassword(), paths.resetPassword()])

/**
 * A 401 on a call that carried a token: the token (1 hour) may be out of date while the session cookie (1 week) holds.
 * The API client asks for a new one once and repeats the call. A 401 that no new token cures means the session is
 * over: go to the login page, keeping where the user was (docs/product/accounts.md#guards).
 */
function useSessionEndHandlers() {
  const navigate = useNavigate()
  const location = useLocation()
  const where = useRef(location)
  where.current = location
  useEffect(() => {
    setTokenRenewer(() => import('@/features/auth/api/access-token').then((module) => module.renewAccessToken()))
    setUnauthorizedHandler(() => {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
      const { pathname, search, hash } = where.current
      if (authPaths.has(pathname)) return
      void navigate(paths.login(), { replace: true, state: { from: { pathname, search, hash } } })
    })
    return () => {
      setTokenRenewer(undefined)
      setUnauthorizedHandler(undefined)
    }
  }, [navigate])
}

export default function App() {
  useSessionEndHandlers()
  return (
    <LoaderQueries>
      <Outlet />
    </LoaderQueries>
  )
}

/** An error above every page (the session could not be read): the error screen, with the header and footer. */
export function ErrorBoundary() {
  return (
    <PublicLayout>
      <RouteErrorBoundary />
    </PublicLayout>
  )
}
