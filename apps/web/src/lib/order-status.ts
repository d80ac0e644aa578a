import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order, OrderStatus } from '@preloved/shared/orders'

/** The order's state in words, for a badge ("Paid, to be shipped"; a paid order without an address says so). */
export function orderStateWords(order: Pick<Order, 'status' | 'awaitingAddress'>): string {
  if (order.status === 'paid' && order.awaitingAddress) return t.awaitingAddress
  return t.status[order.status]
}

/** Badge colours: what still waits on someone (warning), what went well (success), what ended otherwise (neutral). */
export function orderStateTone(status: OrderStatus): 'warning' | 'info' | 'success' | 'error' | 'neutral' {
  switch (status) {
    case 'paid':
      return 'warning'
    case 'shipped':
      return 'info'
    case 'completed':
      return 'success'
    case 'disputed':
      return 'error'
    default:
      return 'neutral'
  }
}
