import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { paths } from '@/config/paths'
import { api } from '@/lib/api-client'

const statusSchema = z.object({ status: z.boolean() })

/** better-auth mails a reset link (to the outbox without SMTP); the answer is the same whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email }: { email: string }) =>
      api.post('/auth/request-password-reset', { email, redirectTo: paths.resetPassword() }, statusSchema, {
        withoutToken: true,
        ignoreUnauthorized: true,
      }),
  })
}

/** Sets the new password with the token from the mailed link; a bad or used token is a 400. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      api.post('/auth/reset-password', { token, newPassword }, statusSchema, {
        withoutToken: true,
        ignoreUnauthorized: true,
      }),
  })
}
