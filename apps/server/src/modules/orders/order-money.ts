// The money inside an order's moves: refunds, closing with a full refund, completing with the seller's share, and
// the idempotency of an admin's money request (decision 031).
import { messages } from '@preloved/shared/messages'
import type { OrderMove } from '@preloved/shared/order-process'
import type { OrderActor } from '@preloved/shared/orders'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { auditLog, bookings, ledgerEntries, orders, payments, products, refunds } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { dollarsToCents, formatUsd } from '../../lib/money.ts'
import { refundThroughProvider } from '../payments/refunds.ts'
import { queueListingMatch } from '../saved-searches/saved-searches.repository.ts'
import { orderLedger, refundEntries } from './ledger.ts'
import { addDays, type MoveCtx } from './order-deps.ts'
import { mailLater } from './order-mail.ts'
import { addEvent, type OrderRow, refundedCents } from './orders.repository.ts'

const m = messages.orderMoves

// ———————————————————————————————————————— money moves ————————————————————————————————————————

const transactionOf = async (tx: DbOrTx, paymentId: string) =>
  (await tx.select({ transactionId: payments.transactionId }).from(payments).where(eq(payments.id, paymentId)))[0]!
    .transactionId

/**
 * Gives `amountCents` back to the buyer through the processor that charged, with the refund row and its ledger
 * entries, on the locked order. A key already used answers its refund again (a repeated request is a no-op).
 */
export async function recordRefund(
  ctx: MoveCtx,
  tx: DbOrTx,
  o: OrderRow,
  r: { amountCents: number; reason: string; actorId: string | null; idempotencyKey: string },
) {
  const [again] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, r.idempotencyKey))
  if (again) return { refund: again, repeated: true, full: false }
  const given = await refundedCents(tx, o.id)
  const left = o.amountPaidCents - given
  if (r.amountCents > left) throw new AppError(400, m.refundTooMuch(formatUsd(left)), { field: 'amount' })
  const provider = await refundThroughProvider(
    tx,
    ctx.deps.stripe,
    await transactionOf(tx, o.paymentId),
    r.amountCents,
    r.idempotencyKey,
    r.reason,
    ctx.deps.log,
  )
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: o.id,
      amountCents: r.amountCents,
      reason: r.reason,
      actorId: r.actorId,
      provider: provider.provider,
      providerRef: provider.providerRef,
      idempotencyKey: r.idempotencyKey,
      createdAt: ctx.now,
    })
    .returning()
  const current = await orderLedger(tx, o.id, o.sellerId)
  const entries = refundEntries(o, current, given + r.amountCents, refund!.id, ctx.now)
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries)
  const full = given + r.amountCents >= o.amountPaidCents
  // refunded in full: the payment no longer counts as the buyer's first order (their discount is theirs again)
  if (full) await tx.update(payments).set({ refundedAt: ctx.now }).where(eq(payments.id, o.paymentId))
  return { refund: refund!, repeated: false, full }
}

export interface Close {
  /** The move that closes it (its mail is checked against the process table). */
  move: OrderMove
  status: 'cancelled' | 'refunded'
  actorId: string | null
  actorRole: OrderActor
  note: string
  /** Why, for the refund row and the mail. */
  reason: string
  idempotencyKey: string
  at: Date
}

/**
 * Cancels or refunds an order in full, on the locked order: what is left of the payment goes back to the buyer, the
 * ledger is reversed, the booking is cancelled and the payment marked refunded (the buyer's first-order discount is
 * theirs again); a bag that was never shipped is for sale again.
 */
export async function closeWithFullRefund(ctx: MoveCtx, tx: DbOrTx, o: OrderRow, c: Close) {
  const left = o.amountPaidCents - (await refundedCents(tx, o.id))
  if (left > 0) {
    await recordRefund(ctx, tx, o, {
      amountCents: left,
      reason: c.reason,
      actorId: c.actorId,
      idempotencyKey: c.idempotencyKey,
    })
  } else {
    await tx.update(payments).set({ refundedAt: ctx.now }).where(eq(payments.id, o.paymentId))
  }
  const moved = await tx
    .update(orders)
    .set({
      status: c.status,
      ...(c.status === 'cancelled' ? { cancelledAt: c.at } : { refundedAt: c.at }),
      updatedAt: ctx.now,
    })
    .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
    .returning({ id: orders.id })
  if (moved.length === 0) throw new AppError(409, m.wrongState(o.status))
  await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.id, o.id), eq(bookings.status, 'paid')))
  if (!o.shippedAt) {
    await tx
      .update(products)
      .set({ status: 'available' })
      .where(and(eq(products.id, o.productId), eq(products.status, 'sold')))
    ctx.effects.push(async () => ctx.deps.listingsChanged([o.productId]))
    // for sale again: it waits, in this transaction, for the saved searches' matching job (decision 033)
    await queueListingMatch(tx, o.productId)
  }
  await addEvent(tx, {
    orderId: o.id,
    status: c.status,
    actorId: c.actorId,
    actorRole: c.actorRole,
    note: c.note,
    at: c.at,
  })
  mailLater(ctx, c.move, o.id, [
    { refunded: { cents: left, why: c.reason } },
    ...(c.status === 'cancelled' ? [{ cancelled: c.reason }] : [{ resolved: m.noteRefunded(formatUsd(left)) }]),
  ])
}

/** A seller's first completed sales whose money waits NEW_SELLER_HOLD_DAYS before payout (docs/decisions/029). */
export const NEW_SELLER_SALES = 3

/**
 * When the seller's share of an order completing at `at` may be paid out: at once, unless it is one of the seller's
 * first NEW_SELLER_SALES completed sales, whose money waits `holdDays` more (what a stolen card's chargeback needs to
 * arrive before the money leaves).
 */
async function availableAtOf(tx: DbOrTx, sellerId: string, orderId: string, at: Date, holdDays: number) {
  if (holdDays <= 0) return at
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'completed'), sql`${orders.id} <> ${orderId}`))
  return Number(row?.n ?? 0) < NEW_SELLER_SALES ? addDays(at, holdDays) : at
}

export async function complete(
  ctx: MoveCtx,
  tx: DbOrTx,
  o: OrderRow,
  actorId: string | null,
  actorRole: OrderActor,
  note: string,
  at: Date,
) {
  const availableAt = await availableAtOf(tx, o.sellerId, o.id, at, ctx.deps.rules.newSellerHoldDays)
  const moved = await tx
    .update(orders)
    .set({ status: 'completed', completedAt: at, availableAt, updatedAt: ctx.now })
    .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
    .returning({ id: orders.id })
  if (moved.length === 0) throw new AppError(409, m.wrongState(o.status))
  await addEvent(tx, { orderId: o.id, status: 'completed', actorId, actorRole, note, at })
}

/** The refund's idempotency key: the client's Idempotency-Key header (scoped to the order), or one per amount and count. */
export async function refundKey(tx: DbOrTx, o: OrderRow, clientKey: string | undefined, cents: number) {
  if (clientKey) return `order-${o.id}-key-${clientKey}`
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, o.id))
  return `order-${o.id}-refund-${Number(row?.n ?? 0) + 1}-${cents}`
}

/** What a money move sent with an Idempotency-Key asked for: the key stands for this request and no other. */
export interface KeyedRequest {
  action: 'refund' | 'resolve'
  outcome?: 'release' | 'refund'
  /** Cents asked for; null: in full. */
  amountCents: number | null
  reason: string
}

export const keyedRequest = (
  action: KeyedRequest['action'],
  body: { amount?: number | undefined; outcome?: KeyedRequest['outcome']; reason: string },
): KeyedRequest => ({
  action,
  ...(body.outcome ? { outcome: body.outcome } : {}),
  amountCents: body.amount === undefined ? null : dollarsToCents(body.amount),
  reason: body.reason,
})

/** The audit detail that remembers a keyed request, so that the key can be checked when it comes again. */
export const keyedDetail = (clientKey: string | undefined, request: KeyedRequest) =>
  clientKey ? { idempotencyKey: clientKey, request } : {}

/** How two requests under one key differ, in words; undefined when they ask for the same. */
function keyedDifference(first: KeyedRequest, again: KeyedRequest): string | undefined {
  const amount = (cents: number | null) => (cents === null ? 'in full' : formatUsd(cents))
  const what = (r: KeyedRequest) => (r.action === 'refund' ? 'a refund' : 'a dispute resolution')
  const differences = [
    first.action !== again.action ? `it made ${what(first)}, this is ${what(again)}` : undefined,
    first.outcome !== again.outcome
      ? `outcome ${first.outcome ?? 'none'} then, ${again.outcome ?? 'none'} now`
      : undefined,
    first.amountCents !== again.amountCents
      ? `amount ${amount(first.amountCents)} then, ${amount(again.amountCents)} now`
      : undefined,
    first.reason !== again.reason ? 'another reason' : undefined,
  ].filter(Boolean)
  return differences.length > 0 ? differences.join('; ') : undefined
}

/**
 * A client key already used on this order (decision 031): the same request again is answered as the first was, with
 * nothing done twice (true); another request under the same key is a 422 naming the key and what differs, as Stripe
 * answers it. Keys are compared with the request the audit log kept, or (for a refund made before requests were kept)
 * with the refund's amount.
 */
export async function alreadyDone(tx: DbOrTx, o: OrderRow, clientKey: string | undefined, request: KeyedRequest) {
  if (!clientKey) return false
  const [audited] = await tx
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.orderId, o.id), sql`${auditLog.detail}->>'idempotencyKey' = ${clientKey}`))
    .limit(1)
  const first = audited?.detail.request as KeyedRequest | undefined
  if (first) {
    const difference = keyedDifference(first, request)
    if (difference) throw new AppError(422, m.idempotencyKeyReused(clientKey, difference))
    return true
  }
  const [refund] = await tx
    .select({ amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, `order-${o.id}-key-${clientKey}`))
  if (!refund) return false
  if (request.amountCents !== null && request.amountCents !== refund.amountCents) {
    const difference = `amount ${formatUsd(refund.amountCents)} then, ${formatUsd(request.amountCents)} now`
    throw new AppError(422, m.idempotencyKeyReused(clientKey, difference))
  }
  return true
}

/** The refund's amount in cents, checked against what is left to refund (400 above it). */
export async function refundAmount(tx: DbOrTx, o: OrderRow, amount: number | undefined) {
  const left = o.amountPaidCents - (await refundedCents(tx, o.id))
  if (amount === undefined) return { cents: left, left }
  const cents = dollarsToCents(amount)
  if (cents > left && left > 0) throw new AppError(400, m.refundTooMuch(formatUsd(left)), { field: 'amount' })
  return { cents, left }
}
