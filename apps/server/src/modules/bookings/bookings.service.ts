import type { CreateBookingBody } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { holdOfBag, offerBookingTerms, recordOfferBooking } from '../offers/offers.repository.ts'
import type { ListingsChanged } from '../products/list-cache.ts'
import { assertNoRecentExpiry, expireStaleHolds, lockForBooking } from './bookings.repository.ts'

/** How long a hold lasts, and how many a customer may have open at once (HOLD_MINUTES, MAX_OPEN_HOLDS). */
export interface HoldRules {
  holdMinutes: number
  maxOpenHolds: number
}

/**
 * A booking is an exclusive hold on the bag for `holdMinutes`. The partial unique index (one held-or-paid booking
 * per product) makes the database refuse a second live hold, so two customers booking at once get one booking and
 * one 409. In one transaction, under the customer's row lock: the customer's open holds are counted against
 * MAX_OPEN_HOLDS, a customer whose own hold on this bag ran out less than `holdMinutes` ago waits (others get a
 * turn), stale holds of this bag are marked expired, and the booking is inserted; refused, the bag is taken (409).
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
  const [product] = await db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      status: products.status,
      priceCents: products.resellPriceCents,
    })
    .from(products)
    .where(eq(products.id, body.product_id))
  if (!product || product.status === 'removed') throw new AppError(404, messages.products.notFound)
  if (product.sellerId === user.id) throw new AppError(403, messages.bookings.ownItem)
  if (product.status === 'sold') throw new AppError(409, messages.bookings.sold)
  const values = {
    productId: product.id,
    customerId: user.id,
    customer: body.customer ?? user.name,
    email: user.email,
    number: body.number,
    location: body.location,
    priceCents: product.priceCents,
    status: 'held' as const,
    expiresAt: new Date(now.getTime() + rules.holdMinutes * 60_000),
    createdAt: now,
  }
  try {
    const id = await db.transaction(async (tx) => {
      const facts = await lockForBooking(tx, user.id, product.id, now)
      if (!facts) throw new AppError(401, messages.auth.sessionExpired) // the account went away meanwhile
      if (facts.mine) throw new AppError(409, messages.bookings.alreadyYours)
      // an accepted offer holding the bag (issue 17): only its buyer books it, at the agreed price, held until the
      // offer's hold ends (HOLD_MINUTES at least); the bag's lock orders this against an offer being accepted
      const offerHold = await holdOfBag(tx, product.id, now)
      if (offerHold && offerHold.buyerId !== user.id) throw new AppError(409, messages.offers.heldForOfferBooking)
      if (!offerHold) assertNoRecentExpiry(facts.lastExpiry, now, rules.holdMinutes)
      if (facts.openHolds >= rules.maxOpenHolds)
        throw new AppError(409, messages.bookings.tooManyHolds(rules.maxOpenHolds))
      // someone's hold on this bag that ran out is marked expired first, so the bag can be booked
      if (facts.staleHold) await expireStaleHolds(tx, now, product.id)
      // the deal as it stands under the bag's lock: its price and its shipping, kept on the hold (docs/decisions/035)
      const [deal] = await tx
        .select({ priceCents: products.resellPriceCents, shippingCents: products.shippingCents })
        .from(products)
        .where(eq(products.id, product.id))
      const terms = { ...values, priceCents: deal!.priceCents, shippingCents: deal!.shippingCents }
      const [row] = await tx
        .insert(bookings)
        .values(offerHold ? { ...terms, ...offerBookingTerms(offerHold, values.expiresAt, deal!.priceCents) } : terms)
        .returning({ id: bookings.id })
      if (offerHold) await recordOfferBooking(tx, offerHold.id, row!.id, now)
      return row!.id
    })
    // the bag now reads 'Reserved' on the pages that show it; the others stay cached
    listingsChanged([product.id])
    return id
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err
    const [live] = await db
      .select({ customerId: bookings.customerId, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.productId, product.id), inArray(bookings.status, ['held', 'paid'])))
    if (live?.status === 'paid') throw new AppError(409, messages.bookings.sold)
    if (live?.customerId === user.id) throw new AppError(409, messages.bookings.alreadyYours)
    throw new AppError(409, messages.bookings.reserved)
  }
}
