import { messages } from '@preloved/shared/messages'
import {
  ORDER_PROCESS,
  type OrderMove,
  type OrderPersonMove,
  type OrderTransition,
  orderPartsOf,
} from '@preloved/shared/order-process'
import type { OrderStatus } from '@preloved/shared/orders'
import { and, eq, lte, or } from 'drizzle-orm'
import { orders } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import type { OrderRow, Viewer } from './orders.repository.ts'

// The order's moves checked against the process table (packages/shared/src/order-process.ts): who may make a move, from
// which state, and what else must hold. The moves' own writes are in orders.service.ts.

const m = messages.orderMoves
const transition = (move: OrderMove): OrderTransition => ORDER_PROCESS[move]

/** The refusal of someone the table does not let make `move`, naming who may. */
function forbidden(move: OrderMove): AppError {
  const actors = transition(move).actors
  const text =
    actors.includes('seller') && actors.includes('admin')
      ? m.sellerOrAdmin
      : actors.includes('buyer')
        ? m.onlyBuyer
        : actors.includes('seller')
          ? m.onlySeller
          : m.onlyAdmin
  return new AppError(403, text)
}

/**
 * 404 for someone who is neither the order's buyer, its seller nor an admin (not theirs to see); 403 for someone who
 * is, when the table does not let them make `move` (docs/product/storefront.md#status-precedence). `read`: anyone
 * who may see it; `admin`: an admin's action beside the process (closing a chargeback's hold).
 */
export function mayMake(
  o: Pick<OrderRow, 'buyerId' | 'sellerId'> | undefined,
  user: Viewer,
  move: OrderPersonMove | 'read' | 'admin',
) {
  const parts = o ? orderPartsOf(o, user) : []
  if (parts.length === 0) throw new AppError(404, m.notFound)
  if (move === 'admin' && !parts.includes('admin')) throw new AppError(403, m.onlyAdmin)
  if (move !== 'read' && move !== 'admin' && !transition(move).actors.some((a) => parts.includes(a)))
    throw forbidden(move)
  return parts
}

/**
 * 409 unless the table allows `move` from the order's state and what else it needs holds (`refundLeft`: the caller
 * knows what is left to refund), each refusal in its own words.
 */
export function allowedNow(o: OrderRow, move: OrderMove, facts: { refundLeft?: boolean } = {}) {
  const t = transition(move)
  const own = t.refusedIn?.[o.status]
  if (own) throw new AppError(409, m[own])
  if (!t.from.includes(o.status)) throw new AppError(409, m.wrongState(o.status))
  for (const condition of t.when ?? []) {
    if (condition === 'addressGiven' && !o.address) throw new AppError(409, m.awaitingAddress)
    if (condition === 'refundLeft' && !facts.refundLeft) throw new AppError(409, m.nothingToRefund)
  }
}

/**
 * After a move's write, still in its transaction: the order is where the table says the move leads, or where it was
 * (a refund in part, an answer, a request already made once). A move that lands elsewhere is a bug, refused whole.
 */
export function assertLanded(move: OrderMove, before: OrderStatus, after: OrderStatus) {
  if (after !== before && !transition(move).to.includes(after))
    throw new Error(`order move ${move} led from ${before} to ${after}, which the order process does not allow`)
}

/** A move's mail must be what the table says it sends. */
export function assertMail(move: OrderMove, kinds: readonly string[]) {
  const allowed: readonly string[] = transition(move).mail
  const stray = kinds.filter((k) => !allowed.includes(k))
  if (stray.length > 0)
    throw new Error(`order move ${move} sends ${stray.join(', ')}, which the order process does not list`)
}

/** The shop's own moves, each due at a stored deadline of the order. */
export const DEADLINE_MOVES = (Object.keys(ORDER_PROCESS) as OrderMove[]).filter(
  (move) => transition(move).deadline !== undefined,
) as ('shipDeadline' | 'autoComplete')[]

type DeadlineColumn = 'shipBy' | 'autoCompleteAt'
const deadlineOf = (move: 'shipDeadline' | 'autoComplete') => transition(move).deadline as DeadlineColumn

/** The deadline move due on the order at `now`, with its date; undefined when none is. */
export function dueMove(o: OrderRow, now: Date): { move: 'shipDeadline' | 'autoComplete'; at: Date } | undefined {
  for (const move of DEADLINE_MOVES) {
    const at = o[deadlineOf(move)]
    if (transition(move).from.includes(o.status) && at && at <= now) return { move, at }
  }
  return undefined
}

/** SQL: the orders on which a deadline move is due at `now`. */
export const dueWhere = (now: Date) =>
  or(
    ...DEADLINE_MOVES.flatMap((move) =>
      transition(move).from.map((status) => and(eq(orders.status, status), lte(orders[deadlineOf(move)], now))),
    ),
  )
