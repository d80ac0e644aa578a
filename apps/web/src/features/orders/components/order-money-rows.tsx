import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { formatPrice } from '@/lib/format'
import type { OrderViewer } from '../order-state'

function Row({ label, value, className }: { label: ReactNode; value: ReactNode; className?: string }) {
  return (
    <div className={cn('flex justify-between gap-3', className)}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  )
}

type OrderMoneyRowsProps = {
  order: Pick<Order, 'price' | 'shipping' | 'discount' | 'amount' | 'commission' | 'sellerAmount' | 'refunded'>
  viewer: OrderViewer
}

/**
 * The order's money as the server recorded it (never recomputed here): price, shipping, the first-order discount,
 * what the buyer paid, refunds; for the seller (and an admin) the commission and what the seller receives.
 */
export function OrderMoneyRows({ order, viewer }: OrderMoneyRowsProps) {
  const m = t.money
  const sellerSide = viewer !== 'buyer'
  return (
    <dl className="flex flex-col gap-1.5 text-sm" data-testid="order-money">
      <Row label={m.price} value={formatPrice(order.price)} />
      <Row label={m.shipping} value={order.shipping > 0 ? formatPrice(order.shipping) : m.freeShipping} />
      {order.discount > 0 ? (
        <Row label={m.discount} value={`−${formatPrice(order.discount)}`} className="text-success" />
      ) : null}
      <Row
        label={m.paid}
        value={formatPrice(order.amount)}
        className="mt-1 border-t border-base-300 pt-2 font-semibold"
      />
      {order.refunded > 0 ? <Row label={m.refunded} value={`−${formatPrice(order.refunded)}`} /> : null}
      {sellerSide ? (
        <>
          <Row label={m.commission} value={`−${formatPrice(order.commission)}`} className="mt-2" />
          <Row
            label={viewer === 'seller' ? m.youReceive : m.sellerReceives}
            value={formatPrice(order.sellerAmount)}
            className="border-t border-base-300 pt-2 text-base font-semibold"
          />
        </>
      ) : null}
    </dl>
  )
}
