import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { Receipt } from 'lucide-react'
import type { ReactNode } from 'react'
import { DisputePhotos } from '@/components/orders/dispute-photos'
import { OrderStatusBadge } from '@/components/orders/order-status-badge'
import { ButtonLink } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { paths } from '@/config/paths'
import { formatDateTime } from '@/lib/format-date'
import { type OrderViewer, orderDeadline, orderNextStep } from '../order-state'
import { DeadlineCountdown } from './deadline-countdown'
import { OrderActions } from './order-actions'
import { OrderMoneyRows } from './order-money-rows'
import { OrderTimeline } from './order-timeline'

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Delivery({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  const d = t.delivery
  const a = order.address
  return (
    <Panel title={d.heading} id="order-delivery">
      <dl className="flex flex-col gap-3 text-sm">
        <div className="flex flex-col gap-0.5">
          <dt className="text-base-content/75">{d.address}</dt>
          <dd>
            {a ? (
              <address className="not-italic" data-testid="order-address">
                {a.name}
                <br />
                {a.line1}
                {a.line2 ? (
                  <>
                    <br />
                    {a.line2}
                  </>
                ) : null}
                <br />
                {a.postcode} {a.city}, {a.country}
                <br />
                {a.phone}
              </address>
            ) : order.awaitingAddress ? (
              <span className="font-medium">{t.awaitingAddress}</span>
            ) : (
              <span className="text-base-content/75">—</span>
            )}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-base-content/75">{d.carrier}</dt>
          <dd>{order.carrier ?? d.notShipped}</dd>
        </div>
        {order.trackingNumber ? (
          <div className="flex flex-col gap-0.5">
            <dt className="text-base-content/75">{d.trackingNumber}</dt>
            <dd className="font-mono break-all" data-testid="tracking-number">
              {order.trackingNumber}
            </dd>
          </div>
        ) : null}
        <div className="flex flex-col gap-0.5">
          <dt className="text-base-content/75">{viewer === 'seller' ? t.buyer : t.seller}</dt>
          <dd>{viewer === 'seller' ? order.buyer.name : order.seller.name}</dd>
        </div>
        {viewer === 'admin' ? (
          <div className="flex flex-col gap-0.5">
            <dt className="text-base-content/75">{t.buyer}</dt>
            <dd>{order.buyer.name}</dd>
          </div>
        ) : null}
      </dl>
    </Panel>
  )
}

function Dispute({ dispute }: { dispute: NonNullable<Order['dispute']> }) {
  return (
    <Panel title={t.disputeHeading} id="order-dispute">
      <p className="font-medium">{t.disputeReason[dispute.reason]}</p>
      <p className="text-sm break-words whitespace-pre-line">{dispute.note}</p>
      <DisputePhotos urls={dispute.photos} label="Buyer's photo" alt={(n) => `Buyer's photo ${n}`} />
      <h3 className="mt-2 font-semibold">{t.disputeAnswer}</h3>
      {dispute.answer ? (
        <>
          <p className="text-sm break-words whitespace-pre-line">{dispute.answer}</p>
          <DisputePhotos urls={dispute.answerPhotos} label="Seller's photo" alt={(n) => `Seller's photo ${n}`} />
        </>
      ) : (
        <p className="text-sm text-base-content/75">{t.noAnswer}</p>
      )}
    </Panel>
  )
}

/**
 * The order page's content (docs/product/orders.md) for its buyer, its seller or an admin: the bag, the
 * state in words and what happens next, the deadline with a countdown, the moves this viewer may make now, the money,
 * the delivery, a reported problem, the history and the receipt.
 */
export function OrderDetails({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  const deadline = orderDeadline(order)
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <div className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5">
        <img
          src={order.product.img}
          alt=""
          width={160}
          height={120}
          className="aspect-[4/3] h-20 w-28 shrink-0 rounded-field bg-base-200 object-cover sm:h-28 sm:w-36"
        />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
          <OrderStatusBadge order={order} />
          <p className="text-sm sm:text-base" data-testid="order-next">
            {orderNextStep(order, viewer)}
          </p>
          {deadline ? (
            <DeadlineCountdown label={deadline.label} at={deadline.at} className="text-sm text-base-content/80" />
          ) : null}
          {order.status === 'completed' && order.completedAt ? (
            <p className="text-sm text-base-content/75">
              {t.deadline.completedAt}{' '}
              <time dateTime={order.completedAt} suppressHydrationWarning>
                {formatDateTime(order.completedAt)}
              </time>
            </p>
          ) : null}
        </div>
      </div>
      {order.chargeback ? <FormAlert tone="info">{t.chargeback}</FormAlert> : null}

      <OrderActions order={order} viewer={viewer} />

      <div className="grid gap-5 md:grid-cols-2">
        <Panel title={t.money.heading} id="order-money">
          <OrderMoneyRows order={order} viewer={viewer} />
        </Panel>
        <Delivery order={order} viewer={viewer} />
      </div>

      {order.dispute ? <Dispute dispute={order.dispute} /> : null}

      <Panel title={t.timelineHeading} id="order-history">
        <OrderTimeline timeline={order.timeline} />
      </Panel>

      {order.audit.length > 0 ? (
        <Panel title={t.auditHeading} id="order-audit">
          <ul className="flex flex-col gap-2 text-sm">
            {order.audit.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the audit log is append-only (entries never move)
              <li key={index}>
                <span className="font-medium">{entry.action}</span> · {entry.actor} ·{' '}
                <time dateTime={entry.at} suppressHydrationWarning>
                  {formatDateTime(entry.at)}
                </time>
                {entry.reason ? <span className="block text-base-content/80">{entry.reason}</span> : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <div className="flex flex-wrap items-center gap-3 text-sm">
        <ButtonLink to={paths.dashboard.orderReceipt(order._id)} variant="subtle" size="sm" className="gap-2">
          <Receipt aria-hidden="true" className="size-4" />
          {t.printableReceipt}
        </ButtonLink>
        <span className="text-base-content/75">
          {t.orderNumber} <span className="font-mono">{order._id}</span>
        </span>
      </div>
    </div>
  )
}
