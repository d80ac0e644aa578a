import { type OrderViewer, orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { type OrderPersonMove, orderFactsOf, orderMovesFor } from '@preloved/shared/order-process'
import type { Order } from '@preloved/shared/orders'
import { formatDeadline } from '@/lib/format-date'

export type { OrderViewer }

/** A move the order page may offer (docs/product/orders.md#moves): the buyer's and the seller's. */
export type OrderAction = OrderPersonMove

/** Who the signed-in user is to this order: its buyer, its seller, an admin, or (null) nobody the page serves. */
export function orderViewer(
  order: Pick<Order, 'buyer' | 'seller'>,
  user: { id: string; role: string },
): OrderViewer | null {
  if (user.id === order.buyer._id) return 'buyer'
  if (user.id === order.seller._id) return 'seller'
  return user.role === 'admin' ? 'admin' : null
}

type NextStepOrder = Pick<Order, 'status' | 'awaitingAddress' | 'shipBy' | 'autoCompleteAt'>

/**
 * One line under the state: what happens next, and who must act by when (deadlines written out in the viewer's time
 * zone, or `timeZone`).
 */
export function orderNextStep(order: NextStepOrder, viewer: OrderViewer, timeZone?: string): string {
  const n = t.next
  const by = (viewer === 'buyer' ? 'Buyer' : viewer === 'seller' ? 'Seller' : 'Admin') as 'Buyer' | 'Seller' | 'Admin'
  const date = (iso: string | null) => (iso ? formatDeadline(iso, timeZone) : '')
  switch (order.status) {
    case 'paid':
      if (order.awaitingAddress || !order.shipBy) return n[`awaitingAddress${by}`]
      return n[`paid${by}`](date(order.shipBy))
    case 'shipped':
      return order.autoCompleteAt ? n[`shipped${by}`](date(order.autoCompleteAt)) : t.status.shipped
    case 'disputed':
      return n[`disputed${by}`]
    case 'completed':
      return n[`completed${by}`]
    case 'cancelled':
      return n[`cancelled${by}`]
    case 'refunded':
      return n[`refunded${by}`]
  }
}

/**
 * The moves this viewer may make now, and nothing else: what the order process table gives them
 * (packages/shared/src/order-process.ts), which is what the server accepts. The seller ships (once the address is
 * there) or cancels a paid order and answers a dispute; the buyer gives or changes the address until the bag ships,
 * then confirms or reports a problem. Admins act from their own pages (`adminOrderMoves`, shared).
 */
export function orderActions(
  order: Pick<Order, 'status' | 'awaitingAddress' | 'amount' | 'refunded'>,
  viewer: OrderViewer,
): OrderAction[] {
  if (viewer === 'admin') return []
  return orderMovesFor(orderFactsOf(order), [viewer])
}

/** The deadline that matters now and what it is called, or null when none runs. */
export function orderDeadline(
  order: Pick<Order, 'status' | 'shipBy' | 'autoCompleteAt' | 'awaitingAddress'>,
): { label: string; at: string } | null {
  if (order.status === 'paid' && order.shipBy && !order.awaitingAddress)
    return { label: t.deadline.shipBy, at: order.shipBy }
  if (order.status === 'shipped' && order.autoCompleteAt)
    return { label: t.deadline.autoCompleteAt, at: order.autoCompleteAt }
  return null
}
