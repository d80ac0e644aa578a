// Stripe's payment events: a payment recorded even when the buyer closed the tab.
import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { paymentIntents, users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { loadBooking } from './booking-to-pay.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { paymentOf, settlePayment, verifyStripeIntent } from './settle.ts'
import { type StripeGateway, toIntent } from './stripe-gateway.ts'

/**
 * Stripe's `payment_intent.succeeded` webhook: records the payment even when the buyer closed the tab. Safe to
 * receive twice and in any order with POST /api/payments (one payment per transaction); a late payment for a bag
 * someone else bought is refunded.
 */
export async function handleStripeEvent(deps: PaymentDeps & { stripe: StripeGateway }, event: Stripe.Event, now: Date) {
  const { db, stripe } = deps
  if (event.type !== 'payment_intent.succeeded') return 'ignored' as const
  const pi = event.data.object
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, pi.id), eq(paymentIntents.provider, 'stripe')))
  if (!intent) return 'ignored' as const
  if (await paymentOf(db, pi.id)) return 'recorded' as const
  const charge = verifyStripeIntent(db, stripe, intent, toIntent(pi))
  const booking = await loadBooking(db, intent.bookingId)
  const [customer] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, intent.customerId))
  if (!booking || !customer) {
    // the booking or the buyer was deleted meanwhile: nothing to sell, give the money back
    await charge.refund()
    return 'refunded' as const
  }
  try {
    await settlePayment(deps, booking, customer, charge, now)
    return 'recorded' as const
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return 'refunded' as const
    throw err
  }
}
