import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { ArrowLeft, CheckCircle2, RotateCcw, SplitSquareHorizontal } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { DisputePhotos } from '@/components/orders/dispute-photos'
import { OrderStatusBadge } from '@/components/orders/order-status-badge'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { formatDay, formatTime } from '@/lib/format-date'
import { formatAge, refundableDollars, toCents } from '@/lib/money'
import { toast } from '@/lib/notify'
import { newIdempotencyKey, type Order, useAdminOrder, useResolveDispute } from '../api/admin-orders'
import { disputedAt } from '../money-checks'
import { RefundDialog } from './refund-dialog'

const t = moneyPagesMessages.disputes

type Decision = 'release' | 'refund' | 'partial'

/** Every decision asks for its reason, which goes to the order's audit log. */
const reasonField = {
  label: moneyPagesMessages.orders.reason,
  hint: moneyPagesMessages.orders.reasonHint,
  required: t.reasonRequired,
}

function Panel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-base-200 py-1.5 last:border-0">
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  )
}

function OrderSummary({ order }: { order: Order }) {
  const shipped = order.timeline.findLast((e) => e.status === 'shipped')
  return (
    <Panel id="dispute-order" title={t.summary}>
      <div className="flex items-start gap-3">
        <img
          src={order.product.img}
          alt=""
          width={96}
          height={72}
          className="aspect-[4/3] w-24 shrink-0 rounded-field bg-base-200 object-cover"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={paths.dashboard.order(order._id)} className="link link-hover font-semibold break-words">
            {order.product.title}
          </Link>
          <span className="font-mono text-xs break-all text-base-content/70">
            <span className="sr-only">Order id </span>
            {order._id}
          </span>
          <OrderStatusBadge order={order} variant="admin" />
        </div>
      </div>
      <dl className="text-sm">
        <Line label="Buyer">{order.buyer.name}</Line>
        <Line label="Seller">{order.seller.name}</Line>
        <Line label="Paid on">
          <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>
        </Line>
        {shipped ? (
          <Line label="Shipped">
            <time dateTime={shipped.at}>{formatDay(shipped.at)}</time>
            {order.carrier ? ` · ${order.carrier}` : null}
            {order.trackingNumber ? ` ${order.trackingNumber}` : null}
          </Line>
        ) : null}
        <Line label="Price">{formatPrice(order.price)}</Line>
        <Line label="Shipping">{toCents(order.shipping) === 0 ? 'Free' : formatPrice(order.shipping)}</Line>
        {toCents(order.discount) > 0 ? (
          <Line label="First-order discount (shop)">−{formatPrice(order.discount)}</Line>
        ) : null}
        <Line label="Buyer paid">{formatPrice(order.amount)}</Line>
        {toCents(order.refunded) > 0 ? <Line label="Refunded">−{formatPrice(order.refunded)}</Line> : null}
        <Line label="Commission">{formatPrice(order.commission)}</Line>
        <Line label="Seller gets">{formatPrice(order.sellerAmount)}</Line>
        {order.chargeback ? <Line label="Card chargeback">Money held until closed</Line> : null}
      </dl>
    </Panel>
  )
}

function AuditLog({ order }: { order: Order }) {
  if (order.audit.length === 0) return null
  return (
    <Panel id="dispute-audit" title="Audit log">
      <ol className="flex flex-col gap-2 text-sm">
        {order.audit.map((entry) => (
          <li key={`${entry.at}-${entry.action}`} className="flex flex-col">
            <span className="font-medium">
              {entry.action} by {entry.actor}
            </span>
            <span className="text-base-content/70">
              <time dateTime={entry.at}>
                {formatDay(entry.at)} {formatTime(entry.at)}
              </time>
              {entry.reason ? ` · ${entry.reason}` : null}
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  )
}

/** The admin's dispute page: the order, both parties' words and photos, and the three decisions. */
export function DisputeView({ id }: { id: string }) {
  const { data: order } = useAdminOrder(id)
  const resolve = useResolveDispute()
  const navigate = useNavigate()
  const [deciding, setDecision] = useState<Decision | null>(null)
  // one key per opened decision: a repeated request (a retry, a double submit) is the same refund
  const [decisionKey, setDecisionKey] = useState('')
  const setDeciding = (decision: Decision | null) => {
    if (decision) setDecisionKey(newIdempotencyKey())
    setDecision(decision)
  }

  if (!order) return <Loading className="py-12" />
  const dispute = order.dispute
  const open = order.status === 'disputed'
  const max = refundableDollars(order)
  const at = disputedAt(order)

  const decide = (decision: Decision, reason: string, amount?: number) =>
    resolve.mutate(
      {
        id: order._id,
        idempotencyKey: decisionKey,
        outcome: decision === 'release' ? 'release' : 'refund',
        reason,
        ...(amount === undefined ? {} : { amount }),
      },
      {
        onSuccess: () => {
          toast.success(
            decision === 'release'
              ? t.released
              : decision === 'refund'
                ? t.refundedBuyer
                : t.partialRefunded(formatPrice(amount ?? 0)),
          )
          setDeciding(null)
          navigate(paths.dashboard.disputes())
        },
        onError: (error) => toast.error(error.message),
      },
    )

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <title>{`${t.title}: ${order.product.title} | Preloved Bags Co.`}</title>
      <Link to={paths.dashboard.disputes()} className="link link-hover inline-flex items-center gap-1.5 self-start">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.back}
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold break-words sm:text-4xl">{order.product.title}</h1>
        {open ? (
          <p className="text-base-content/75">
            Dispute open for {formatAge(at)}, since <time dateTime={at}>{formatDay(at)}</time>.
          </p>
        ) : null}
      </div>
      {!open ? (
        <FormAlert tone="info">{t.notDisputed(moneyPagesMessages.statuses[order.status].toLowerCase())}</FormAlert>
      ) : null}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Panel id="dispute-buyer" title={t.buyerSide}>
            {dispute ? (
              <>
                <Badge tone="accent" className="self-start">
                  {moneyPagesMessages.disputeReasons[dispute.reason]}
                </Badge>
                <p className="whitespace-pre-line break-words">{dispute.note}</p>
                <DisputePhotos
                  urls={dispute.photos}
                  label={t.photos(order.buyer.name)}
                  alt={(n) => t.photo(order.buyer.name, n)}
                  size="md"
                />
              </>
            ) : (
              <p className="text-base-content/75">No report on this order.</p>
            )}
          </Panel>
          <Panel id="dispute-seller" title={t.sellerSide}>
            {dispute?.answer ? (
              <>
                <p className="whitespace-pre-line break-words">{dispute.answer}</p>
                <DisputePhotos
                  urls={dispute.answerPhotos}
                  label={t.photos(order.seller.name)}
                  alt={(n) => t.photo(order.seller.name, n)}
                  size="md"
                />
              </>
            ) : (
              <p className="text-base-content/75">{t.noAnswer}</p>
            )}
          </Panel>
          <AuditLog order={order} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-4">
          <OrderSummary order={order} />
          {open ? (
            <section
              aria-labelledby="dispute-decide"
              className="flex flex-col gap-3 rounded-box border border-primary/30 bg-primary/5 p-4 sm:p-5"
            >
              <h2 id="dispute-decide" className="font-display text-xl font-semibold">
                {t.decide}
              </h2>
              <p className="text-sm text-base-content/80">{t.decideLead}</p>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <Button className="gap-2" onClick={() => setDeciding('release')} disabled={resolve.isPending}>
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                  {t.release}
                </Button>
                <Button
                  variant="subtle"
                  className="gap-2 text-error hover:border-error/40"
                  onClick={() => setDeciding('refund')}
                  disabled={resolve.isPending}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {t.refundBuyer}
                </Button>
                <Button
                  variant="subtle"
                  className="gap-2"
                  onClick={() => setDeciding('partial')}
                  disabled={resolve.isPending || max <= 0}
                >
                  <SplitSquareHorizontal aria-hidden="true" className="size-4" />
                  {t.partialRefund}
                </Button>
              </div>
            </section>
          ) : null}
        </div>
      </div>
      <ActionDialog
        open={deciding === 'release'}
        title={t.releaseTitle}
        message={t.releaseMessage(formatPrice(order.sellerAmount))}
        confirmLabel={t.release}
        reason={reasonField}
        busy={resolve.isPending}
        onConfirm={(reason) => decide('release', reason)}
        onCancel={() => setDeciding(null)}
      />
      <ActionDialog
        open={deciding === 'refund'}
        title={t.refundBuyerTitle}
        message={t.refundBuyerMessage(formatPrice(max))}
        confirmLabel={t.refundBuyer}
        tone="danger"
        reason={reasonField}
        busy={resolve.isPending}
        onConfirm={(reason) => decide('refund', reason)}
        onCancel={() => setDeciding(null)}
      />
      <RefundDialog
        open={deciding === 'partial'}
        title={t.partialTitle}
        message={t.partialMessage(formatPrice(max))}
        confirmLabel={t.partialRefund}
        max={max}
        amountRequired
        labels={{
          amount: t.partialAmount,
          amountHint: t.partialAmountHint(formatPrice(max)),
          reason: moneyPagesMessages.orders.reason,
          reasonHint: moneyPagesMessages.orders.reasonHint,
          reasonRequired: t.reasonRequired,
        }}
        busy={resolve.isPending}
        onConfirm={({ amount, reason }) => decide('partial', reason, amount)}
        onCancel={() => setDeciding(null)}
      />
    </div>
  )
}
