import { zodResolver } from '@hookform/resolvers/zod'
import { forgotPasswordSchema, resetPasswordSchema } from '@preloved/shared/auth'
import { messages } from '@preloved/shared/messages'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useRequestPasswordReset, useResetPassword } from '../api/password-reset'
import { useQueryParams } from '../origin'
import { AuthLayout } from './auth-layout'

function HelpAside({ lead, line }: { lead: string; line: string }) {
  return (
    <div className="flex flex-col gap-2 md:gap-4">
      <p className="text-sm font-semibold tracking-[0.14em] text-accent">{lead}</p>
      <p className="font-display text-2xl leading-tight font-semibold text-balance sm:text-3xl md:text-4xl">{line}</p>
    </div>
  )
}

function BackToLogin() {
  return (
    <p className="border-t border-base-300 pt-6 text-center text-sm text-base-content/75">
      Remembered it?{' '}
      <Link to={paths.login()} className="link font-semibold link-primary">
        Back to Login
      </Link>
    </p>
  )
}

type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>

/** '/forgot-password': asks for a reset link by mail; the answer never says whether the account exists. */
export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } })

  const onSubmit = handleSubmit((values) => request.mutate(values))

  return (
    <AuthLayout
      title="Forgot your password?"
      lead="Give us the email of your account and we will mail it a link to choose a new password."
      aside={<HelpAside lead="Account help" line="Locked out? A new password is one email away." />}
    >
      {request.isSuccess ? (
        <FormAlert tone="success">{messages.auth.resetSent}</FormAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" block disabled={request.isPending} aria-busy={request.isPending}>
            {request.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
            Send the reset link
          </Button>
          {request.error ? <FormAlert>{request.error.message}</FormAlert> : null}
        </form>
      )}
      <BackToLogin />
    </AuthLayout>
  )
}

function InvalidLink() {
  return (
    <FormAlert>
      <p>{messages.auth.resetInvalid}</p>
      <Link to={paths.forgotPassword()} className="link mt-1 inline-block font-semibold">
        Ask for a new link
      </Link>
    </FormAlert>
  )
}

type ResetPasswordInput = z.input<typeof resetPasswordSchema>

/** '/reset-password?token=': the mailed link lands here (or with `?error=INVALID_TOKEN` when it is no good). */
export function ResetPasswordScreen() {
  const navigate = useNavigate()
  const params = useQueryParams()
  const token = params.get('token')
  const linkBroken = !token || params.has('error')
  // the ADMIN_EMAIL account's setup link: the address is confirmed, the account is admin, its password comes next
  const adminSetup = params.get('setup') === 'admin'
  const reset = useResetPassword()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  })

  const onSubmit = handleSubmit(({ password }) => {
    if (!token) return
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast.success(messages.auth.resetDone)
          navigate(paths.login(), { replace: true })
        },
      },
    )
  })
  // better-auth answers a bad, used or expired token with a 400 that carries a code; a weak password has none
  const tokenRefused = isApiError(reset.error) && reset.error.statusCode === 400 && reset.error.code !== undefined
  const busy = reset.isPending || reset.isSuccess

  return (
    <AuthLayout
      title={adminSetup ? messages.auth.adminSetupTitle : 'Choose a new password'}
      lead={adminSetup ? messages.auth.adminSetupLead : 'Pick a password you have not used here before.'}
      aside={<HelpAside lead="Account help" line="A fresh start for your account." />}
    >
      {linkBroken || tokenRefused ? (
        adminSetup ? (
          <FormAlert>{messages.auth.adminSetupInvalid}</FormAlert>
        ) : (
          <InvalidLink />
        )
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={messages.auth.passwordHint}
            error={errors.password?.message}
            {...register('password')}
          />
          <Field
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" block disabled={busy} aria-busy={busy}>
            {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
            Change the password
          </Button>
          {reset.error ? <FormAlert>{reset.error.message}</FormAlert> : null}
        </form>
      )}
      <BackToLogin />
    </AuthLayout>
  )
}
