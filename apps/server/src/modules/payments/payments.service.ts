import { randomBytes } from 'node:crypto'
import { messages } from '@preloved/shared/messages'
import type { TestCard } from '@preloved/shared/payments'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, paymentIntents, payments, products, testCharges, users } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { expireStaleHolds } from '../bookings/bookings.repository.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { amountDue } from './discount.ts'
import { checkTestCard } from './test-processor.ts'

const token = (bytes = 12) => randomBytes(bytes).toString('base64url')

async function ownBooking(db: Db, user: CurrentUser, bookingId: string) {
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
  const id = `pi_test_${token()}`
  const clientSecret = `${id}_secret_${token(18)}`
  await db.insert(paymentIntents).values({
    id,
    bookingId: booking.id,
    customerId: user.id,
    provider: 'test',
    clientSecret,
    amountCents,
    discountCents,
  })
  return { clientSecret, amountCents, discountCents, priceCents: booking.priceCents }
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

/**
 * Records a payment the processor confirmed: in one transaction the payment row (one per item, one per
 * transaction), the booking paid and the bag sold. The same transaction again gives the same insertedId; a
 * payment for a bag someone else bought is refused and refunded.
 */
export async function recordPayment(
  db: Db,
  mailer: Mailer,
  user: CurrentUser,
  transactionId: string,
  bookingId: string,
) {
  const booking = await ownBooking(db, user, bookingId)
  const [charge] = await db
    .select({
      id: testCharges.id,
      status: testCharges.status,
      amountCents: testCharges.amountCents,
      intent: paymentIntents,
    })
    .from(testCharges)
    .innerJoin(paymentIntents, eq(paymentIntents.id, testCharges.intentId))
    .where(eq(testCharges.id, transactionId))
  if (
    !charge ||
    charge.intent.bookingId !== booking.id ||
    charge.intent.customerId !== user.id ||
    charge.amountCents !== charge.intent.amountCents
  ) {
    throw new AppError(402, messages.payments.notVerified)
  }
  const [existing] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.transactionId, transactionId))
  if (existing) return existing.id
  if (charge.status !== 'succeeded') throw new AppError(402, messages.payments.notVerified)
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          bookingId: booking.id,
          productId: booking.productId,
          customerId: user.id,
          transactionId,
          amountCents: charge.intent.amountCents,
          discountCents: charge.intent.discountCents,
          email: user.email,
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
      // the same transaction posted twice at once: the other call recorded it
      const [same] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.transactionId, transactionId))
      if (same) return same.id
    }
    if (code === '23505' || (err instanceof AppError && err.statusCode === 409)) {
      await db.update(testCharges).set({ status: 'refunded' }).where(eq(testCharges.id, transactionId))
      const heldByOther = pgConstraint(err) === 'booking_one_live_per_product_uq'
      throw new AppError(409, heldByOther ? messages.payments.holdTaken : messages.payments.soldToOther)
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
