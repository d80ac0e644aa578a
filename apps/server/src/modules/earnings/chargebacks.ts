import type { CloseChargebackBody } from '@preloved/shared/earnings'
import { messages } from '@preloved/shared/messages'
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type Stripe from 'stripe'
import type { Db, DbOrTx } from '../../db/client.ts'
import { auditLog, ledgerEntries, orders, payments, refunds } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { orderLedger, refundEntries } from '../orders/ledger.ts'
import { addEvent, lockOrder, type OrderRow, refundedCents } from '../orders/orders.repository.ts'

/**
 * Card chargebacks at Stripe (decision 023). `charge.dispute.created` holds the order's money out of the
 * seller's available balance (order.chargeback_at); `charge.dispute.closed` records Stripe's outcome in the audit log,
 * and when the shop lost, the money the card network took back: a refund row of kind `chargeback` with the refund
 * arithmetic's ledger entries; an admin closes the hold (POST /api/orders/{id}/chargeback/close). Each is one
 * conditional statement or one transaction on the locked order that checks what is already written, so a repeated
 * delivery or two instances receiving the same event change nothing twice.
 */

/** The order paid by a PaymentIntent (the payment's transaction id is the intent's id). */
async function orderOfIntent(db: DbOrTx, intentId: string) {
  const [row] = await db
    .select({ id: orders.id, chargebackAt: orders.chargebackAt, chargebackClosedAt: orders.chargebackClosedAt })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(payments.transactionId, intentId))
  return row
}

const intentOf = (dispute: Stripe.Dispute) =>
  typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id

export type ChargebackResult = 'chargeback' | 'ignored'

/** Handles `charge.dispute.*` events; answers undefined for any other event (the payments handler takes those). */
export async function handleChargebackEvent(
  db: Db,
  event: Stripe.Event,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<ChargebackResult | undefined> {
  if (event.type !== 'charge.dispute.created' && event.type !== 'charge.dispute.closed') return undefined
  const dispute = event.data.object
  const intentId = intentOf(dispute)
  const order = intentId ? await orderOfIntent(db, intentId) : undefined
  if (!order) {
    log?.warn({ event: event.id, dispute: dispute.id }, 'card chargeback of no order of ours')
    return 'ignored'
  }
  const detail = { disputeId: dispute.id, event: event.id, status: dispute.status, amount: dispute.amount }
  if (event.type === 'charge.dispute.created') {
    await db.transaction(async (tx) => {
      // a new chargeback (none yet, or the last one was closed) holds the money; a repeated delivery finds it held
      const flagged = await tx
        .update(orders)
        .set({ chargebackAt: now, chargebackClosedAt: null, updatedAt: now })
        .where(and(eq(orders.id, order.id), or(isNull(orders.chargebackAt), isNotNull(orders.chargebackClosedAt))))
        .returning({ id: orders.id })
      if (flagged.length > 0) {
        await tx.insert(auditLog).values({ action: 'chargeback_opened', orderId: order.id, detail, createdAt: now })
      }
    })
    return 'chargeback'
  }
  // closed at Stripe (won, lost, …): recorded once per dispute; the hold stays until an admin closes it
  await db.transaction(async (tx) => {
    // the order's row lock: one delivery at a time, and none racing a refund or a move of the order
    const locked = await lockOrder(tx, order.id)
    if (!locked) return
    // lost: the card network took the disputed amount back from the shop (won: nothing moves)
    const chargedBack =
      dispute.status === 'lost' ? await recordLostChargeback(tx, locked, dispute, now, log) : undefined
    const seen = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orderId, order.id),
          eq(auditLog.action, 'chargeback_closed_at_stripe'),
          sql`${auditLog.detail}->>'disputeId' = ${dispute.id}`,
        ),
      )
    if (seen.length === 0) {
      await tx.insert(auditLog).values({
        action: 'chargeback_closed_at_stripe',
        orderId: order.id,
        detail: chargedBack === undefined ? detail : { ...detail, chargedBackCents: chargedBack },
        reason: dispute.status,
        createdAt: now,
      })
    }
  })
  return 'chargeback'
}

/**
 * A lost card chargeback, on the locked order: the disputed amount (no more than what is not yet refunded) becomes a
 * refund row of kind `chargeback` (never sent to Stripe: the bank already took it) with the refund arithmetic's
 * ledger entries, so buyer paid = refunds + seller's share + commission − discount cost still holds and the seller's
 * balance drops (below zero when the order was paid out; later sales settle it). Keyed by the dispute: a repeated
 * delivery finds its refund and writes nothing. The order's status stays as it is (decision 023). Answers the cents
 * charged back by this call (0 when nothing was left to take), or undefined when this dispute was recorded already.
 */
async function recordLostChargeback(
  tx: DbOrTx,
  o: OrderRow,
  dispute: Stripe.Dispute,
  now: Date,
  log: FastifyBaseLogger | undefined,
): Promise<number | undefined> {
  const idempotencyKey = `chargeback-${dispute.id}`
  const [again] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey))
  if (again) return undefined
  const given = await refundedCents(tx, o.id)
  const disputed = Number.isSafeInteger(dispute.amount) && dispute.amount > 0 ? dispute.amount : 0
  const cents = Math.min(disputed, o.amountPaidCents - given)
  if (cents <= 0) {
    log?.warn({ orderId: o.id, dispute: dispute.id, amount: dispute.amount }, 'lost chargeback: nothing left to take')
    return 0
  }
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: o.id,
      amountCents: cents,
      reason: `Card chargeback lost (${dispute.reason})`,
      actorId: null,
      provider: 'stripe',
      kind: 'chargeback',
      providerRef: dispute.id,
      idempotencyKey,
      createdAt: now,
    })
    .returning()
  const current = await orderLedger(tx, o.id, o.sellerId)
  const entries = refundEntries(o, current, given + cents, refund!.id, now, 'chargeback')
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries)
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, o.id))
  await addEvent(tx, {
    orderId: o.id,
    status: o.status,
    actorId: null,
    actorRole: 'system',
    note: `Card chargeback lost: the buyer's bank took back ${formatUsd(cents)}`,
    at: now,
  })
  return cents
}

/** POST /api/orders/{id}/chargeback/close (admin): the hold ends, with the admin's reason in the audit log. */
export async function closeChargeback(db: Db, admin: CurrentUser, id: string, body: CloseChargebackBody, now: Date) {
  const found = isUuid(id) ? (await db.select().from(orders).where(eq(orders.id, id)))[0] : undefined
  if (!found) throw new AppError(404, messages.earnings.orderNotFound)
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(orders)
      .set({ chargebackClosedAt: now, updatedAt: now })
      .where(and(eq(orders.id, id), isNotNull(orders.chargebackAt), isNull(orders.chargebackClosedAt)))
      .returning()
    if (!closed) {
      const state = found.chargebackAt ? 'closed already' : 'without a chargeback'
      throw new AppError(409, messages.earnings.noOpenChargeback(state))
    }
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'close_chargeback',
      orderId: id,
      reason: body.reason,
      detail: {},
      createdAt: now,
    })
    return {
      _id: closed.id,
      chargeback: false,
      chargebackAt: closed.chargebackAt?.toISOString() ?? null,
      chargebackClosedAt: closed.chargebackClosedAt?.toISOString() ?? null,
    }
  })
}
