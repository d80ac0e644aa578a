import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import type { OrderStatus } from '@preloved/shared/orders'
import { Badge } from '@/components/ui/badge'

const tones: Record<OrderStatus, 'neutral' | 'accent' | 'success'> = {
  paid: 'neutral',
  shipped: 'neutral',
  completed: 'success',
  disputed: 'accent',
  cancelled: 'neutral',
  refunded: 'neutral',
}

/** An order's state in words (the colour only repeats them). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={tones[status]} className="whitespace-nowrap">
      {moneyPagesMessages.statuses[status]}
    </Badge>
  )
}
