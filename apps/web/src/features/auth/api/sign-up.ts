import type { RecordUserBody, SignupInput } from '@preloved/shared/auth'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { clearAccessToken } from '@/lib/access-token'
import { api } from '@/lib/api-client'
import { forgetCachedAnswers, refreshSession } from '@/lib/auth-client'
import { fetchAndStoreAccessToken } from './access-token'

const signedUpSchema = z.object({ user: z.object({ email: z.string() }) })
const statusSchema = z.object({ status: z.boolean() })
const recordedSchema = z.object({ acknowledged: z.boolean(), modifiedCount: z.number() })

/** better-auth's POST /api/auth/sign-up/email: creates the account and signs it in (session cookie). */
export const signUpWithEmail = (body: Pick<SignupInput, 'name' | 'email' | 'password'>) =>
  api.post('/auth/sign-up/email', body, signedUpSchema, { withoutToken: true, ignoreUnauthorized: true })

/** better-auth's POST /api/auth/update-user: the account's display name. */
export const updateDisplayName = (name: string) =>
  api.post('/auth/update-user', { name }, statusSchema, { withoutToken: true, ignoreUnauthorized: true })

/** POST /users (docs/product/accounts.md#sign-up): records name, email and role of the signed-in user. */
export const recordUser = (body: RecordUserBody) =>
  api.post('/users', body, recordedSchema, { ignoreUnauthorized: true })

/**
 * Signup (docs/product/accounts.md#sign-up): create the account, set its display name, record the user (name, email, role), then fetch and
 * store the token. The display name and user record failing is only logged (docs/product/accounts.md#sign-up); the account exists by then.
 */
export function useSignup() {
  return useMutation({
    mutationFn: async ({ name, email, password, role }: SignupInput) => {
      clearAccessToken()
      const { user } = await signUpWithEmail({ name, email, password })
      forgetCachedAnswers()
      try {
        await updateDisplayName(name)
      } catch (error) {
        console.error('Could not set the display name', error)
      }
      try {
        console.info('User recorded', await recordUser({ name, email: user.email, role }))
      } catch (error) {
        console.error('Could not record the user', error)
      }
      await fetchAndStoreAccessToken(user.email)
      await refreshSession()
    },
  })
}
