// The payment intents a customer has open with the card processor, and cancelling those that were superseded.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { paymentIntents } from '../../db/schema/index.ts'
import type { StripeGateway } from './stripe-gateway.ts'

/** The intents of a customer that may still be charged, and what decides whether the discount may go to a booking. */
export type IntentRow = typeof paymentIntents.$inferSelect

/** Stripe intents a buyer can still confirm: a reload of the payment page reuses one instead of opening another. */
export const OPEN_STRIPE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

/**
 * Cancels superseded Stripe intents before anyone can confirm them. One the buyer confirmed first cannot be
 * cancelled: it is marked used (its payment is recorded when it arrives) and the answer says whether it carried
 * the discount, which is then spent.
 */
export async function cancelAtStripe(db: Db, stripe: StripeGateway | undefined, superseded: IntentRow[]) {
  let discountCharged = false
  const atStripe = stripe ? superseded.filter((i) => i.provider === 'stripe') : []
  for (const [k, intent] of atStripe.entries()) {
    let status: string
    try {
      status = await stripe!.cancel(intent.id)
    } catch (err) {
      // Stripe could not be reached: the intents not cancelled yet are open again, so that the next attempt
      // cancels them before anything else is opened (a superseded intent is never left confirmable at Stripe)
      for (const left of atStripe.slice(k)) {
        await db
          .update(paymentIntents)
          .set({ status: 'open', supersededBy: null })
          .where(and(eq(paymentIntents.id, left.id), eq(paymentIntents.status, 'superseded')))
          .catch(() => {}) // another discounted intent was opened meanwhile: it stays superseded
      }
      throw err
    }
    if (status === 'succeeded' || status === 'processing') {
      await db.update(paymentIntents).set({ status: 'used' }).where(eq(paymentIntents.id, intent.id))
      if (intent.discountCents > 0) discountCharged = true
    }
  }
  return discountCharged
}
