import { randomBytes } from 'node:crypto'
import { messages } from '@preloved/shared/messages'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { DbOrTx } from '../../db/client.ts'
import { paymentIntents, testCharges } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import type { StripeGateway } from './stripe-gateway.ts'

export interface ProviderRefund {
  provider: 'test' | 'stripe'
  /** The processor's refund id. */
  providerRef: string
}

/**
 * Gives `amountCents` of a payment back through the processor that charged it: the test-mode processor
 * (in the caller's transaction: its charge records what was refunded, never more than charged) or Stripe's refunds
 * API with the refund's idempotency key (the same key again is the same refund at Stripe). A processor that refuses
 * or cannot be reached is a 502 and the caller's transaction rolls back.
 */
export async function refundThroughProvider(
  tx: DbOrTx,
  stripe: StripeGateway | undefined,
  transactionId: string,
  amountCents: number,
  idempotencyKey: string,
  reason: string,
  log?: FastifyBaseLogger,
): Promise<ProviderRefund> {
  const [stripeIntent] = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, transactionId), eq(paymentIntents.provider, 'stripe')))
  if (stripeIntent) {
    if (!stripe) throw new AppError(502, messages.orderMoves.refundFailed)
    try {
      const providerRef = await stripe.refundPart({ intentId: stripeIntent.id, amountCents, idempotencyKey, reason })
      return { provider: 'stripe', providerRef }
    } catch (err) {
      log?.warn({ err }, 'Stripe refused or could not take a refund')
      throw new AppError(502, messages.orderMoves.refundFailed)
    }
  }
  const charged = await tx
    .update(testCharges)
    .set({
      refundedCents: sql`${testCharges.refundedCents} + ${amountCents}`,
      status: sql`case when ${testCharges.refundedCents} + ${amountCents} = ${testCharges.amountCents} then 'refunded' else ${testCharges.status} end`,
    })
    .where(
      and(
        eq(testCharges.id, transactionId),
        sql`${testCharges.refundedCents} + ${amountCents} <= ${testCharges.amountCents}`,
      ),
    )
    .returning({ intentId: testCharges.intentId, status: testCharges.status })
  const charge = charged[0]
  if (!charge) throw new AppError(502, messages.orderMoves.refundFailed)
  if (charge.status === 'refunded')
    await tx.update(paymentIntents).set({ status: 'refunded' }).where(eq(paymentIntents.id, charge.intentId))
  return { provider: 'test', providerRef: `re_test_${randomBytes(12).toString('base64url')}` }
}
