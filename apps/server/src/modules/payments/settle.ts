// Settling a sale: a charge the processor confirmed is verified and recorded in one transaction (payment, booking,
// bag, order); the same transaction again answers the same.
import { messages } from '@preloved/shared/messages'
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, paymentIntents, payments, products, testCharges } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { lockCustomer } from '../bookings/bookings.repository.ts'
import { notifyWishlistSold } from '../notifications/notifications.service.ts'
import { declineOffersOnBag } from '../offers/offers.repository.ts'
import { announceDeclinedOnSale, offerAnnouncerOf } from '../offers/offers.service.ts'
import { sendOrderMail } from '../orders/order-mail.ts'
import { createPaidOrder } from '../orders/orders.service.ts'
import { type BookingToPay, ownBooking } from './booking-to-pay.ts'
import { retireOpenDiscounts } from './first-order-discount.ts'
import type { PaymentDeps } from './payment-deps.ts'
import type { StripeGateway, StripeIntent } from './stripe-gateway.ts'

/** A charge the processor confirmed for an intent of ours, and how to give it back. */
export interface VerifiedCharge {
  transactionId: string
  intentId: string
  amountCents: number
  discountCents: number
  /** The price the charge covered (null for intents opened before it was kept: the booking's is used). */
  priceCents: number | null
  refund(): Promise<void>
}

/** The test-mode processor's word on a transaction: a succeeded charge of the intent's amount for this booking. */
async function verifyTestCharge(db: Db, customerId: string, bookingId: string, transactionId: string) {
  const [charge] = await db
    .select({ status: testCharges.status, amountCents: testCharges.amountCents, intent: paymentIntents })
    .from(testCharges)
    .innerJoin(paymentIntents, eq(paymentIntents.id, testCharges.intentId))
    .where(eq(testCharges.id, transactionId))
  if (
    charge?.status !== 'succeeded' ||
    charge.intent.bookingId !== bookingId ||
    charge.intent.customerId !== customerId ||
    charge.amountCents !== charge.intent.amountCents
  ) {
    throw new AppError(402, messages.payments.notVerified)
  }
  return {
    transactionId,
    intentId: charge.intent.id,
    amountCents: charge.intent.amountCents,
    discountCents: charge.intent.discountCents,
    priceCents: charge.intent.priceCents,
    refund: async () => {
      await db
        .update(testCharges)
        .set({ status: 'refunded', refundedCents: testCharges.amountCents })
        .where(eq(testCharges.id, transactionId))
      await db.update(paymentIntents).set({ status: 'refunded' }).where(eq(paymentIntents.id, charge.intent.id))
    },
  }
}

/** Stripe's word on a PaymentIntent (asked by the server, never taken from the browser): succeeded, our amount, our booking. */
export function verifyStripeIntent(
  db: Db,
  stripe: StripeGateway,
  intent: typeof paymentIntents.$inferSelect,
  pi: StripeIntent,
): VerifiedCharge {
  if (
    pi.status !== 'succeeded' ||
    pi.amountCents !== intent.amountCents ||
    pi.currency !== 'usd' ||
    pi.bookingId !== intent.bookingId
  ) {
    throw new AppError(402, messages.payments.notVerified)
  }
  return {
    transactionId: pi.id,
    intentId: intent.id,
    amountCents: intent.amountCents,
    discountCents: intent.discountCents,
    priceCents: intent.priceCents,
    refund: async () => {
      await stripe.refund(pi.id)
      await db.update(paymentIntents).set({ status: 'refunded' }).where(eq(paymentIntents.id, intent.id))
    },
  }
}

export const paymentOf = async (db: Db, transactionId: string) =>
  (await db.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, transactionId)))[0]

/**
 * Records a payment the processor confirmed: in one transaction the payment row (one per item, one per
 * transaction), the booking paid and the bag sold. The same transaction again gives the same insertedId; a
 * payment for a bag someone else bought is refused and refunded.
 */
export async function recordPayment(
  deps: PaymentDeps,
  user: CurrentUser,
  transactionId: string,
  bookingId: string,
  now: Date,
) {
  const { db, stripe } = deps
  const booking = await ownBooking(db, user, bookingId)
  const [stripeIntent] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, transactionId), eq(paymentIntents.provider, 'stripe')))
  if (stripeIntent && (stripeIntent.bookingId !== booking.id || stripeIntent.customerId !== user.id)) {
    throw new AppError(402, messages.payments.notVerified)
  }
  const existing = await paymentOf(db, transactionId)
  if (existing) {
    if (stripeIntent) return existing.id
    await verifyTestCharge(db, user.id, booking.id, transactionId).catch(() => {
      throw new AppError(402, messages.payments.notVerified)
    })
    return existing.id
  }
  let charge: VerifiedCharge
  if (stripeIntent) {
    if (!stripe) throw new AppError(402, messages.payments.notVerified)
    charge = verifyStripeIntent(db, stripe, stripeIntent, await stripe.retrieve(transactionId))
  } else {
    charge = await verifyTestCharge(db, user.id, booking.id, transactionId)
  }
  return settlePayment(deps, booking, { id: user.id, email: user.email }, charge, now)
}

/**
 * A verified charge recorded (POST /api/payments and Stripe's webhook): in one transaction under the customer's lock,
 * the payment, the booking paid, the bag sold and the order made; a bag someone else bought is refunded.
 */
export async function settlePayment(
  deps: PaymentDeps,
  booking: BookingToPay,
  customer: { id: string; email: string },
  charge: VerifiedCharge,
  now: Date,
) {
  const { db, listingsChanged, stripe, log, orderDeps } = deps
  const { transactionId } = charge
  try {
    const { id, discountConflictCents, declinedOffers } = await db.transaction(async (tx) => {
      // the customer's payments are recorded one at a time: the check below sees every other one
      await lockCustomer(tx, customer.id)
      // the discount was charged, but another paid order of the customer kept it: the money taken is recorded as
      // is (never refused), and the shop's extra cost flagged to the admin
      const [other] =
        charge.discountCents > 0
          ? await tx
              .select({ id: payments.id })
              .from(payments)
              .where(
                and(
                  eq(payments.customerId, customer.id),
                  gt(payments.discountCents, 0),
                  isNull(payments.refundedAt),
                  ne(payments.transactionId, transactionId),
                ),
              )
              .limit(1)
          : []
      const discountConflictCents = other ? charge.discountCents : 0
      const [row] = await tx
        .insert(payments)
        .values({
          bookingId: booking.id,
          productId: booking.productId,
          customerId: customer.id,
          transactionId,
          amountCents: charge.amountCents,
          discountCents: charge.discountCents,
          discountConflictCents,
          email: customer.email,
        })
        .returning({ id: payments.id })
      await tx.update(paymentIntents).set({ status: 'used' }).where(eq(paymentIntents.id, charge.intentId))
      await tx.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, booking.id))
      const sold = await tx
        .update(products)
        .set({ status: 'sold', advertisement: false })
        .where(and(eq(products.id, booking.productId), eq(products.status, 'available')))
        .returning({ id: products.id })
      if (sold.length === 0) throw new AppError(409, messages.payments.soldToOther)
      // the other buyers' payment holds on the bag end with the sale (their own payment, if any, is refused)
      await tx
        .update(bookings)
        .set({ status: 'expired' })
        .where(and(eq(bookings.productId, booking.productId), eq(bookings.status, 'held'), ne(bookings.id, booking.id)))
      // the seller's other offers on the bag are declined with the sale (announced below)
      const declinedOffers = await declineOffersOnBag(tx, booking.productId, now, customer.id)
      // the order after payment: its row, ledger entries and timeline, in this same transaction
      await createPaidOrder(
        tx,
        {
          bookingId: booking.id,
          paymentId: row!.id,
          productId: booking.productId,
          sellerId: booking.sellerId,
          buyerId: customer.id,
          // what this charge covered: the price when it was opened (a drop since then went to a fresh payment)
          bookingPriceCents: charge.priceCents ?? booking.priceCents,
          address: booking.address,
          amountCents: charge.amountCents,
          discountCents: charge.discountCents,
        },
        orderDeps.rules,
        now,
      )
      return { id: row!.id, discountConflictCents, declinedOffers }
    })
    listingsChanged() // the bag is sold: off the lists
    if (discountConflictCents > 0) {
      log?.warn(
        { paymentId: id, customerId: customer.id, discountConflictCents },
        'first-order discount charged twice: recorded as charged and flagged to the admin',
      )
    }
    if (charge.discountCents > 0) await retireOpenDiscounts(db, stripe, customer.id)
    // the buyer's receipt, and the seller's "sold" with the ship-by date (the address is on the order page)
    await sendOrderMail(orderDeps, booking.id, ['receipt', 'sold'])
    await announceDeclinedOnSale(offerAnnouncerOf(orderDeps), declinedOffers, customer.id)
    // the others who kept it on their wishlist
    if (orderDeps.notify) await notifyWishlistSold(orderDeps.notify, booking.productId, customer.id)
    return id
  } catch (err) {
    const code = pgErrorCode(err)
    if (code === '23505') {
      // the same transaction recorded twice at once (the buyer's page and the webhook): the other call recorded it
      const same = await paymentOf(db, transactionId)
      if (same) return same.id
    }
    if (code === '23505' || (err instanceof AppError && err.statusCode === 409)) {
      await charge.refund()
      const heldByOther = pgConstraint(err) === 'booking_one_live_per_product_uq'
      throw new AppError(
        409,
        heldByOther
          ? messages.payments.holdTakenRefunded
          : booking.holdKind === 'payment'
            ? messages.payments.paidFirstRefunded
            : messages.payments.soldToOtherRefunded,
      )
    }
    throw err
  }
}

export const isProductPaid = async (db: Db, productId: string) =>
  isUuid(productId)
    ? (await db.select({ id: payments.id }).from(payments).where(eq(payments.productId, productId))).length > 0
    : false

export const paidBookingIds = async (db: Db, customerId: string) =>
  (
    await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.customerId, customerId), inArray(bookings.status, ['paid'])))
  ).map((b) => b.id)
