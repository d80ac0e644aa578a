import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { payoutAccountBodySchema } from '@preloved/shared/orders'
import { ExternalLink, Landmark } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { toast } from '@/lib/notify'
import { type Earnings, onboardingTarget, useSavePayoutAccount } from '../api/earnings'

const t = moneyPagesMessages.earnings

type Account = Earnings['account']
type Errors = { holderName?: string; accountNumber?: string; form?: string }

/** Where payouts go now, in one line. */
function CurrentAccount({ account }: { account: Account }) {
  if (!account) return <p className="text-base-content/75">{t.accountNone}</p>
  return (
    <p className="flex items-center gap-2 font-medium">
      <Landmark aria-hidden="true" className="size-5 shrink-0 text-primary" />
      {account.provider === 'stripe'
        ? t.accountStripe
        : t.accountTest(account.holderName ?? '', account.last4 ?? '····')}
    </p>
  )
}

/** Test mode: the holder's name and an account number, of which the server keeps only the last four digits. */
function TestAccountForm({ account, onSaved }: { account: Account; onSaved?: () => void }) {
  const save = useSavePayoutAccount()
  const [holderName, setHolderName] = useState(account?.holderName ?? '')
  const [accountNumber, setAccountNumber] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = payoutAccountBodySchema.safeParse({ holderName, accountNumber })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'holderName') next.holderName ??= t.holderNameRequired
        if (issue.path[0] === 'accountNumber') next.accountNumber ??= t.accountNumberInvalid
      }
      setErrors(next)
      return
    }
    setErrors({})
    save.mutate(parsed.data, {
      onSuccess: () => {
        // the number is not kept here either once it is saved
        setAccountNumber('')
        toast.success(t.accountSaved)
        onSaved?.()
      },
      onError: (error) => setErrors({ form: error.message }),
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-4">
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Field
        label={t.holderName}
        name="holderName"
        autoComplete="name"
        maxLength={80}
        value={holderName}
        error={errors.holderName}
        onChange={(event) => setHolderName(event.target.value)}
      />
      <Field
        label={t.accountNumber}
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={34}
        value={accountNumber}
        error={errors.accountNumber}
        hint={t.accountNumberHint}
        onChange={(event) => setAccountNumber(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {account ? t.replaceAccount : t.saveAccount}
        </Button>
      </div>
    </form>
  )
}

/** A seller with an account changes it on demand: the form stays folded until asked for. */
function ChangeAccount({ account }: { account: Account }) {
  const [open, setOpen] = useState(false)
  if (!open)
    return (
      <div>
        <Button variant="subtle" size="sm" aria-expanded={false} onClick={() => setOpen(true)}>
          {t.changeAccount}
        </Button>
      </div>
    )
  return <TestAccountForm account={account} onSaved={() => setOpen(false)} />
}

/** With Stripe: Connect onboarding on Stripe's own pages; the API answers the link and the page goes there. */
function StripeConnect({ account }: { account: Account }) {
  const save = useSavePayoutAccount()
  const [error, setError] = useState<string>()
  const [leaving, setLeaving] = useState(false)
  const connect = () => {
    setError(undefined)
    save.mutate(undefined, {
      onSuccess: (answer) => {
        const target = onboardingTarget(answer.url)
        if (!target) {
          setError(t.stripeNoLink)
          return
        }
        setLeaving(true)
        window.location.assign(target)
      },
      onError: (e) => {
        setError(e.message)
        toast.error(e.message)
      },
    })
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/75">{t.stripeLead}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <Button className="gap-2" onClick={connect} disabled={save.isPending || leaving}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {account ? t.stripeUpdate : t.stripeConnect}
        </Button>
      </div>
      {leaving ? <p role="status">{t.stripeRedirect}</p> : null}
    </div>
  )
}

/** Where payouts go: the current account, and the form (test mode) or the Stripe link to set it up. */
export function PayoutAccountSection({ account, stripe }: { account: Account; stripe: boolean | undefined }) {
  return (
    <section
      aria-labelledby="payout-account-title"
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
    >
      <h2 id="payout-account-title" className="font-display text-2xl font-semibold">
        {t.accountTitle}
      </h2>
      <CurrentAccount account={account} />
      {stripe === undefined ? (
        <Loading size="sm" />
      ) : stripe ? (
        <StripeConnect account={account} />
      ) : account ? (
        <ChangeAccount account={account} />
      ) : (
        <TestAccountForm account={account} />
      )}
    </section>
  )
}
