// Server only (the .server suffix keeps it out of the browser's build). A server-side loader reads the API the way
// the browser would, through the same query options, as the visitor who asked for the page: their cookie and address
// (rate limits count them, not us). What it read goes into the page as TanStack Query's dehydrated cache, and the
// browser's cache takes it on hydration (app/root.tsx): the first screen needs no second round trip.
import { AsyncLocalStorage } from 'node:async_hooks'
import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query'
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'
import { type ApiFetch, setServerFetch } from './api-client'
import { type SessionUser, sessionQueryOptions } from './auth-client'

const visitor = new AsyncLocalStorage<ApiFetch>()
setServerFetch(() => visitor.getStore())

/** A cache for one render: a failed call is not waited on again with back-off (the page's own query retries it). */
const renderCache = () => new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } })

/** What a server-side loader returns for the page's queries. */
export type ServerQueries = { dehydrated: DehydratedState }

/**
 * Runs `load` against a fresh cache whose calls go to the API as this page's visitor, and returns that cache to put
 * in the page. A failed prefetch leaves its query out (the page asks again); `fetchQuery` in `load` throws instead.
 */
export async function prefetchOnServer(
  context: AppLoadContext,
  load: (client: QueryClient) => Promise<unknown>,
): Promise<ServerQueries> {
  const client = renderCache()
  await visitor.run(context.api, () => load(client))
  return { dehydrated: dehydrate(client) }
}

/** Whether the request carries better-auth's cookie at all (without it, nobody is signed in: no call needed). */
export const mayBeSignedIn = (request: Request) => (request.headers.get('cookie') ?? '').includes('better-auth')

/** The signed-in visitor, or null (read once per page render, shared by the loaders that need it). */
export async function visitorOnServer(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  if (!mayBeSignedIn(request)) return null
  const client = renderCache()
  try {
    return await visitor.run(context.api, () => client.fetchQuery({ ...sessionQueryOptions(), retry: false }))
  } catch {
    return null
  }
}

/**
 * A signed-in page's loader: `load` runs for the visitor's session (their own orders, wishlist, roles…); for anyone
 * without one it reads nothing, and the page's guard sends them to '/login'.
 */
export async function prefetchForVisitor(
  { request, context }: LoaderFunctionArgs,
  load: (client: QueryClient, user: SessionUser) => Promise<unknown>,
): Promise<Partial<ServerQueries>> {
  const user = await visitorOnServer(request, context)
  if (!user) return { dehydrated: undefined }
  return prefetchOnServer(context, (client) => load(client, user))
}
