import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { Printer } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { formatDateTime } from '@/lib/format-date'

const r = t.receiptPage

function Line({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-t border-base-content/30 pt-2.5 text-lg font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  )
}

/**
 * The printable receipt of a paid order: the shop, order number, date, item, price, shipping,
 * discount, total paid and payment reference. Print hides everything of the app but the receipt (`print:` classes
 * here and on the dashboard's chrome).
 */
export function OrderReceipt({ order }: { order: Order }) {
  const paidAt = order.timeline.find((e) => e.status === 'paid')?.at ?? order.createdAt
  return (
    <div className="flex max-w-2xl flex-col gap-4 print:max-w-none">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="primary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          {t.print}
        </Button>
        <ButtonLink to={paths.dashboard.order(order._id)} variant="subtle">
          {t.backToOrder}
        </ButtonLink>
      </div>
      <article
        aria-labelledby="receipt-title"
        className="flex flex-col gap-5 rounded-box border border-base-300 bg-base-100 p-5 sm:p-8 print:border-0 print:p-2"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-base-300 pb-4">
          <p className="font-display text-2xl font-semibold">{r.shop}</p>
          <h1 id="receipt-title" className="text-xl font-semibold">
            {r.title}
          </h1>
        </header>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-base-content/75">{r.orderId}</dt>
            <dd className="font-mono break-all">{order._id}</dd>
          </div>
          <div>
            <dt className="text-base-content/75">{r.date}</dt>
            <dd>
              <time dateTime={paidAt} suppressHydrationWarning>
                {formatDateTime(paidAt)}
              </time>
            </dd>
          </div>
          <div>
            <dt className="text-base-content/75">{r.billedTo}</dt>
            <dd>{order.buyer.name}</dd>
          </div>
          <div>
            <dt className="text-base-content/75">{r.soldBy}</dt>
            <dd>{order.seller.name}</dd>
          </div>
        </dl>
        <dl className="flex flex-col">
          <Line label={r.item}>{order.product.title}</Line>
          <Line label={r.price}>{formatPrice(order.price)}</Line>
          <Line label={r.shipping}>{order.shipping > 0 ? formatPrice(order.shipping) : t.money.freeShipping}</Line>
          {order.discount > 0 ? <Line label={r.discount}>−{formatPrice(order.discount)}</Line> : null}
          <Line label={r.total} strong>
            {formatPrice(order.amount)}
          </Line>
          {order.refunded > 0 ? <Line label={r.refunded}>−{formatPrice(order.refunded)}</Line> : null}
        </dl>
        <dl className="text-sm">
          <dt className="text-base-content/75">{r.paymentReference}</dt>
          <dd className="font-mono break-all" data-testid="payment-reference">
            {order.paymentReference ?? '—'}
          </dd>
        </dl>
        <p className="text-sm text-base-content/75">{r.thanks}</p>
      </article>
    </div>
  )
}
