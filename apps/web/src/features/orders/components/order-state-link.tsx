import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { orderStateWords } from '@/lib/order-status'

type OrderStateLinkProps = {
  /** The order's id: its booking's id. */
  orderId: string
  /** The order, when the buyer's orders have been read: its state in words; without it, only the link. */
  order: Pick<Order, 'status' | 'awaitingAddress' | 'refunded'> | undefined
  /** The bag's title, for screen readers (a list of "View order" links must say which). */
  title: string
}

/** My Orders' paid row: the order's state in words, linking to its order page. */
export function OrderStateLink({ orderId, order, title }: OrderStateLinkProps) {
  const words = order ? orderStateWords(order) : t.viewOrder
  const refunded = order && order.refunded > 0 ? order.refunded : 0
  return (
    <span className="inline-flex flex-col gap-0.5">
      <Link
        to={paths.dashboard.order(orderId)}
        className="link link-hover inline-flex items-center gap-0.5 text-sm font-medium text-primary"
        data-testid="order-state-link"
        aria-label={`${words}: ${title}`}
      >
        {words}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
      {refunded > 0 ? (
        <span className="text-sm text-base-content/80" data-testid="order-refunded">
          {t.refundedToYou(formatPrice(refunded))}
        </span>
      ) : null}
    </span>
  )
}
