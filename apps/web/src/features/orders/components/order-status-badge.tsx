import type { Order } from '@preloved/shared/orders'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { orderStateTone, orderStateWords } from '../order-state'

type OrderStatusBadgeProps = { order: Pick<Order, 'status' | 'awaitingAddress'>; className?: string }

/** An order's state in words ("Paid, to be shipped", "Shipped", "Problem reported"…), coloured by who it waits on. */
export function OrderStatusBadge({ order, className }: OrderStatusBadgeProps) {
  return (
    <Badge tone={orderStateTone(order.status)} className={cn('badge-md h-auto min-h-6 py-0.5 text-left', className)}>
      <span data-testid="order-state">{orderStateWords(order)}</span>
    </Badge>
  )
}
