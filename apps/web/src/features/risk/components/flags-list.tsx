import { riskMessages as t } from '@preloved/shared/messages/risk'
import { CheckCircle2, Flag, Link2, Lock, Receipt, ShoppingBag, XCircle } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { Email } from '@/components/ui/email'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/format-date'
import { toast } from '@/lib/notify'
import { type FlagOutcome, type FlagTab, type RiskFlag, useFlags, useResolveFlag } from '../api/flags'

const tabs: FlagTab[] = ['open', 'resolved']

type Person = RiskFlag['users'][number]

/** The seller's money from the flagged order waits for the admin (a shared device or payout account). */
const holdsPayout = (flag: RiskFlag) => flag.detail.holdsPayout === true

const nameOf = (person: Person | undefined) => person?.name || t.deletedAccount

/** Linked accounts name the buyer, then the seller. */
const partiesOf = (flag: RiskFlag) => ({ buyer: flag.users[0], seller: flag.users[1] })

/** One account the flag is about: its name and email, and its orders in the admin's order search. */
function Account({ role, person }: { role: string; person: Person | undefined }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-field bg-base-200/60 px-3 py-2">
      <dt className="text-xs font-medium tracking-wide text-base-content/70 uppercase">{role}</dt>
      <dd className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{nameOf(person)}</span>
        {person?.email ? (
          <>
            <Email address={person.email} className="text-sm text-base-content/80" />
            <Link
              to={paths.dashboard.adminOrders(person.email)}
              className="link link-hover self-start text-sm text-primary"
              aria-label={t.theirOrdersOf(nameOf(person))}
            >
              {t.theirOrders}
            </Link>
          </>
        ) : null}
      </dd>
    </div>
  )
}

function FlagCard({ flag, onDecide }: { flag: RiskFlag; onDecide: (outcome: FlagOutcome) => void }) {
  const headingId = `flag-${flag._id}`
  const linked = flag.kind === 'linked_accounts'
  const { buyer, seller } = partiesOf(flag)
  const who = linked ? `${nameOf(buyer)} and ${nameOf(seller)}` : (t.kind[flag.kind] ?? flag.kind)
  const outcome = flag.status === 'open' ? null : flag.status
  const resolved = outcome !== null
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="flex min-w-0 flex-col gap-0.5">
            <h2 id={headingId} className="font-semibold break-words">
              {t.kind[flag.kind] ?? flag.kind}
            </h2>
            <p className="text-xs text-base-content/75">
              {t.flagged} <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt)}</time>
            </p>
          </div>
          {!resolved && holdsPayout(flag) ? (
            <Badge tone="warning" className="gap-1 whitespace-nowrap">
              <Lock aria-hidden="true" className="size-3.5" />
              {t.payoutHeld}
            </Badge>
          ) : null}
        </div>
        <p className="flex items-start gap-2 text-sm">
          <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-error" />
          <span className="min-w-0 break-words">{flag.reason}</span>
        </p>
        <dl className="grid gap-2 sm:grid-cols-2">
          {linked ? (
            <>
              <Account role={t.buyer} person={buyer} />
              <Account role={t.seller} person={seller} />
            </>
          ) : (
            flag.users.map((person) => <Account key={person._id} role={t.heldBy} person={person} />)
          )}
        </dl>
        {outcome ? (
          <div className="flex flex-col gap-1.5 border-t border-base-300 pt-3 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge tone={outcome === 'confirmed' ? 'accent' : 'success'} className="gap-1">
                {outcome === 'confirmed' ? (
                  <Link2 aria-hidden="true" className="size-3.5" />
                ) : (
                  <CheckCircle2 aria-hidden="true" className="size-3.5" />
                )}
                {(t.outcome[flag.kind] ?? t.outcome.linked_accounts)[outcome]}
              </Badge>
              {flag.resolvedAt ? (
                <span className="text-base-content/75">
                  <time dateTime={flag.resolvedAt}>{formatDateTime(flag.resolvedAt)}</time>
                </span>
              ) : null}
            </p>
            {flag.resolutionNote ? (
              <blockquote className="rounded-field border-l-4 border-base-300 bg-base-200 px-3 py-2 break-words whitespace-pre-wrap">
                {flag.resolutionNote}
              </blockquote>
            ) : (
              <p className="text-base-content/70">{t.noNote}</p>
            )}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {flag.orderId ? (
            <ButtonLink
              to={paths.dashboard.order(flag.orderId)}
              variant="subtle"
              size="sm"
              aria-label={`${t.viewOrder}: ${who}`}
            >
              <Receipt aria-hidden="true" className="size-4" />
              {t.viewOrder}
            </ButtonLink>
          ) : flag.productId ? (
            <ButtonLink
              to={paths.product(flag.productId)}
              variant="subtle"
              size="sm"
              aria-label={`${t.viewBag}: ${who}`}
            >
              <ShoppingBag aria-hidden="true" className="size-4" />
              {t.viewBag}
            </ButtonLink>
          ) : null}
          {resolved ? null : (
            // the two decisions stay side by side (on a phone, on a line of their own), at the end on wider screens
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              <Button
                variant="outline"
                size="sm"
                aria-label={`${t.dismiss}: ${who}`}
                onClick={() => onDecide('dismissed')}
              >
                <XCircle aria-hidden="true" className="size-4" />
                {t.dismiss}
              </Button>
              <Button
                variant="primary"
                size="sm"
                aria-label={`${linked ? t.confirm : t.confirmHolds}: ${who}`}
                onClick={() => onDecide('confirmed')}
              >
                <Link2 aria-hidden="true" className="size-4" />
                {linked ? t.confirm : t.confirmHolds}
              </Button>
            </div>
          )}
        </div>
      </article>
    </li>
  )
}

type Decision = { flag: RiskFlag; outcome: FlagOutcome }

/** The confirmation of a decision: what it changes (ratings, a held payout), with an optional note. */
function DecisionDialog({
  decision,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  decision: Decision | null
  busy: boolean
  error: string | undefined
  onConfirm: (note: string) => void
  onCancel: () => void
}) {
  const flag = decision?.flag
  const confirming = decision?.outcome === 'confirmed'
  const linked = flag?.kind === 'linked_accounts'
  const held = flag ? holdsPayout(flag) : false
  const { buyer, seller } = flag ? partiesOf(flag) : { buyer: undefined, seller: undefined }
  const names = [nameOf(buyer), nameOf(seller)] as const
  let title: string
  let message: string
  if (confirming) {
    title = linked ? t.confirmLinkTitle : t.confirmHoldsTitle
    message = linked
      ? [t.confirmLinkMessage(...names), held ? t.confirmKeepsPayout : ''].join(' ').trim()
      : t.confirmHoldsMessage
  } else {
    title = t.dismissTitle
    message = linked
      ? [t.dismissLinkMessage(...names), held ? t.dismissReleasesPayout : ''].join(' ').trim()
      : t.dismissHoldsMessage
  }
  return (
    <ActionDialog
      open={decision !== null}
      title={title}
      message={message}
      confirmLabel={confirming ? (linked ? t.confirm : t.confirmHolds) : t.dismiss}
      tone={confirming ? 'danger' : 'primary'}
      reason={{ label: t.noteLabel, hint: t.noteHint }}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}

/**
 * The admin's flags (docs/decisions/029): open ones to confirm or dismiss, each through a confirmation saying what it
 * changes; resolved ones with their outcome, when, and the note. Newest first, a page at a time.
 */
export function FlagsList() {
  const [params, setParams] = useSearchParams()
  const status: FlagTab = params.get('status') === 'resolved' ? 'resolved' : 'open'
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useFlags(status)
  const flags = data?.pages.flatMap((page) => page.data)
  const resolve = useResolveFlag()
  const [decision, setDecision] = useState<Decision | null>(null)

  const decide = (flag: RiskFlag, outcome: FlagOutcome) => {
    resolve.reset()
    setDecision({ flag, outcome })
  }

  const confirm = (note: string) => {
    if (!decision) return
    const { flag, outcome } = decision
    resolve.mutate(
      { id: flag._id, outcome, note },
      {
        onSuccess: () => {
          const linked = flag.kind === 'linked_accounts'
          if (outcome === 'confirmed') toast.success(linked ? t.confirmed : t.confirmedHolds)
          else toast.success(linked && holdsPayout(flag) ? t.dismissedPayout : t.dismissed)
          setDecision(null)
        },
      },
    )
  }

  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t.tabsLegend}</legend>
        <div className="join self-start">
          {tabs.map((tab) => (
            <label
              key={tab}
              className={cn(
                'btn join-item btn-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
                status === tab ? 'btn-primary' : 'border-base-300 bg-base-100',
              )}
            >
              <input
                type="radio"
                name="flag-status"
                value={tab}
                className="sr-only"
                checked={status === tab}
                onChange={() => setParams(tab === 'open' ? {} : { status: tab }, { replace: true })}
              />
              {t.tabs[tab]}
            </label>
          ))}
        </div>
      </fieldset>
      {isPending ? (
        <Loading className="py-12" />
      ) : !flags || flags.length === 0 ? (
        <EmptyState
          icon={<Flag className="size-7" />}
          title={status === 'open' ? t.empty : t.emptyResolved}
          headingLevel="h2"
        />
      ) : (
        <ul aria-label={t.listLabel[status]} className="flex flex-col gap-4">
          {flags.map((flag) => (
            <FlagCard key={flag._id} flag={flag} onDecide={(outcome) => decide(flag, outcome)} />
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <LoadMoreButton busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
          {t.more}
        </LoadMoreButton>
      ) : null}
      <DecisionDialog
        decision={decision}
        busy={resolve.isPending}
        error={resolve.isError ? resolve.error.message : undefined}
        onConfirm={confirm}
        onCancel={() => setDecision(null)}
      />
    </div>
  )
}
