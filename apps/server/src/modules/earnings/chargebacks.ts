import type { CloseChargebackBody } from '@preloved/shared/earnings'
import { messages } from '@preloved/shared/messages'
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type Stripe from 'stripe'
import type { Db, DbOrTx } from '../../db/client.ts'
import { auditLog, orders, payments } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'

/**
 * Card chargebacks at Stripe (issue 16). `charge.dispute.created` holds the order's money out of the seller's available
 * balance (order.chargeback_at); `charge.dispute.closed` records Stripe's outcome in the audit log; an admin closes
 * the hold (POST /api/orders/{id}/chargeback/close). Each is one conditional statement, so a repeated delivery or two
 * instances receiving the same event change nothing twice.
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
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chargeback:${order.id}`}))`)
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
        detail,
        reason: dispute.status,
        createdAt: now,
      })
    }
  })
  return 'chargeback'
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
