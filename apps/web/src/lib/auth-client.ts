// The part of authentication every page needs: who is signed in (the header shows Dashboard or Login) and Log Out.
// Every page loads it, so it stays small: the session's shared schema is imported only when the browser asks for the
// session itself. Signing in, up and everything else lives in features/auth, which only the auth pages load.

import type { SessionUser } from '@preloved/shared/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { clearAccessToken } from './access-token'
import { api, type ResponseParser } from './api-client'
import { forgetLiveEvents } from './live-events'
import { queryClient } from './query-client'

export type { SessionUser } from '@preloved/shared/auth'
export type Role = 'customer' | 'seller' | 'admin'

// Checked with the shared schema, imported when the call starts: pages that arrive with their session (every page's
// first load) download no zod for it.
const sessionAnswerSchema = () => import('@preloved/shared/auth').then((m) => m.sessionAnswerSchema)

export const SESSION_QUERY_KEY = ['session'] as const

/** The session cookie's user (or null); cached under 'session' and shared by the header and the guards. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) =>
      api.get('/auth/get-session', sessionAnswerSchema(), { signal, withoutToken: true, ignoreUnauthorized: true }),
    staleTime: 60_000,
  })

/** The signed-in user as the cache knows it right now, without asking: loaders use it to read that user's data alongside. */
export const cachedSessionUser = (): SessionUser | null =>
  queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY) ?? null

/** Reads the session again now (after signing in or out), so guards and the header see the new user at once. */
export const refreshSession = () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })

/** Re-renders when the answer changes, not on every background check (the spread below reads every field). */
const SESSION_CHANGES = ['data', 'error', 'status'] as const

export function useSession() {
  const query = useQuery({ ...sessionQueryOptions(), notifyOnChangeProps: [...SESSION_CHANGES] })
  return { ...query, user: query.data ?? null }
}

/**
 * Log Out (docs/product/accounts.md#sign-in): ends the server session, forgets the token and every cached answer. A failure is only logged
 * (docs/product/accounts.md#sign-in); the visitor is signed out of this tab either way.
 */
export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/sign-out', {}, anyResponse, { withoutToken: true, ignoreUnauthorized: true })
  } catch (error) {
    console.error('Sign-out failed', error)
  }
  clearAccessToken()
  // The session becomes "signed out" in place: the header and the guards watching it update at once (a removed
  // query would leave them watching the old one).
  queryClient.setQueryData(SESSION_QUERY_KEY, null)
  forgetCachedAnswers(false)
}

/**
 * Drops every cached answer but the session, and where the live stream was: nothing of one account may show to the
 * next. Signed in as someone (`signedIn`), the pages that listen get the new session's stream at once.
 */
export function forgetCachedAnswers(signedIn = true): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] })
  forgetLiveEvents(signedIn)
}

/** For calls whose answer the app does not read. */
export const anyResponse: ResponseParser<unknown> = { safeParse: (data) => ({ success: true, data }) }
