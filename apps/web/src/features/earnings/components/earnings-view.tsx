import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { Banknote, Clock, Landmark, Wallet } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { Loading } from '@/components/ui/loading'
import { formatPrice } from '@/lib/format'
import { formatDay } from '@/lib/format-date'
import { toCents } from '@/lib/money'
import { toast } from '@/lib/notify'
import { type Earnings, useEarnings, usePayout } from '../api/earnings'
import { nextAvailableAt, payoutBlocker } from '../payout'
import { LedgerTable } from './ledger-table'
import { PayoutAccountSection } from './payout-account-section'

const t = moneyPagesMessages.earnings

type FigureProps = { label: string; amount: number; hint: string; icon: ReactNode; highlight?: boolean }

/** One of the three balances: its name, the amount, and a line saying what it holds. */
function Figure({ label, amount, hint, icon, highlight = false }: FigureProps) {
  const negative = toCents(amount) < 0
  return (
    <div
      className={
        highlight
          ? 'flex flex-col gap-1 rounded-box border border-primary/40 bg-primary/5 p-4 shadow-sm'
          : 'flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm'
      }
    >
      <dt className="flex items-center gap-2 text-sm font-semibold text-base-content/80">
        <span aria-hidden="true" className="text-primary">
          {icon}
        </span>
        {label}
      </dt>
      <dd
        className={negative ? 'text-3xl font-semibold tabular-nums text-error' : 'text-3xl font-semibold tabular-nums'}
      >
        {negative ? `−${formatPrice(Math.abs(amount))}` : formatPrice(amount)}
      </dd>
      <dd className="text-sm text-base-content/75">{hint}</dd>
    </div>
  )
}

function accountName(account: NonNullable<Earnings['account']>): string {
  if (account.provider === 'stripe') return 'your Stripe account'
  return account.last4 ? `the account ending ${account.last4}` : 'your payout account'
}

/** The Payout button for the whole available balance, disabled with its reason, and its confirmation. */
function PayoutAction({ earnings }: { earnings: Earnings }) {
  const payout = usePayout()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string>()
  const reasonId = useId()
  const blocker = payoutBlocker(earnings)
  const amount = formatPrice(earnings.available)

  const pay = () => {
    setError(undefined)
    payout.mutate(undefined, {
      onSuccess: (payout) => {
        const paid = payout.amount === undefined ? amount : formatPrice(payout.amount)
        toast.success(payout.status === 'pending' ? t.payoutPending(paid) : t.payoutDone(paid))
      },
      onError: (e) => {
        setError(e.message)
        toast.error(e.message)
      },
      onSettled: () => setConfirming(false),
    })
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <Button
        className="gap-2 sm:self-start"
        disabled={blocker !== null || payout.isPending}
        aria-describedby={blocker ? reasonId : undefined}
        onClick={() => setConfirming(true)}
      >
        <Banknote aria-hidden="true" className="size-5" />
        {blocker ? t.payout : `${t.payout} ${amount}`}
      </Button>
      {blocker ? (
        <p id={reasonId} className="text-sm text-base-content/75">
          {blocker}
        </p>
      ) : null}
      {error ? <FormAlert className="sm:flex-1">{error}</FormAlert> : null}
      <ActionDialog
        open={confirming}
        title={t.payoutConfirmTitle}
        message={earnings.account ? t.payoutConfirm(amount, accountName(earnings.account)) : ''}
        confirmLabel={`${t.payout} ${amount}`}
        busy={payout.isPending}
        onConfirm={pay}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}

/** The seller's Earnings page: the three balances, the payout, the payout account and the ledger. */
export function EarningsView({ stripe }: { stripe: boolean | undefined }) {
  const { data: earnings, hasNextPage, fetchNextPage, isFetchingNextPage } = useEarnings()
  if (!earnings) return <Loading className="py-12" />
  const negative = toCents(earnings.available) < 0
  const nextAvailable = nextAvailableAt(earnings)
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="balances-title" className="flex flex-col gap-4">
        <h2 id="balances-title" className="sr-only">
          Balances
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure
            label={t.pending}
            amount={earnings.pending}
            hint={nextAvailable ? `${t.pendingHint} ${t.reserveHint(formatDay(nextAvailable))}` : t.pendingHint}
            icon={<Clock className="size-4" />}
          />
          <Figure
            label={t.available}
            amount={earnings.available}
            hint={t.availableHint}
            icon={<Wallet className="size-4" />}
            highlight
          />
          <Figure
            label={t.paidOut}
            amount={earnings.paidOut}
            hint={t.paidOutHint}
            icon={<Landmark className="size-4" />}
          />
        </dl>
        {negative ? <FormAlert tone="info">{t.negativeBalance}</FormAlert> : null}
        <PayoutAction earnings={earnings} />
      </section>
      <PayoutAccountSection account={earnings.account} stripe={stripe} />
      <section aria-labelledby="ledger-title" className="flex flex-col gap-3">
        <h2 id="ledger-title" className="font-display text-2xl font-semibold">
          {t.ledgerTitle}
        </h2>
        <LedgerTable entries={earnings.entries} />
        {hasNextPage ? (
          <LoadMoreButton busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
            {t.moreLines}
          </LoadMoreButton>
        ) : null}
      </section>
    </div>
  )
}
