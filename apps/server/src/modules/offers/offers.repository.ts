import type { Offer } from '@preloved/shared/offers'
import { and, desc, eq, inArray, lte, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { bookings, offers, products, users } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'
import { offerHoldsBag, recordLapses } from '../bookings/holds.repository.ts'

export type OfferRow = typeof offers.$inferSelect

/** A time as a query reads it: a Date, or a placeholder that a prepared statement fills with an ISO string. */
const at = (now: Date | Placeholder) => sql`${now instanceof Date ? now.toISOString() : now}::timestamptz`

/** The offer as stored (party checks, moves). */
export const findOffer = async (db: DbOrTx, id: string) => (await db.select().from(offers).where(eq(offers.id, id)))[0]

/**
 * The bag's row locked for the rest of the transaction: every move that can hold the bag (accepting an offer, booking
 * it, taking an expired hold again) takes it first, so they are decided one at a time per bag.
 */
export const lockProduct = async (tx: DbOrTx, productId: string) =>
  (
    await tx
      .select({
        id: products.id,
        sellerId: products.sellerId,
        status: products.status,
        priceCents: products.resellPriceCents,
        shippingCents: products.shippingCents,
        title: products.title,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update')
  )[0] // orders the bag's moves; rows that only refer to the bag are not held up

/** Someone's booking that holds (in time) or bought the bag at `now`. */
export const liveBookingOn = async (db: DbOrTx, productId: string, now: Date) =>
  (
    await db
      .select({ id: bookings.id, customerId: bookings.customerId, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.productId, productId),
          or(eq(bookings.status, 'paid'), and(eq(bookings.status, 'held'), sql`${bookings.expiresAt} > ${at(now)}`)),
        ),
      )
      .limit(1)
  )[0]

/** The accepted offer that holds the bag at `now` (not booked yet, its hold in time), if any. */
export const offerHoldOn = async (db: DbOrTx, productId: string, now: Date) =>
  (await db.select().from(offers).where(offerHoldsBag(productId, now)).limit(1))[0]

/** An SQL condition: an accepted offer holds the bag of `productColumn` at `now` (for listings' `reserved`). */
export const offerHeldAt = (productColumn: SQL | typeof products.id, now: Date | Placeholder) =>
  sql<boolean>`exists (select 1 from ${offers} where ${offers.productId} = ${productColumn} and ${offers.status} = 'accepted' and ${offers.bookingId} is null and ${offers.holdUntil} > ${at(now)})`

/** What a due offer needs to be announced: its parties, amounts and bag. */
const dueColumns = {
  id: offers.id,
  productId: offers.productId,
  buyerId: offers.buyerId,
  sellerId: offers.sellerId,
  status: offers.status,
  amountCents: offers.amountCents,
  counterCents: offers.counterCents,
  agreedCents: offers.agreedCents,
}
export type DueOffer = { [K in keyof typeof dueColumns]: OfferRow[K] } & { was: 'pending' | 'countered' | 'accepted' }

/** Which offers a sweep looks at: all, one user's (as buyer or seller), one offer's, one bag's. */
export type OfferScope = { userId: string } | { offerId: string } | { productId: string } | undefined

const scopeWhere = (scope: OfferScope): SQL | undefined => {
  if (!scope) return undefined
  if ('userId' in scope) return or(eq(offers.buyerId, scope.userId), eq(offers.sellerId, scope.userId))
  if ('offerId' in scope) return eq(offers.id, scope.offerId)
  return eq(offers.productId, scope.productId)
}

/**
 * Pending offers and counters whose time ran out → expired. The conditional UPDATE is the claim: with several
 * instances sweeping at once, each offer is expired (and announced) by exactly one of them.
 */
export async function expireDueOffers(db: DbOrTx, now: Date, scope?: OfferScope): Promise<DueOffer[]> {
  const rows = await db
    .update(offers)
    .set({ status: 'expired', decidedAt: sql`${offers.expiresAt}`, updatedAt: now })
    .where(and(inArray(offers.status, ['pending', 'countered']), lte(offers.expiresAt, now), scopeWhere(scope)))
    .returning({ ...dueColumns, countered: sql<boolean>`${offers.counterCents} is not null` })
  return rows.map(({ countered, ...r }) => ({ ...r, was: countered ? 'countered' : 'pending' }))
}

/**
 * Accepted offers whose hold ran out before the buyer booked → expired: the bag is for sale again, after a cool-down
 * (docs/decisions/034): each is recorded as a lapse of a hold, in the same transaction.
 */
export async function lapseDueHolds(db: DbOrTx, now: Date, scope?: OfferScope): Promise<DueOffer[]> {
  const rows = await db.transaction(async (tx) => {
    const lapsed = await tx
      .update(offers)
      .set({ status: 'expired', decidedAt: sql`${offers.holdUntil}`, updatedAt: now })
      .where(
        and(
          eq(offers.status, 'accepted'),
          sql`${offers.bookingId} is null`,
          lte(offers.holdUntil, now),
          scopeWhere(scope),
        ),
      )
      .returning({ ...dueColumns, holdUntil: offers.holdUntil })
    await recordLapses(
      tx,
      lapsed.map((o) => ({ productId: o.productId, customerId: o.buyerId, offerId: o.id, lapsedAt: o.holdUntil! })),
      now,
    )
    return lapsed
  })
  return rows.map(({ holdUntil: _, ...r }) => ({ ...r, was: 'accepted' as const }))
}

/**
 * The bag sold (or left the shop): the other buyers' standing offers on it are declined, and an accepted offer of
 * another buyer that had not booked yet with them. `buyerId` is the buyer who bought it (their own offer stays).
 */
export async function declineOffersOnBag(
  db: DbOrTx,
  productId: string,
  now: Date,
  buyerId?: string,
): Promise<DueOffer[]> {
  const rows = await db
    .update(offers)
    .set({ status: 'declined', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(offers.productId, productId),
        or(
          inArray(offers.status, ['pending', 'countered']),
          and(eq(offers.status, 'accepted'), sql`${offers.bookingId} is null`),
        ),
        buyerId ? ne(offers.buyerId, buyerId) : undefined,
      ),
    )
    .returning({ ...dueColumns, countered: sql<boolean>`${offers.counterCents} is not null` })
  return rows.map(({ countered, ...r }) => ({ ...r, was: countered ? 'countered' : 'pending' }))
}

/** Standing offers on bags that are no longer for sale (a sale recorded elsewhere, a removed listing) → declined. */
export async function declineOffersOnGoneBags(
  db: DbOrTx,
  now: Date,
  scope?: OfferScope,
): Promise<(DueOffer & { boughtIt: boolean })[]> {
  const rows = await db
    .update(offers)
    .set({ status: 'declined', decidedAt: now, updatedAt: now })
    .where(
      and(
        or(
          inArray(offers.status, ['pending', 'countered']),
          and(eq(offers.status, 'accepted'), sql`${offers.bookingId} is null`),
        ),
        sql`exists (select 1 from ${products} where ${products.id} = ${offers.productId} and ${products.status} <> 'available')`,
        scopeWhere(scope),
      ),
    )
    .returning({
      ...dueColumns,
      countered: sql<boolean>`${offers.counterCents} is not null`,
      // the buyer who bought the bag is not told that their own offer on it was declined
      boughtIt: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.productId} = ${offers.productId} and ${bookings.customerId} = ${offers.buyerId} and ${bookings.status} = 'paid')`,
    })
  return rows.map(({ countered, ...r }) => ({ ...r, was: countered ? 'countered' : 'pending' }))
}

const buyer = alias(users, 'offer_buyer')
const seller = alias(users, 'offer_seller')

const viewColumns = {
  offer: offers,
  title: products.title,
  img: products.thumb,
  priceCents: products.resellPriceCents,
  productStatus: products.status,
  buyerName: buyer.name,
  sellerName: seller.name,
  bookingStatus: bookings.status,
  bookingExpiresAt: bookings.expiresAt,
}

const views = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyer, eq(buyer.id, offers.buyerId))
    .innerJoin(seller, eq(seller.id, offers.sellerId))
    .leftJoin(bookings, eq(bookings.id, offers.bookingId))

export type OfferView = NonNullable<Awaited<ReturnType<typeof findOfferView>>>

export const findOfferView = async (db: DbOrTx, id: string) => (await views(db).where(eq(offers.id, id)))[0]

/** A page of offers, newest first, keyset-paged on (created_at, id); one extra row tells whether a next page exists. */
export const listOfferViews = (db: DbOrTx, where: SQL | undefined, cursor: Cursor | undefined, limit: number) =>
  views(db)
    .where(and(where, cursor ? afterCursor(offers.createdAt, offers.id, cursor) : undefined))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit)

/** The state a reader sees: a standing offer or an unbooked hold past its time reads expired before the sweep marks it. */
export function effectiveStatus(o: OfferRow, now: Date): OfferRow['status'] {
  if ((o.status === 'pending' || o.status === 'countered') && o.expiresAt <= now) return 'expired'
  if (o.status === 'accepted' && o.bookingId === null && o.holdUntil !== null && o.holdUntil <= now) return 'expired'
  return o.status
}

/** One offer → its JSON (docs/product/offers.md; cents → dollars). */
export function toOfferJson(v: OfferView, now: Date): Offer {
  const o = v.offer
  const bookingStatus = v.bookingStatus === null ? null : v.bookingStatus
  return {
    _id: o.id,
    status: effectiveStatus(o, now),
    product: { _id: o.productId, title: v.title, img: v.img, price: centsToDollars(v.priceCents) },
    buyer: { _id: o.buyerId, name: v.buyerName },
    seller: { _id: o.sellerId, name: v.sellerName },
    amount: centsToDollars(o.amountCents),
    counter: o.counterCents === null ? null : centsToDollars(o.counterCents),
    agreed: o.agreedCents === null ? null : centsToDollars(o.agreedCents),
    expiresAt: o.expiresAt.toISOString(),
    holdUntil: o.holdUntil?.toISOString() ?? null,
    bookingId: o.bookingId,
    // a held booking past its time reads expired, as in My Orders
    bookingStatus:
      bookingStatus === 'held' && v.bookingExpiresAt !== null && v.bookingExpiresAt <= now ? 'expired' : bookingStatus,
    counteredAt: o.counteredAt?.toISOString() ?? null,
    decidedAt: o.decidedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  }
}

// ———————————————————————————————————————— bookings and payments ————————————————————————————————————————

/**
 * In a booking's (or a renewal's) transaction: the bag's lock, then the accepted offer that holds it now, if any.
 * Only that offer's buyer may book the bag meanwhile, at the agreed price.
 */
export async function holdOfBag(tx: DbOrTx, productId: string, now: Date) {
  await lockProduct(tx, productId)
  return offerHoldOn(tx, productId, now)
}

/**
 * A booking made on an accepted offer: the agreed price (from the offer, never the request), or the bag's price when
 * the seller has since lowered it below that (the buyer pays the lower of the two), held until the offer's hold ends,
 * or for HOLD_MINUTES when that is later (a buyer who books in the hold's last minute still gets to pay).
 */
export const offerBookingTerms = (hold: OfferRow, holdMinutesEnd: Date, priceNowCents: number) => ({
  priceCents: Math.min(hold.agreedCents!, priceNowCents),
  expiresAt: hold.holdUntil && hold.holdUntil > holdMinutesEnd ? hold.holdUntil : holdMinutesEnd,
})

/** The offer records its booking (the booking now holds the bag; the offer's own hold is done). */
export const recordOfferBooking = (tx: DbOrTx, offerId: string, bookingId: string, now: Date) =>
  tx
    .update(offers)
    .set({ bookingId, updatedAt: now })
    .where(and(eq(offers.id, offerId), eq(offers.status, 'accepted'), sql`${offers.bookingId} is null`))
