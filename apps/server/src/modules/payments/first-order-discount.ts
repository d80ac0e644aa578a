// The first-order discount: decided when an intent opens, once per customer (docs/product/checkout.md), and taken
// off the customer's other open intents once it is used.
import { messages } from '@preloved/shared/messages'
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { bookings, paymentIntents, payments, products } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { dealShipping } from './booking-to-pay.ts'
import { amountDue, type DiscountRules } from './discount.ts'
import { cancelAtStripe, type IntentRow } from './intents.ts'
import type { StripeGateway } from './stripe-gateway.ts'

/**
 * Whether the customer's one first-order discount is spent: a payment of theirs kept it and was not refunded, or a
 * discounted charge went through and is not recorded yet (its payment is on its way).
 */
export async function discountSpent(tx: DbOrTx, customerId: string, exceptBooking?: string) {
  const [kept] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.customerId, customerId), gt(payments.discountCents, 0), isNull(payments.refundedAt)))
    .limit(1)
  if (kept) return true
  const [charged] = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.customerId, customerId),
        gt(paymentIntents.discountCents, 0),
        eq(paymentIntents.status, 'used'),
        // a charge of this same order (a page reloaded before it was recorded) is the same first order
        exceptBooking ? ne(paymentIntents.bookingId, exceptBooking) : undefined,
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${paymentIntents.bookingId})`,
      ),
    )
    .limit(1)
  return Boolean(charged)
}

/**
 * Where the first-order discount goes when `bookingId` starts paying: to this booking unless it is spent, or unless
 * this booking lost it to another bag of the customer that still holds it (the discount stays with the bag it
 * moved to; no back and forth). The open discounted intents of other bookings it takes the discount from are
 * returned, to be superseded. Read-only; callers hold the customer's lock.
 */
export async function decideDiscount(tx: DbOrTx, customerId: string, bookingId: string, now: Date) {
  if (await discountSpent(tx, customerId, bookingId))
    return { discounted: false, takeFrom: [] as IntentRow[], moved: false }
  const elsewhere = await tx
    .select({
      intent: paymentIntents,
      held: sql<boolean>`${bookings.status} = 'held' and ${bookings.expiresAt} > ${now.toISOString()}::timestamptz`,
    })
    .from(paymentIntents)
    .innerJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
    .where(
      and(
        eq(paymentIntents.customerId, customerId),
        eq(paymentIntents.status, 'open'),
        gt(paymentIntents.discountCents, 0),
        ne(paymentIntents.bookingId, bookingId),
      ),
    )
  const liveTargets = elsewhere.filter((e) => e.held).map((e) => e.intent.bookingId)
  if (liveTargets.length > 0) {
    const [lost] = await tx
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.bookingId, bookingId),
          eq(paymentIntents.status, 'superseded'),
          inArray(paymentIntents.supersededBy, liveTargets),
        ),
      )
      .limit(1)
    if (lost) return { discounted: false, takeFrom: [], moved: true }
  }
  return { discounted: true, takeFrom: elsewhere.map((e) => e.intent), moved: false }
}

/** The 409 for an intent that may no longer be charged, with the amount paying the booking now comes to. */
export async function staleIntent(tx: DbOrTx, intent: IntentRow, now: Date, rules: DiscountRules) {
  if (intent.status === 'used' || intent.status === 'refunded')
    return new AppError(409, messages.payments.alreadyCharged, 'intent_used')
  const [booking] = await tx
    .select({ priceCents: bookings.priceCents, shippingCents: dealShipping })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(bookings.id, intent.bookingId))
  const decision = await decideDiscount(tx, intent.customerId, intent.bookingId, now)
  const fresh = formatUsd(
    amountDue(booking!.priceCents, decision.discounted, booking!.shippingCents, rules).amountCents,
  )
  const message =
    intent.discountCents > 0 && intent.supersededBy
      ? messages.payments.discountMoved(fresh)
      : intent.discountCents > 0 && (await discountSpent(tx, intent.customerId, intent.bookingId))
        ? messages.payments.discountUsed(fresh)
        : messages.payments.priceChanged(fresh)
  return new AppError(409, message, 'intent_superseded')
}

/** The discount was just used: the customer's other open discounted intents may no longer be charged. */
export async function retireOpenDiscounts(db: Db, stripe: StripeGateway | undefined, customerId: string) {
  const retired = await db
    .update(paymentIntents)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(paymentIntents.customerId, customerId),
        eq(paymentIntents.status, 'open'),
        gt(paymentIntents.discountCents, 0),
      ),
    )
    .returning()
  await cancelAtStripe(db, stripe, retired).catch(() => {})
}
