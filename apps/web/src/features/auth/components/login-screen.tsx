import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginInput, loginSchema } from '@preloved/shared/auth'
import { messages } from '@preloved/shared/messages'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { forgetCachedAnswers, refreshSession, useSession } from '@/lib/auth-client'
import { toast } from '@/lib/toast'
import { fetchAndStoreAccessToken } from '../api/access-token'
import { useLogin } from '../api/sign-in'
import { fromLocationState, neededRoleOf, safeReturnPath, useQueryParams } from '../origin'
import { AuthLayout, OrDivider } from './auth-layout'
import { GoogleSignInButton } from './google-sign-in-button'
import { WrongRoleNote } from './wrong-role-note'

function LoginAside() {
  return (
    <div className="flex flex-col gap-2 md:gap-4">
      <p className="text-sm font-semibold tracking-[0.14em] text-accent">Welcome</p>
      <p className="font-display text-2xl leading-tight font-semibold text-balance sm:text-3xl md:text-4xl">
        {messages.auth.discountLine}
      </p>
      <p className="text-sm text-neutral-content/80">
        <small className="text-sm">{messages.auth.discountCondition}</small>
      </p>
    </div>
  )
}

type LoginFormProps = { returnTo: string; notice?: string; providerError?: string }

function LoginForm({ returnTo, notice, providerError }: LoginFormProps) {
  const navigate = useNavigate()
  const login = useLogin()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } })

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast.success(messages.auth.loggedIn)
        navigate(returnTo, { replace: true })
      },
    }),
  )
  const busy = login.isPending || login.isSuccess
  const formError = login.error?.message ?? (login.isIdle ? providerError : undefined)

  return (
    <>
      {notice && !busy ? <FormAlert tone="info">{notice}</FormAlert> : null}
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
        <div className="flex flex-col gap-2">
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Link to={paths.forgotPassword()} className="link self-end text-sm font-medium link-primary">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          LOGIN
        </Button>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
      </form>
      <OrDivider />
      <GoogleSignInButton label="Continue With Google" returnTo={returnTo} errorPath={paths.login()} />
      <div className="flex flex-col gap-3 border-t border-base-300 pt-6">
        <p className="text-center text-sm text-base-content/75">New to Preloved Bags Co.?</p>
        <ButtonLink to={paths.signup()} variant="outline" block>
          Create an Account
        </ButtonLink>
      </div>
    </>
  )
}

/**
 * Back from Google or the OpenID provider (`?provider=done`): the session cookie is set; fetch the token, say so
 * and go on to the origin page (docs/product/accounts.md#guards). Without a session the sign-in did not complete.
 */
function useProviderReturn(active: boolean, returnTo: string) {
  const navigate = useNavigate()
  const [failed, setFailed] = useState<string>()
  const started = useRef(false)

  useEffect(() => {
    if (!active || started.current) return
    started.current = true
    void (async () => {
      try {
        const user = await refreshSession()
        if (!user) {
          setFailed(messages.auth.providerFailed)
          return
        }
        forgetCachedAnswers()
        await fetchAndStoreAccessToken(user.email)
        toast.success(messages.auth.signedIn)
        navigate(returnTo, { replace: true })
      } catch (error) {
        setFailed(error instanceof Error ? error.message : messages.auth.providerFailed)
      }
    })()
  }, [active, returnTo, navigate])

  return { completing: active && failed === undefined, failed }
}

/** '/login' (docs/product/accounts.md#sign-in): email and password, Google, and the way to sign up or reset the password. */
export function LoginScreen() {
  const location = useLocation()
  const params = useQueryParams()
  const { user } = useSession()
  const returnTo = fromLocationState(location.state) ?? safeReturnPath(params.get('from')) ?? paths.home()
  const providerReturn = useProviderReturn(params.get('provider') === 'done', returnTo)
  const providerError = params.get('error') ? messages.auth.providerFailed : providerReturn.failed
  // a guard sent a signed-in user here: the page they opened needs another role (docs/product/accounts.md#guards): say which
  const from = fromLocationState(location.state)
  const needs = neededRoleOf(location.state)
  const notice = user && from && !needs ? messages.auth.otherAccountNeeded : undefined
  const fromPathname = from?.split(/[?#]/, 1)[0]

  return (
    <AuthLayout title="Login" lead="Sign in to book bags, keep a wishlist and sell your own." aside={<LoginAside />}>
      {providerReturn.completing ? (
        <Loading label="Signing you in" size="lg" className="py-16" />
      ) : (
        <>
          {user && needs ? <WrongRoleNote user={user} needs={needs} pathname={fromPathname} /> : null}
          <LoginForm returnTo={returnTo} notice={notice} providerError={providerError} />
        </>
      )}
    </AuthLayout>
  )
}
