import type { CreateBookingBody } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { and, eq, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { lockProduct, offerBookingTerms, offerHoldOn, recordOfferBooking } from '../offers/offers.repository.ts'
import type { ListingsChanged } from '../products/list-cache.ts'
import { lockForBooking } from './bookings.repository.ts'
import { bagHoldState, expireStaleHolds, paymentHoldMinutes } from './holds.repository.ts'

/** How long a hold lasts, and how many a customer may have open at once (HOLD_MINUTES, MAX_OPEN_HOLDS). */
export interface HoldRules {
  holdMinutes: number
  maxOpenHolds: number
}

/**
 * A booking holds the bag. Ordinarily the hold is exclusive for `holdMinutes`: the partial unique index (one exclusive
 * hold or sale per product) makes the database refuse a second one, so two customers booking at once get one booking
 * and one 409. After an unpaid hold on the bag ran out, the bag cools down for `holdMinutes`, whoever asks
 * (docs/decisions/034): Book Now then gives a payment hold of a few minutes that keeps nobody out, and the first
 * payment wins. In one transaction, under the customer's row lock and then the bag's: the customer's open holds are
 * counted against MAX_OPEN_HOLDS, stale holds of this bag are marked expired (and recorded as lapses), the bag's
 * state decides the kind of hold, and the booking is inserted.
 */
export async function bookProduct(
  db: Db,
  listingsChanged: ListingsChanged,
  user: CurrentUser,
  body: CreateBookingBody,
  now: Date,
  rules: HoldRules,
) {
  if (!isUuid(body.product_id)) throw new AppError(404, messages.products.notFound)
  const productId = body.product_id
  try {
    const booked = await db.transaction(async (tx) => {
      const facts = await lockForBooking(tx, user.id, productId, now)
      if (!facts) throw new AppError(401, messages.auth.sessionExpired) // the account went away meanwhile
      // the bag's lock orders this booking against every other move that holds the bag (bookings, renewals, offers);
      // the locked row is the bag as it stands (its deal cannot change before this transaction ends)
      const bag = await lockProduct(tx, productId)
      if (!bag || bag.status === 'removed') throw new AppError(404, messages.products.notFound)
      if (bag.sellerId === user.id) throw new AppError(403, messages.bookings.ownItem)
      if (bag.status === 'sold') throw new AppError(409, messages.bookings.sold)
      if (facts.mine) throw new AppError(409, messages.bookings.alreadyYours)
      // every hold on the bag, in one statement read after its lock
      const state = await bagHoldState(tx, bag.id, now, rules.holdMinutes)
      // an accepted offer holding the bag: only its buyer books it, at the agreed price, held until the
      // offer's hold ends (HOLD_MINUTES at least)
      const offerHold = state.offerHeld ? await offerHoldOn(tx, bag.id, now) : undefined
      if (offerHold && offerHold.buyerId !== user.id) throw new AppError(409, messages.offers.heldForOfferBooking)
      if (facts.openHolds >= rules.maxOpenHolds)
        throw new AppError(409, messages.bookings.tooManyHolds(rules.maxOpenHolds))
      // someone's hold on this bag that ran out is marked expired first (and recorded as a lapse); the state read
      // above counts a hold that ran out by its deadline, marked expired or not
      if (facts.staleHold) await expireStaleHolds(tx, now, bag.id)
      // the deal as it stands under the bag's lock: its price and its shipping, kept on the hold (docs/decisions/035)
      const terms = {
        productId: bag.id,
        customerId: user.id,
        customer: body.customer ?? user.name,
        email: user.email,
        number: body.number,
        location: body.location,
        priceCents: bag.priceCents,
        shippingCents: bag.shippingCents,
        status: 'held' as const,
        holdKind: 'exclusive' as 'exclusive' | 'payment',
        expiresAt: new Date(now.getTime() + rules.holdMinutes * 60_000),
        createdAt: now,
      }
      let row = terms
      if (offerHold) row = { ...terms, ...offerBookingTerms(offerHold, terms.expiresAt, bag.priceCents) }
      else {
        if (state.exclusiveHeld) throw new AppError(409, messages.bookings.reserved)
        // cooling down: a short payment hold, shared with every other buyer; the first payment wins
        if (state.paymentOnly)
          row = {
            ...terms,
            holdKind: 'payment',
            expiresAt: new Date(now.getTime() + paymentHoldMinutes(rules.holdMinutes) * 60_000),
          }
      }
      const [inserted] = await tx.insert(bookings).values(row).returning({ id: bookings.id })
      if (offerHold) await recordOfferBooking(tx, offerHold.id, inserted!.id, now)
      return { id: inserted!.id, productId: bag.id, hold: row.holdKind, expiresAt: row.expiresAt }
    })
    // an exclusive hold: the bag now reads 'Reserved' on the pages that show it; the others stay cached
    if (booked.hold === 'exclusive') listingsChanged([booked.productId])
    return booked
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err
    const [live] = await db
      .select({ customerId: bookings.customerId, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.productId, productId),
          or(eq(bookings.status, 'paid'), and(eq(bookings.status, 'held'), eq(bookings.holdKind, 'exclusive'))),
        ),
      )
    if (live?.status === 'paid') throw new AppError(409, messages.bookings.sold)
    if (live?.customerId === user.id) throw new AppError(409, messages.bookings.alreadyYours)
    throw new AppError(409, messages.bookings.reserved)
  }
}

/**
 * What Book Now gives on this bag right now, for the product page and the booking form (docs/decisions/034): an
 * exclusive hold, a payment hold while it cools down, or nothing (held by someone, or not for sale). Read without
 * locks: the booking itself decides again under them.
 */
export async function bookingTerms(db: Db, productId: string, now: Date, holdMinutes: number) {
  if (!isUuid(productId)) throw new AppError(404, messages.products.notFound)
  const [product] = await db.select({ status: products.status }).from(products).where(eq(products.id, productId))
  if (!product || product.status === 'removed') throw new AppError(404, messages.products.notFound)
  const none = { hold: 'none' as const, minutes: 0 }
  if (product.status !== 'available') return none
  const state = await bagHoldState(db, productId, now, holdMinutes)
  if (state.offerHeld || state.exclusiveHeld) return none
  return state.paymentOnly
    ? { hold: 'payment' as const, minutes: paymentHoldMinutes(holdMinutes) }
    : { hold: 'exclusive' as const, minutes: holdMinutes }
}
