// The part of authentication every page needs: who is signed in (the header shows Dashboard or Login) and Log Out.
// It is in the first chunk, so it stays small and zod-free: the session answer is checked by hand. Signing in, up
// and everything else lives in features/auth, which only the auth pages load.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { clearAccessToken } from './access-token'
import { api, type ResponseParser } from './api-client'
import { queryClient } from './query-client'

export type Role = 'customer' | 'seller' | 'admin'

/** The signed-in user as the session (better-auth's GET /api/auth/get-session) describes it. */
export type SessionUser = { id: string; name: string; email: string; role: Role }

const roles: readonly string[] = ['customer', 'seller', 'admin'] satisfies Role[]

function toSessionUser(value: unknown): SessionUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { id, name, email, role } = value as Record<string, unknown>
  if (typeof id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return undefined
  // an account without a recorded role is an ordinary customer (SPEC §6: customer is the default)
  const known = typeof role === 'string' && roles.includes(role) ? (role as Role) : 'customer'
  return { id, name, email, role: known }
}

/** `{ session, user }` when signed in, `null` when not. */
const sessionParser: ResponseParser<SessionUser | null> = {
  safeParse(data) {
    if (data === null || data === undefined) return { success: true, data: null }
    const user = toSessionUser((data as { user?: unknown }).user)
    return user ? { success: true, data: user } : { success: false, error: new Error('Unexpected session shape') }
  },
}

export const SESSION_QUERY_KEY = ['session'] as const

/** The session cookie's user (or null); cached under 'session' and shared by the header and the guards. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) =>
      api.get('/auth/get-session', sessionParser, { signal, withoutToken: true, ignoreUnauthorized: true }),
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
 * Log Out (SPEC §4): ends the server session, forgets the token and every cached answer. A failure is only logged
 * (SPEC §8); the visitor is signed out of this tab either way.
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
  forgetCachedAnswers()
}

/** Drops every cached answer but the session: nothing of one account may show to the next. */
export function forgetCachedAnswers(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] })
}

/** For calls whose answer the app does not read. */
export const anyResponse: ResponseParser<unknown> = { safeParse: (data) => ({ success: true, data }) }
