import { messages } from '@preloved/shared/messages'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { buttonClass } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { publicConfigQueryOptions } from '@/lib/public-config'
import { startProviderSignIn } from '../api/social-sign-in'

type GoogleSignInButtonProps = {
  /** The button's words: 'Continue With Google' (login) or 'Sign in With Google' (signup). */
  label: string
  /** Where to go once signed in. */
  returnTo: string
  /** The page that shows a provider error (it gets `?error=`). */
  errorPath: string
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  )
}

/**
 * Google sign-in when this site has it (GET /api/config): off to the provider, back to
 * `/login?provider=done&from=…`, where the login page fetches the token. Without it, it says so instead.
 * Google accounts are customers (the server's default role); no user record is posted for them.
 */
export function GoogleSignInButton({ label, returnTo, errorPath }: GoogleSignInButtonProps) {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const [notice, setNotice] = useState<string>()
  const [error, setError] = useState<string>()

  const start = async () => {
    setPending(true)
    setNotice(undefined)
    setError(undefined)
    try {
      const config = await queryClient.fetchQuery(publicConfigQueryOptions())
      if (!config.googleSignIn) {
        setNotice(messages.auth.googleNotConfigured)
        setPending(false)
        return
      }
      const from = new URLSearchParams({ from: returnTo })
      const url = await startProviderSignIn(config.googleSignIn, {
        callbackURL: `/login?provider=done&${from}`,
        errorCallbackURL: `${errorPath}?${from}`,
      })
      window.location.href = url // stays pending: the page is leaving
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : messages.auth.providerFailed)
      setPending(false)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        className={buttonClass({ variant: 'subtle', block: true, className: 'gap-3' })}
        aria-busy={pending}
        disabled={pending}
        onClick={start}
      >
        {pending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : <GoogleMark />}
        {label}
      </button>
      {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  )
}
