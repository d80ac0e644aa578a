import type { LoginInput } from '@preloved/shared/auth'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { clearAccessToken } from '@/lib/access-token'
import { api } from '@/lib/api-client'
import { forgetCachedAnswers, refreshSession } from '@/lib/auth-client'
import { fetchAndStoreAccessToken } from './access-token'

const signedInSchema = z.object({ user: z.object({ email: z.string() }) })

/** better-auth's POST /api/auth/sign-in/email: sets the session cookie; a wrong password is the caller's 401. */
export const signInWithEmail = (body: LoginInput) =>
  api.post('/auth/sign-in/email', body, signedInSchema, { withoutToken: true, ignoreUnauthorized: true })

/** Login (docs/product/accounts.md#sign-in): sign in, then fetch and store the token; the session is read again for the guards. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginInput) => {
      clearAccessToken()
      const { user } = await signInWithEmail(body)
      forgetCachedAnswers()
      await fetchAndStoreAccessToken(user.email)
      await refreshSession()
    },
  })
}
