import { randomBytes } from 'node:crypto'
import { type Address, addressSchema } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import type { TestCard } from '@preloved/shared/payments'
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type Stripe from 'stripe'
import type { Db, DbOrTx } from '../../db/client.ts'
import { bookings, paymentIntents, payments, products, testCharges, users } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { keepPaymentAddress } from '../addresses/addresses.repository.ts'
import { assertHoldsBelowCap, lockCustomer } from '../bookings/bookings.repository.ts'
import type { HoldRules } from '../bookings/bookings.service.ts'
import { bagHoldState, expireStaleHolds, paymentHoldMinutes } from '../bookings/holds.repository.ts'
import { notifyWishlistSold } from '../notifications/notifications.service.ts'
import { declineOffersOnBag, holdOfBag } from '../offers/offers.repository.ts'
import { announceDeclinedOnSale, offerAnnouncerOf } from '../offers/offers.service.ts'
import type { OrderDeps } from '../orders/order-deps.ts'
import { sendOrderMail } from '../orders/order-mail.ts'
import { createPaidOrder } from '../orders/orders.service.ts'
import type { ListingsChanged } from '../products/list-cache.ts'
import { amountDue, type DiscountRules } from './discount.ts'
import { type StripeGateway, type StripeIntent, toIntent } from './stripe-gateway.ts'
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
  throw new AppError(400, messages.addresses.fieldRefused(['address', ...path.map(String)].join('.'), message))
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

const token = (bytes = 12) => randomBytes(bytes).toString('base64url')

/** The booked price and the listing's shipping (read from the product, never from the request). */
const priced = (b: { priceCents: number; shippingCents: number }) => ({
  priceCents: b.priceCents,
  shippingCents: b.shippingCents,
})

/** The shipping of the deal: the listing's when the bag was held (frozen while held), or today's for older holds. */
const dealShipping = sql<number>`coalesce(${bookings.shippingCents}, ${products.shippingCents})`.mapWith(Number)

/** What a payment asks, and the price and shipping it is made of (kept on the intent, then on the order). */
type Due = ReturnType<typeof amountDue> & { priceCents: number; shippingCents: number }

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
          renewals: bookings.renewals,
          holdKind: bookings.holdKind,
          productStatus: products.status,
          title: products.title,
          sellerId: products.sellerId,
          shippingCents: dealShipping,
          address: bookings.address,
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

/** The intents of a customer that may still be charged, and what decides whether the discount may go to a booking. */
type IntentRow = typeof paymentIntents.$inferSelect

/**
 * Whether the customer's one first-order discount is spent: a payment of theirs kept it and was not refunded, or a
 * discounted charge went through and is not recorded yet (its payment is on its way).
 */
async function discountSpent(tx: DbOrTx, customerId: string, exceptBooking?: string) {
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
async function decideDiscount(tx: DbOrTx, customerId: string, bookingId: string, now: Date) {
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

/** Stripe intents a buyer can still confirm: a reload of the payment page reuses one instead of opening another. */
const OPEN_STRIPE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

/**
 * Cancels superseded Stripe intents before anyone can confirm them. One the buyer confirmed first cannot be
 * cancelled: it is marked used (its payment is recorded when it arrives) and the answer says whether it carried
 * the discount, which is then spent.
 */
async function cancelAtStripe(db: Db, stripe: StripeGateway | undefined, superseded: IntentRow[]) {
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

/**
 * Starts paying a booking: the amount is the booking's price minus the first-order discount, decided here (at most
 * one open intent of a customer carries it; opening another supersedes it). An exclusive hold that ran out is taken
 * again once per booking, within MAX_OPEN_HOLDS, and only when the bag is free and no longer cooling down; a payment
 * hold that ran out is never taken again (docs/decisions/034).
 */
export async function createPaymentIntent(
  db: Db,
  listingsChanged: ListingsChanged,
  user: CurrentUser,
  bookingId: string,
  now: Date,
  rules: HoldRules & DiscountRules,
  stripe?: StripeGateway,
  log?: FastifyBaseLogger,
  delivery?: Delivery,
) {
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
  db: Db,
  user: CurrentUser,
  clientSecret: string,
  card: TestCard,
  now: Date,
  rules: DiscountRules,
) {
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

/** The 409 for an intent that may no longer be charged, with the amount paying the booking now comes to. */
async function staleIntent(tx: DbOrTx, intent: IntentRow, now: Date, rules: DiscountRules) {
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

/** A charge the processor confirmed for an intent of ours, and how to give it back. */
interface VerifiedCharge {
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
function verifyStripeIntent(
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

const paymentOf = async (db: Db, transactionId: string) =>
  (await db.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, transactionId)))[0]

/**
 * Records a payment the processor confirmed: in one transaction the payment row (one per item, one per
 * transaction), the booking paid and the bag sold. The same transaction again gives the same insertedId; a
 * payment for a bag someone else bought is refused and refunded.
 */
export async function recordPayment(
  db: Db,
  listingsChanged: ListingsChanged,
  stripe: StripeGateway | undefined,
  user: CurrentUser,
  transactionId: string,
  bookingId: string,
  orderDeps: OrderDeps,
  now: Date,
  log?: FastifyBaseLogger,
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
    charge = verifyStripeIntent(db, stripe, stripeIntent, await stripe.retrieve(transactionId))
  } else {
    charge = await verifyTestCharge(db, user.id, booking.id, transactionId)
  }
  return settlePayment(
    db,
    listingsChanged,
    stripe,
    log,
    booking,
    { id: user.id, email: user.email },
    charge,
    orderDeps,
    now,
  )
}

/**
 * Stripe's `payment_intent.succeeded` webhook: records the payment even when the buyer closed the tab. Safe to
 * receive twice and in any order with POST /api/payments (one payment per transaction); a late payment for a bag
 * someone else bought is refunded.
 */
export async function handleStripeEvent(
  db: Db,
  listingsChanged: ListingsChanged,
  stripe: StripeGateway,
  event: Stripe.Event,
  orderDeps: OrderDeps,
  now: Date,
  log?: FastifyBaseLogger,
) {
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
    await settlePayment(db, listingsChanged, stripe, log, booking, customer, charge, orderDeps, now)
    return 'recorded' as const
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return 'refunded' as const
    throw err
  }
}

/** The discount was just used: the customer's other open discounted intents may no longer be charged. */
async function retireOpenDiscounts(db: Db, stripe: StripeGateway | undefined, customerId: string) {
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

async function settlePayment(
  db: Db,
  listingsChanged: ListingsChanged,
  stripe: StripeGateway | undefined,
  log: FastifyBaseLogger | undefined,
  booking: BookingToPay,
  customer: { id: string; email: string },
  charge: VerifiedCharge,
  orderDeps: OrderDeps,
  now: Date,
) {
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
