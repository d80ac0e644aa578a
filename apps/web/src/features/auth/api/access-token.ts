import { accessTokenSchema } from '@preloved/shared/auth'
import { setAccessToken } from '@/lib/access-token'
import { api } from '@/lib/api-client'
import { refreshSession } from '@/lib/auth-client'

/**
 * GET /jwt?email= (docs/product/accounts.md#sign-in): a short-lived API token for the signed-in session, stored as `accessToken`. Only the
 * session cookie may ask (a stale bearer token would be refused), so none is sent.
 */
export async function fetchAndStoreAccessToken(email: string): Promise<string> {
  const { accessToken } = await api.get(`/jwt?${new URLSearchParams({ email })}`, accessTokenSchema, {
    withoutToken: true,
    ignoreUnauthorized: true,
  })
  setAccessToken(accessToken)
  return accessToken
}

/** For the API client: a new token when the old one ran out but the session cookie still holds. */
export async function renewAccessToken(): Promise<boolean> {
  const user = await refreshSession()
  if (!user) return false
  await fetchAndStoreAccessToken(user.email)
  return true
}
