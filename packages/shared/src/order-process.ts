import type { Order, OrderStatus } from './orders.ts'
import { movesFor, type Process, type ProcessActor, type Transition } from './process.ts'

// The order after payment as data (docs/product/orders.md#moves). The server's moves check themselves against this
// table (who, from which state, what else must hold), the web offers exactly the moves it gives a person, and
// docs/product/orders.md draws it (scripts/process-diagrams.ts).

/**
 * What a move may need besides the state. `addressGiven`: the buyer's delivery address is known (ship). `refundLeft`:
 * some of what the buyer paid is not refunded yet (an admin's refund).
 */
export type OrderCondition = 'addressGiven' | 'refundLeft'

export interface OrderTransition extends Transition<OrderStatus, OrderCondition> {
  /** The API route of a person's move: `{method} /api/orders/{id}/{path}`. None for the shop's own moves. */
  route?: { method: 'POST' | 'PUT'; path: string }
  /**
   * Money back to the buyer: `rest`, everything not refunded yet; `amount`, what an admin names (everything that is
   * left when none is named). A move that refunds everything also cancels the sale: the bag goes on sale again when
   * it was never shipped.
   */
  refund?: 'rest' | 'amount'
  /** The mail it may send (docs/product/orders.md#mail). */
  mail: readonly OrderMail[]
  /** States in which the refusal has words of its own rather than "this order is <state>". */
  refusedIn?: Partial<Record<OrderStatus, 'addressAfterShipping'>>
}

export type OrderMail = 'addressAdded' | 'shipped' | 'completed' | 'disputed' | 'refunded' | 'cancelled' | 'resolved'

export const ORDER_MOVES = [
  'address',
  'ship',
  'cancel',
  'confirm',
  'dispute',
  'answer',
  'refund',
  'resolve',
  'shipDeadline',
  'autoComplete',
] as const
export type OrderMove = (typeof ORDER_MOVES)[number]

export const ORDER_PROCESS = {
  address: {
    label: 'buyer gives or changes the address',
    route: { method: 'PUT', path: 'address' },
    from: ['paid'],
    to: ['paid'],
    actors: ['buyer'],
    refusedIn: { shipped: 'addressAfterShipping', disputed: 'addressAfterShipping' },
    mail: ['addressAdded'],
  },
  ship: {
    label: 'seller ships',
    route: { method: 'POST', path: 'ship' },
    from: ['paid'],
    to: ['shipped'],
    actors: ['seller'],
    when: ['addressGiven'],
    mail: ['shipped'],
  },
  cancel: {
    label: 'cancelled, refunded in full',
    route: { method: 'POST', path: 'cancel' },
    from: ['paid'],
    to: ['cancelled'],
    actors: ['seller', 'admin'],
    refund: 'rest',
    mail: ['refunded', 'cancelled'],
  },
  confirm: {
    label: 'buyer confirms',
    route: { method: 'POST', path: 'confirm' },
    from: ['shipped'],
    to: ['completed'],
    actors: ['buyer'],
    mail: ['completed'],
  },
  dispute: {
    label: 'buyer reports a problem',
    route: { method: 'POST', path: 'dispute' },
    from: ['shipped'],
    to: ['disputed'],
    actors: ['buyer'],
    mail: ['disputed'],
  },
  answer: {
    label: 'seller answers',
    route: { method: 'POST', path: 'answer' },
    from: ['disputed'],
    to: ['disputed'],
    actors: ['seller'],
    mail: [],
  },
  refund: {
    label: 'admin refunds',
    route: { method: 'POST', path: 'refund' },
    from: ['paid', 'shipped'],
    to: ['refunded'],
    stays: true,
    actors: ['admin'],
    when: ['refundLeft'],
    refund: 'amount',
    mail: ['refunded', 'resolved'],
  },
  resolve: {
    label: 'admin resolves',
    route: { method: 'POST', path: 'resolve' },
    from: ['disputed'],
    to: ['completed', 'refunded'],
    actors: ['admin'],
    refund: 'amount',
    mail: ['refunded', 'resolved', 'completed'],
  },
  shipDeadline: {
    label: 'not shipped in time, refunded in full',
    from: ['paid'],
    to: ['cancelled'],
    actors: ['system'],
    deadline: 'shipBy',
    refund: 'rest',
    mail: ['refunded', 'cancelled'],
  },
  autoComplete: {
    label: 'completes',
    from: ['shipped'],
    to: ['completed'],
    actors: ['system'],
    deadline: 'autoCompleteAt',
    mail: ['completed'],
  },
} as const satisfies Process<OrderStatus, OrderMove, OrderCondition> & Record<OrderMove, OrderTransition>

/** A move a person makes (through its route), as opposed to the shop's own moves at a deadline. */
export type OrderPersonMove = {
  [M in OrderMove]: (typeof ORDER_PROCESS)[M] extends { route: unknown } ? M : never
}[OrderMove]

export const ORDER_PERSON_MOVES = ORDER_MOVES.filter(
  (m): m is OrderPersonMove => 'route' in ORDER_PROCESS[m],
) as readonly OrderPersonMove[]

/** What a person is to an order: its buyer, its seller, an admin (one person may be two of these). */
export function orderPartsOf(
  order: { buyerId: string; sellerId: string },
  user: { id: string; role: string },
): ProcessActor[] {
  const parts: ProcessActor[] = []
  if (order.buyerId === user.id) parts.push('buyer')
  if (order.sellerId === user.id) parts.push('seller')
  if (user.role === 'admin') parts.push('admin')
  return parts
}

/** What the conditions read from an order. */
export interface OrderFacts {
  status: OrderStatus
  awaitingAddress: boolean
  /** Some of what the buyer paid is not refunded yet. */
  refundLeft: boolean
}

/** The facts as an order's JSON tells them (amounts in dollars, compared in cents). */
export const orderFactsOf = (order: Pick<Order, 'status' | 'awaitingAddress' | 'amount' | 'refunded'>): OrderFacts => ({
  status: order.status,
  awaitingAddress: order.awaitingAddress,
  refundLeft: Math.round(order.amount * 100) > Math.round(order.refunded * 100),
})

/** The moves these parts may make on the order now: what the web offers, and what the server accepts. */
export function orderMovesFor(order: OrderFacts, parts: readonly ProcessActor[]): OrderPersonMove[] {
  const holds = (c: OrderCondition) => (c === 'addressGiven' ? !order.awaitingAddress : order.refundLeft)
  return movesFor(ORDER_PROCESS, order.status, parts, holds).filter((m): m is OrderPersonMove =>
    (ORDER_PERSON_MOVES as readonly string[]).includes(m),
  )
}

/** The moves an admin may make on the order now: what the admin pages offer. */
export const adminOrderMoves = (order: Pick<Order, 'status' | 'awaitingAddress' | 'amount' | 'refunded'>) =>
  orderMovesFor(orderFactsOf(order), ['admin'])
