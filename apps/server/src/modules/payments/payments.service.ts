import { randomBytes } from 'node:crypto'
import { messages } from '@preloved/shared/messages'
import type { TestCard } from '@preloved/shared/payments'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Db } from '../../db/client.ts'
import { bookings, paymentIntents, payments, products, testCharges, users } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { expireStaleHolds } from '../bookings/bookings.repository.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { amountDue } from './discount.ts'
import { type StripeGateway, type StripeIntent, toIntent } from './stripe-gateway.ts'
import { checkTestCard } from './test-processor.ts'

const token = (bytes = 12) => randomBytes(bytes).toString('base64url')

type BookingToPay = NonNullable<Awaited<ReturnType<typeof loadBooking>>>

async function loadBooking(db: Db, bookingId: string) {
  const [row] = isUuid(bookingId)
    ? await db
        .select({
          id: bookings.id,
          customerId: bookings.customerId,
          productId: bookings.productId,
          priceCents: bookings.priceCents,
          status: bookings.status,
          expiresAt: bookings.expiresAt,
          productStatus: products.status,
          title: products.title,
          sellerId: products.sellerId,
        })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(eq(bookings.id, bookingId))
    : []
  return row
}

async function ownBooking(db: Db, user: CurrentUser, bookingId: string) {
  const row = await loadBooking(db, bookingId)
  if (!row) throw new AppError(404, messages.bookings.notFound)
  if (row.customerId !== user.id) throw new AppError(403, messages.auth.forbidden)
  return row
}

/**
 * Starts paying a booking: the amount is the booking's price minus the first-order discount, decided here.
 * A hold that ran out is taken again when nobody else holds the bag.
 */
export async function createPaymentIntent(
  db: Db,
  user: CurrentUser,
  bookingId: string,
  now: Date,
  holdMinutes: number,
  stripe?: StripeGateway,
) {
  const booking = await ownBooking(db, user, bookingId)
  if (booking.status === 'paid') throw new AppError(409, messages.payments.alreadyPaid)
  if (booking.productStatus !== 'available') throw new AppError(409, messages.payments.soldToOther)
  if (booking.status !== 'held' || booking.expiresAt <= now) {
    try {
      await db.transaction(async (tx) => {
        await expireStaleHolds(tx, now, booking.productId)
        await tx
          .update(bookings)
          .set({ status: 'held', expiresAt: new Date(now.getTime() + holdMinutes * 60_000) })
          .where(eq(bookings.id, booking.id))
      })
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new AppError(409, messages.payments.holdTaken)
      throw err
    }
  }
  const [previous] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.customerId, user.id))
    .limit(1)
  const { amountCents, discountCents } = amountDue(booking.priceCents, !previous)
  const intent = stripe
    ? await openStripeIntent(db, stripe, user, booking.id, amountCents, discountCents)
    : await openTestIntent(db, user, booking.id, amountCents, discountCents)
  return { ...intent, amountCents, discountCents, priceCents: booking.priceCents }
}

async function openTestIntent(
  db: Db,
  user: CurrentUser,
  bookingId: string,
  amountCents: number,
  discountCents: number,
) {
  const id = `pi_test_${token()}`
  const clientSecret = `${id}_secret_${token(18)}`
  await db
    .insert(paymentIntents)
    .values({ id, bookingId, customerId: user.id, provider: 'test', clientSecret, amountCents, discountCents })
  return { clientSecret, provider: 'test' as const }
}

// Stripe intents a buyer can still confirm: a reload of the payment page reuses one instead of opening another.
const OPEN_STRIPE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

async function openStripeIntent(
  db: Db,
  stripe: StripeGateway,
  user: CurrentUser,
  bookingId: string,
  amountCents: number,
  discountCents: number,
) {
  const earlier = await db
    .select({ id: paymentIntents.id, amountCents: paymentIntents.amountCents })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.provider, 'stripe')))
    .orderBy(desc(paymentIntents.createdAt))
  const last = earlier[0]
  if (last && last.amountCents === amountCents) {
    const pi = await stripe.retrieve(last.id)
    if (OPEN_STRIPE_STATUSES.has(pi.status)) return { clientSecret: pi.clientSecret, provider: 'stripe' as const }
  }
  // the key makes two simultaneous page loads get one intent from Stripe
  const pi = await stripe.createIntent({
    amountCents,
    bookingId,
    customerId: user.id,
    email: user.email,
    idempotencyKey: `intent-${bookingId}-${amountCents}-${earlier.length}`,
  })
  await db
    .insert(paymentIntents)
    .values({
      id: pi.id,
      bookingId,
      customerId: user.id,
      provider: 'stripe',
      clientSecret: pi.clientSecret,
      amountCents,
      discountCents,
    })
    .onConflictDoNothing()
  return { clientSecret: pi.clientSecret, provider: 'stripe' as const }
}

/** The test-mode processor charging a card for an intent; no card data is stored or logged. */
export async function confirmTestPayment(db: Db, user: CurrentUser, clientSecret: string, card: TestCard, now: Date) {
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret))
  if (intent?.provider !== 'test') throw new AppError(404, 'Payment not found')
  if (intent.customerId !== user.id) throw new AppError(403, messages.auth.forbidden)
  const check = checkTestCard(card, now)
  if (!check.ok) throw new AppError(402, check.message, `card_${check.field}`)
  const transactionId = `tx_test_${token(16)}`
  await db.insert(testCharges).values({
    id: transactionId,
    intentId: intent.id,
    amountCents: intent.amountCents,
    status: 'succeeded',
    last4: check.last4,
  })
  return transactionId
}

/** A charge the processor confirmed for an intent of ours, and how to give it back. */
interface VerifiedCharge {
  transactionId: string
  amountCents: number
  discountCents: number
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
    amountCents: charge.intent.amountCents,
    discountCents: charge.intent.discountCents,
    refund: async () => {
      await db.update(testCharges).set({ status: 'refunded' }).where(eq(testCharges.id, transactionId))
    },
  }
}

/** Stripe's word on a PaymentIntent (asked by the server, never taken from the browser): succeeded, our amount, our booking. */
function verifyStripeIntent(
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
    amountCents: intent.amountCents,
    discountCents: intent.discountCents,
    refund: () => stripe.refund(pi.id),
  }
}

const paymentOf = async (db: Db, transactionId: string) =>
  (await db.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, transactionId)))[0]

/**
 * Records a payment the processor confirmed: in one transaction the payment row (one per item, one per
 * transaction), the booking paid and the bag sold. The same transaction again gives the same insertedId; a
 * payment for a bag someone else bought is refused and refunded.
 */
export async function recordPayment(
  db: Db,
  mailer: Mailer,
  stripe: StripeGateway | undefined,
  user: CurrentUser,
  transactionId: string,
  bookingId: string,
) {
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
    charge = verifyStripeIntent(stripe, stripeIntent, await stripe.retrieve(transactionId))
  } else {
    charge = await verifyTestCharge(db, user.id, booking.id, transactionId)
  }
  return settlePayment(db, mailer, booking, { id: user.id, email: user.email }, charge)
}

/**
 * Stripe's `payment_intent.succeeded` webhook: records the payment even when the buyer closed the tab. Safe to
 * receive twice and in any order with POST /api/payments (one payment per transaction); a late payment for a bag
 * someone else bought is refunded.
 */
export async function handleStripeEvent(db: Db, mailer: Mailer, stripe: StripeGateway, event: Stripe.Event) {
  if (event.type !== 'payment_intent.succeeded') return 'ignored' as const
  const pi = event.data.object
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, pi.id), eq(paymentIntents.provider, 'stripe')))
  if (!intent) return 'ignored' as const
  if (await paymentOf(db, pi.id)) return 'recorded' as const
  const charge = verifyStripeIntent(stripe, intent, toIntent(pi))
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
    await settlePayment(db, mailer, booking, customer, charge)
    return 'recorded' as const
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return 'refunded' as const
    throw err
  }
}

async function settlePayment(
  db: Db,
  mailer: Mailer,
  booking: BookingToPay,
  customer: { id: string; email: string },
  charge: VerifiedCharge,
) {
  const { transactionId } = charge
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          bookingId: booking.id,
          productId: booking.productId,
          customerId: customer.id,
          transactionId,
          amountCents: charge.amountCents,
          discountCents: charge.discountCents,
          email: customer.email,
        })
        .returning({ id: payments.id })
      await tx.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, booking.id))
      const sold = await tx
        .update(products)
        .set({ status: 'sold', advertisement: false })
        .where(and(eq(products.id, booking.productId), eq(products.status, 'available')))
        .returning({ id: products.id })
      if (sold.length === 0) throw new AppError(409, messages.payments.soldToOther)
      return row!.id
    })
    const [seller] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, booking.sellerId))
    if (seller) {
      await mailer
        .send({
          to: seller.email,
          subject: `Sold: ${booking.title}`,
          text: `Hello ${seller.name},\n\nGood news: "${booking.title}" has just been bought on Preloved Bags Co. The buyer's contact details are in your dashboard.\n`,
        })
        .catch(() => {})
    }
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
      throw new AppError(409, heldByOther ? messages.payments.holdTakenRefunded : messages.payments.soldToOtherRefunded)
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
