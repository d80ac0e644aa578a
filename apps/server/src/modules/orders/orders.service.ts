// The order after payment (docs/product/orders.md): made when the payment succeeds, moved by the runner (one
// transaction on the locked order, a due deadline applied first; its effects after the commit), and swept for
// deadlines. The moves themselves are in order-moves.ts, their money in order-money.ts, their mail in order-mail.ts.
import type { Address } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import type { OrderPersonMove } from '@preloved/shared/order-process'
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { ledgerEntries, orders } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import { flagLinkedOrder } from '../risk/linked.ts'
import { paymentEntries } from './ledger.ts'
import { addDays, type MoveCtx, type OrderDeps, type OrderRules } from './order-deps.ts'
import { mailLater, sendOrderMail } from './order-mail.ts'
import { closeWithFullRefund, complete } from './order-money.ts'
import { assertLanded, dueMove, dueWhere, mayMake } from './order-process.ts'
import { addEvent, findOrder, lockOrder, lockOrderSkipLocked, type OrderRow, type Viewer } from './orders.repository.ts'

const m = messages.orderMoves

// ———————————————————————————————————————— payment ————————————————————————————————————————

/**
 * The order of a payment that just succeeded, written in the payment's own transaction: the order row (its rules
 * stored on it), its ledger entries and the first timeline entry. The ship-by clock starts only with an address.
 */
export async function createPaidOrder(
  tx: DbOrTx,
  p: {
    bookingId: string
    paymentId: string
    productId: string
    sellerId: string
    buyerId: string
    bookingPriceCents: number
    address: Address | null
    amountCents: number
    discountCents: number
  },
  rules: OrderRules,
  now: Date,
) {
  // what the charge covered: the booked price, then shipping (the listing's when the payment was opened)
  let priceCents = p.bookingPriceCents
  let shippingCents = p.amountCents + p.discountCents - priceCents
  if (shippingCents < 0) {
    priceCents = p.amountCents + p.discountCents
    shippingCents = 0
  }
  const [order] = await tx
    .insert(orders)
    .values({
      id: p.bookingId,
      paymentId: p.paymentId,
      productId: p.productId,
      buyerId: p.buyerId,
      sellerId: p.sellerId,
      status: 'paid',
      priceCents,
      shippingCents,
      amountPaidCents: p.amountCents,
      discountCents: p.discountCents,
      commissionPercent: rules.commissionPercent,
      shipDays: rules.shipDays,
      autoCompleteDays: rules.autoCompleteDays,
      shipBy: p.address ? addDays(now, rules.shipDays) : null,
      address: p.address,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await tx.insert(ledgerEntries).values(paymentEntries(order!, now))
  // a buyer and a seller who look like one person: the admin is told, and the payout may wait for them
  await flagLinkedOrder(tx, order!, now)
  await addEvent(tx, {
    orderId: order!.id,
    status: 'paid',
    actorId: p.buyerId,
    actorRole: 'buyer',
    note: p.address ? m.notePaid : m.notePaidAwaitingAddress,
    at: now,
  })
  return order!
}

/**
 * The deadline due on the locked order at `now`, applied: a paid order past its ship-by date is cancelled and
 * refunded; a shipped one past its auto-completion date completes. Answers the order as it then stands.
 */
async function applyDueLocked(ctx: MoveCtx, tx: DbOrTx, o: OrderRow): Promise<OrderRow> {
  const due = dueMove(o, ctx.now)
  if (due?.move === 'shipDeadline') {
    await closeWithFullRefund(ctx, tx, o, {
      move: 'shipDeadline',
      status: 'cancelled',
      actorId: null,
      actorRole: 'system',
      note: m.noteShipDeadline,
      reason: 'not shipped by the ship-by date',
      idempotencyKey: `order-${o.id}-ship-deadline`,
      at: due.at,
    })
  } else if (due?.move === 'autoComplete') {
    await complete(ctx, tx, o, null, 'system', m.noteAutoCompleted(o.autoCompleteDays), due.at)
    mailLater(ctx, 'autoComplete', o.id, ['completed'])
  } else {
    return o
  }
  const after = (await findOrder(tx, o.id))!
  assertLanded(due.move, o.status, after.status)
  return after
}

/** Runs the effects of committed moves (mail, caches); a failure is logged, never thrown. */
async function runEffects(ctx: MoveCtx) {
  for (const effect of ctx.effects) {
    await effect().catch((err: unknown) => ctx.deps.log?.warn({ err }, 'after an order move'))
  }
}

/**
 * One move: a transaction on the order's locked row, with any deadline due applied first (so a move a deadline
 * already decided answers 409 naming the new state), then `fn`; its mail after the commit.
 */
export async function move(
  deps: OrderDeps,
  name: OrderPersonMove,
  id: string,
  now: Date,
  fn: (ctx: MoveCtx, tx: DbOrTx, o: OrderRow) => Promise<void>,
) {
  const ctx: MoveCtx = { deps, now, effects: [] }
  if (!isUuid(id)) throw new AppError(404, m.notFound)
  const decided = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id)
    if (!locked) throw new AppError(404, m.notFound)
    const o = await applyDueLocked(ctx, tx, locked)
    // a deadline moved it first: that move is kept (committed), this one is refused below
    if (o.status !== locked.status) return o.status
    await fn(ctx, tx, o)
    assertLanded(name, o.status, (await findOrder(tx, id))!.status)
    return undefined
  })
  await runEffects(ctx)
  if (decided) {
    logDeadlineMove(deps, id, decided, 'move')
    throw new AppError(409, m.wrongState(decided))
  }
}

/** A deadline applied outside the sweeper (which logs its own counts), in the sweeper's words. */
const logDeadlineMove = (deps: OrderDeps, id: string, status: string, on: 'read' | 'move') =>
  deps.log?.info(
    { cancelled: status === 'cancelled' ? 1 : 0, completed: status === 'completed' ? 1 : 0, orderId: id, on },
    'order deadlines applied',
  )

/**
 * Applies the deadline due on one order, if any (GET reads it first, so a stopped server catches up). A move made here
 * is logged like the sweeper's ("order deadlines applied"), so the log counts every deadline move once.
 */
export async function applyDue(deps: OrderDeps, id: string, now: Date) {
  const ctx: MoveCtx = { deps, now, effects: [] }
  const moved = await deps.db.transaction(async (tx) => {
    const o = await lockOrderSkipLocked(tx, id)
    if (!o) return undefined
    const after = await applyDueLocked(ctx, tx, o)
    return after.status !== o.status ? after.status : undefined
  })
  await runEffects(ctx)
  if (moved) logDeadlineMove(deps, id, moved, 'read')
}

/** Applies the deadlines due on the orders of a user (their list reads them first). */
export async function applyDueOf(deps: OrderDeps, userId: string, now: Date) {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), dueWhere(now)))
    .limit(50)
  for (const { id } of due) await applyDue(deps, id, now)
}

// ———————————————————————————————————————— who may ————————————————————————————————————————

/**
 * Who may see and move an order (docs/product/storefront.md#status-precedence), from the process table: someone who is
 * neither its buyer, its seller nor an admin gets 404 (the order is not theirs to see); a party the table does not
 * let make this move gets 403.
 */
export async function assertParty(db: DbOrTx, user: Viewer, id: string, move: OrderPersonMove | 'read' | 'admin') {
  const o = isUuid(id) ? await findOrder(db, id) : undefined
  mayMake(o, user, move)
  return o!
}

// ———————————————————————————————————————— the sweeper ————————————————————————————————————————

/**
 * Applies every deadline due at `now` (docs/product/orders.md#deadlines): paid orders past ship-by are cancelled and refunded,
 * shipped ones past auto-completion complete, and the seller of a paid order is reminded once, a day before its
 * ship-by date. Safe with several instances at once: each order is taken with FOR UPDATE SKIP LOCKED and moved only
 * if its state still calls for it, and the reminder is claimed by a conditional UPDATE.
 */
export async function sweepOrders(deps: OrderDeps, now: Date, batch = 200) {
  const counts = { cancelled: 0, completed: 0, reminded: 0 }
  const due = await deps.db.select({ id: orders.id }).from(orders).where(dueWhere(now)).limit(batch)
  for (const { id } of due) {
    const ctx: MoveCtx = { deps, now, effects: [] }
    try {
      const moved = await deps.db.transaction(async (tx) => {
        const o = await lockOrderSkipLocked(tx, id)
        if (!o) return undefined
        const after = await applyDueLocked(ctx, tx, o)
        return after.status !== o.status ? after.status : undefined
      })
      if (moved === 'cancelled') counts.cancelled++
      if (moved === 'completed') counts.completed++
      await runEffects(ctx)
    } catch (err) {
      deps.log?.warn({ err, orderId: id }, 'order deadline not applied (retried at the next sweep)')
    }
  }
  const reminded = await deps.db
    .update(orders)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.reminderSentAt),
        gt(orders.shipBy, now),
        lte(orders.shipBy, addDays(now, 1)),
      ),
    )
    .returning({ id: orders.id })
  for (const { id } of reminded) await sendOrderMail(deps, id, ['reminder'])
  counts.reminded = reminded.length
  return counts
}
