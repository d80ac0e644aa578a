// Checkout: opening a payment intent for a booking (the amount decided here, the hold renewed once), and the
// test-mode processor charging a card for it.
import { type Address, addressSchema } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import type { TestCard } from '@preloved/shared/payments'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, paymentIntents, products, testCharges } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { keepPaymentAddress } from '../addresses/addresses.repository.ts'
import { assertHoldsBelowCap, lockCustomer } from '../bookings/bookings.repository.ts'
import { bagHoldState, expireStaleHolds, paymentHoldMinutes } from '../bookings/holds.repository.ts'
import { holdOfBag } from '../offers/offers.repository.ts'
import { ownBooking } from './booking-to-pay.ts'
import { amountDue } from './discount.ts'
import { decideDiscount, discountSpent, staleIntent } from './first-order-discount.ts'
import { cancelAtStripe, type IntentRow, OPEN_STRIPE_STATUSES } from './intents.ts'
import { type PaymentDeps, token } from './payment-deps.ts'
import type { StripeGateway } from './stripe-gateway.ts'
import { checkTestCard } from './test-processor.ts'

/**
 * The delivery address of a payment, checked here rather than by the route schema so that a refusal names the field
 * (`address.postcode: ...`) whatever the shared message says; absent is the original call without one.
 */
function deliveryAddress(raw: unknown): Address {
  const parsed = addressSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const path = issue?.path ?? []
  const message = path.length === 0 || !issue ? messages.addresses.notAnAddress : issue.message
  const field = ['address', ...path.map(String)].join('.')
  throw new AppError(400, messages.addresses.fieldRefused(field, message), { field })
}

/** The 409 for a booking that is no longer held when its delivery address is stored. */
const notHeld = (status: string) =>
  new AppError(
    409,
    status === 'paid'
      ? messages.payments.alreadyPaid
      : status === 'cancelled'
        ? messages.payments.renewalCancelled
        : messages.bookings.holdExpired,
  )

/** A delivery address sent with the payment: stored on the booking, and kept among the saved ones when asked. */
export interface Delivery {
  raw: unknown
  save: boolean
}

/** The booked price and the listing's shipping (read from the product, never from the request). */
const priced = (b: { priceCents: number; shippingCents: number }) => ({
  priceCents: b.priceCents,
  shippingCents: b.shippingCents,
})

/** What a payment asks, and the price and shipping it is made of (kept on the intent, then on the order). */
type Due = ReturnType<typeof amountDue> & { priceCents: number; shippingCents: number }

/**
 * Starts paying a booking: the amount is the booking's price minus the first-order discount, decided here (at most
 * one open intent of a customer carries it; opening another supersedes it). An exclusive hold that ran out is taken
 * again once per booking, within MAX_OPEN_HOLDS, and only when the bag is free and no longer cooling down; a payment
 * hold that ran out is never taken again (docs/decisions/034).
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  user: CurrentUser,
  bookingId: string,
  now: Date,
  delivery?: Delivery,
) {
  const { db, listingsChanged, rules, stripe, log } = deps
  const booking = await ownBooking(db, user, bookingId)
  // 400 after 404/403 (status precedence), before any state (409)
  const address = delivery ? deliveryAddress(delivery.raw) : undefined
  let addressSaved: boolean | undefined
  if (booking.status === 'paid') throw new AppError(409, messages.payments.alreadyPaid)
  if (booking.productStatus !== 'available')
    throw new AppError(
      409,
      booking.holdKind === 'payment' && booking.productStatus === 'sold'
        ? messages.payments.paidFirstByOther
        : messages.payments.soldToOther,
    )
  if (booking.status === 'cancelled') throw new AppError(409, messages.payments.renewalCancelled)
  if (booking.status !== 'held' || booking.expiresAt <= now) {
    // a payment hold is never renewed: its buyer books again, like anyone
    if (booking.holdKind === 'payment') throw new AppError(409, messages.bookings.paymentHoldEnded)
    if (booking.renewals >= 1) throw new AppError(409, messages.bookings.renewalUsed)
    try {
      await db.transaction(async (tx) => {
        await lockCustomer(tx, user.id)
        await assertHoldsBelowCap(tx, user.id, now, rules.maxOpenHolds, booking.id)
        // another buyer's accepted offer holds the bag: the hold is not taken again
        const offerHold = await holdOfBag(tx, booking.productId, now)
        if (offerHold && offerHold.buyerId !== user.id) throw new AppError(409, messages.payments.holdTaken)
        // this hold's lapse is recorded first: the bag cools down from it
        await expireStaleHolds(tx, now, booking.productId)
        const state = await bagHoldState(tx, booking.productId, now, rules.holdMinutes)
        if (state.exclusiveHeld) throw new AppError(409, messages.payments.holdTaken)
        // while the bag cools down after a hold ran out, every buyer (this one too) gets a payment hold by booking
        if (state.paymentOnly)
          throw new AppError(409, messages.bookings.coolingDown(paymentHoldMinutes(rules.holdMinutes)))
        const renewed = await tx
          .update(bookings)
          .set({
            status: 'held',
            expiresAt: new Date(now.getTime() + rules.holdMinutes * 60_000),
            renewals: sql`${bookings.renewals} + 1`,
          })
          .where(
            and(
              eq(bookings.id, booking.id),
              eq(bookings.renewals, booking.renewals),
              inArray(bookings.status, ['held', 'expired']),
            ),
          )
          .returning({ id: bookings.id })
        if (renewed.length === 0) throw new AppError(409, messages.bookings.renewalUsed)
      })
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new AppError(409, messages.payments.holdTaken)
      throw err
    }
    // the hold is taken again: the bag reads 'Reserved' again
    listingsChanged()
  }
  const provider = stripe ? ('stripe' as const) : ('test' as const)
  for (let attempt = 0; attempt < 5; attempt++) {
    const plan = await db.transaction(async (tx) => {
      await lockCustomer(tx, user.id)
      if (address) {
        // the address goes with this payment: it replaces an earlier one while the bag is held, never after
        const stored = await tx
          .update(bookings)
          .set({ address })
          .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'held')))
          .returning({ id: bookings.id })
        if (stored.length === 0) {
          const [current] = await tx
            .select({ status: bookings.status })
            .from(bookings)
            .where(eq(bookings.id, booking.id))
          throw notHeld(current?.status ?? 'expired')
        }
        if (delivery?.save) addressSaved = await keepPaymentAddress(tx, user.id, address, now)
      }
      const decision = await decideDiscount(tx, user.id, booking.id, now)
      const due: Due = {
        ...amountDue(booking.priceCents, decision.discounted, booking.shippingCents, rules),
        priceCents: booking.priceCents,
        shippingCents: booking.shippingCents,
      }
      const mine = await tx
        .select()
        .from(paymentIntents)
        .where(and(eq(paymentIntents.bookingId, booking.id), eq(paymentIntents.provider, provider)))
        .orderBy(desc(paymentIntents.createdAt))
      const reusable = mine.find(
        (i) => i.status === 'open' && i.amountCents === due.amountCents && i.discountCents === due.discountCents,
      )
      if (reusable) return { due, reusable, superseded: [] as IntentRow[], count: mine.length }
      // this booking's open intents at another amount, and the other bag's discounted one the discount moves from
      const superseded = [
        ...mine.filter((i) => i.status === 'open'),
        ...(due.discountCents > 0 ? decision.takeFrom : []),
      ]
      for (const i of superseded) {
        await tx
          .update(paymentIntents)
          .set({ status: 'superseded', supersededBy: i.bookingId === booking.id ? null : booking.id })
          .where(and(eq(paymentIntents.id, i.id), eq(paymentIntents.status, 'open')))
      }
      return { due, reusable: undefined, superseded, count: mine.length }
    })
    if (plan.reusable) {
      if (!stripe)
        return { clientSecret: plan.reusable.clientSecret, provider, ...plan.due, ...priced(booking), addressSaved }
      const pi = await stripe.retrieve(plan.reusable.id)
      if (OPEN_STRIPE_STATUSES.has(pi.status))
        return { clientSecret: pi.clientSecret, provider, ...plan.due, ...priced(booking), addressSaved }
      // no longer confirmable at Stripe: it is closed here too and a fresh one opened
      await db
        .update(paymentIntents)
        .set({ status: pi.status === 'succeeded' || pi.status === 'processing' ? 'used' : 'superseded' })
        .where(eq(paymentIntents.id, plan.reusable.id))
      continue
    }
    const chargedMeanwhile = await cancelAtStripe(db, stripe, plan.superseded).catch((err: unknown) => {
      log?.warn({ err }, 'a superseded PaymentIntent could not be cancelled at Stripe')
      throw new AppError(502, messages.payments.processorUnreachable)
    })
    if (chargedMeanwhile) continue // a discounted charge went through meanwhile: decide again
    try {
      const opened = stripe
        ? await openStripeIntent(db, stripe, user, booking.id, plan.due, plan.count)
        : await openTestIntent(db, user, booking.id, plan.due)
      return { ...opened, ...plan.due, ...priced(booking), addressSaved }
    } catch (err) {
      if (pgConstraint(err) !== 'payment_intent_one_open_discount_uq') throw err
      // another page of this customer opened a discounted intent at the same instant: decide again, once
      if (attempt > 0) throw new AppError(409, messages.payments.changedElsewhere)
    }
  }
  throw new AppError(409, messages.payments.changedElsewhere)
}

async function openTestIntent(db: Db, user: CurrentUser, bookingId: string, due: Due) {
  const id = `pi_test_${token()}`
  const clientSecret = `${id}_secret_${token(18)}`
  await db.insert(paymentIntents).values({ id, bookingId, customerId: user.id, provider: 'test', clientSecret, ...due })
  return { clientSecret, provider: 'test' as const }
}

async function openStripeIntent(
  db: Db,
  stripe: StripeGateway,
  user: CurrentUser,
  bookingId: string,
  due: Due,
  earlier: number,
) {
  // the key makes two simultaneous page loads get one intent from Stripe
  const pi = await stripe.createIntent({
    amountCents: due.amountCents,
    bookingId,
    customerId: user.id,
    email: user.email,
    idempotencyKey: `intent-${bookingId}-${due.amountCents}-${earlier}`,
  })
  try {
    await db
      .insert(paymentIntents)
      .values({ id: pi.id, bookingId, customerId: user.id, provider: 'stripe', clientSecret: pi.clientSecret, ...due })
      .onConflictDoNothing({ target: paymentIntents.id })
  } catch (err) {
    // refused (the discount is on another open intent now): nobody may confirm this one
    await stripe.cancel(pi.id)
    throw err
  }
  return { clientSecret: pi.clientSecret, provider: 'stripe' as const }
}

/**
 * The test-mode processor charging a card for an intent; no card data is stored or logged. An intent whose amount
 * is no longer valid (superseded: the discount moved to another bag or was used) is refused with the fresh amount.
 */
export async function confirmTestPayment(
  deps: PaymentDeps,
  user: CurrentUser,
  clientSecret: string,
  card: TestCard,
  now: Date,
) {
  const { db, rules } = deps
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret))
  if (intent?.provider !== 'test') throw new AppError(404, messages.payments.notFound)
  if (intent.customerId !== user.id) throw new AppError(403, messages.auth.forbidden)
  const check = checkTestCard(card, now)
  if (!check.ok) throw new AppError(402, check.message, `card_${check.field}`)
  const transactionId = `tx_test_${token(16)}`
  await db.transaction(async (tx) => {
    await lockCustomer(tx, user.id)
    // a payment hold (docs/decisions/034) is charged only while it is in time, and not once another buyer paid first
    const [target] = await tx
      .select({
        holdKind: bookings.holdKind,
        status: bookings.status,
        expiresAt: bookings.expiresAt,
        productStatus: products.status,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(eq(bookings.id, intent.bookingId))
    if (target?.holdKind === 'payment' && target.status !== 'paid') {
      if (target.productStatus === 'sold') throw new AppError(409, messages.payments.paidFirstByOther, 'paid_first')
      if (target.expiresAt <= now) throw new AppError(409, messages.bookings.paymentHoldEnded, 'payment_hold_ended')
    }
    const [current] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id))
    if (current!.status !== 'open') throw await staleIntent(tx, current!, now, rules)
    // spent since it was opened (a discounted charge of another bag went through): refused as well
    if (current!.discountCents > 0 && (await discountSpent(tx, user.id, current!.bookingId)))
      throw await staleIntent(tx, { ...current!, status: 'superseded' }, now, rules)
    await tx.insert(testCharges).values({
      id: transactionId,
      intentId: intent.id,
      amountCents: intent.amountCents,
      status: 'succeeded',
      last4: check.last4,
    })
    await tx.update(paymentIntents).set({ status: 'used' }).where(eq(paymentIntents.id, intent.id))
  })
  return transactionId
}
