import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import type { Order, OrderStatus } from '@preloved/shared/orders'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { orderStateTone, orderStateWords } from '@/lib/order-status'

/** The admin's colours: an open problem stands out, a completed order is green, the rest stays quiet. */
const adminTones: Record<OrderStatus, BadgeTone> = {
  paid: 'neutral',
  shipped: 'neutral',
  completed: 'success',
  disputed: 'accent',
  cancelled: 'neutral',
  refunded: 'neutral',
}

type OrderStatusBadgeProps = {
  order: Pick<Order, 'status' | 'awaitingAddress'>
  /**
   * `order` (the order page, My Sales): the order pages' words ("Paid, to be shipped", the wait for an address),
   * coloured by who the order waits on. `admin` (the admin's Orders and dispute pages): the money pages' words
   * ("Paid, waiting to ship") on one line, coloured only for a problem or a completed order.
   */
  variant?: 'order' | 'admin'
}

/** An order's state in words (the colour only repeats them). */
export function OrderStatusBadge({ order, variant = 'order' }: OrderStatusBadgeProps) {
  if (variant === 'admin')
    return (
      <Badge tone={adminTones[order.status]} className="whitespace-nowrap">
        {moneyPagesMessages.statuses[order.status]}
      </Badge>
    )
  return (
    <Badge tone={orderStateTone(order.status)} className="badge-md h-auto min-h-6 py-0.5 text-left">
      <span data-testid="order-state">{orderStateWords(order)}</span>
    </Badge>
  )
}
