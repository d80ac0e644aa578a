import { z } from 'zod'
import { api } from '@/lib/api-client'

const redirectSchema = z.object({ url: z.string().min(1), redirect: z.boolean().optional() })

export type ProviderKind = 'google' | 'oidc'

/**
 * Starts Google (or the configured OpenID provider) sign-in and returns the provider's address to go to. After
 * the provider the browser comes back to `callbackURL` with the session cookie set, or to `errorCallbackURL`
 * with `?error=`. better-auth 1.7 registers the OpenID provider (generic OAuth) as a social provider too, so both
 * start at POST /api/auth/sign-in/social (there is no /sign-in/oauth2 endpoint in this version).
 */
export async function startProviderSignIn(
  provider: ProviderKind,
  urls: { callbackURL: string; errorCallbackURL: string },
): Promise<string> {
  const { url } = await api.post('/auth/sign-in/social', { provider, ...urls }, redirectSchema, {
    withoutToken: true,
    ignoreUnauthorized: true,
  })
  return url
}
