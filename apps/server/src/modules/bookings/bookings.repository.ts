import { and, desc, eq, inArray, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'

/** Marks held bookings whose time ran out as expired (for one product, or all when none is given). */
export const expireStaleHolds = (db: DbOrTx, now: Date, productId?: string) =>
  db
    .update(bookings)
    .set({ status: 'expired' })
    .where(
      and(
        eq(bookings.status, 'held'),
        lt(bookings.expiresAt, now),
        productId ? eq(bookings.productId, productId) : undefined,
      ),
    )

const bookingColumns = {
  id: bookings.id,
  productId: bookings.productId,
  customerId: bookings.customerId,
  customer: bookings.customer,
  email: bookings.email,
  number: bookings.number,
  location: bookings.location,
  priceCents: bookings.priceCents,
  status: bookings.status,
  expiresAt: bookings.expiresAt,
  createdAt: bookings.createdAt,
  img: products.img,
  thumb: products.thumb,
  bag: products.title,
  category: products.category,
  productStatus: products.status,
  sellerId: products.sellerId,
}

export const listBookingsOf = (db: DbOrTx, customerId: string) =>
  db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200)

export const findBooking = (db: DbOrTx, id: string) =>
  db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(bookings.id, id))
    .then((r) => r[0])

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>

/** Products among `ids` that someone holds or has bought right now. */
export const liveHolds = (db: DbOrTx, ids: string[], now: Date) =>
  ids.length === 0
    ? Promise.resolve([] as { productId: string; customerId: string; status: string; expiresAt: Date }[])
    : db
        .select({
          productId: bookings.productId,
          customerId: bookings.customerId,
          status: bookings.status,
          expiresAt: bookings.expiresAt,
        })
        .from(bookings)
        .where(and(inArray(bookings.productId, ids), inArray(bookings.status, ['held', 'paid'])))
        .then((rows) => rows.filter((r) => r.status === 'paid' || r.expiresAt > now))

/** One booking → the spec's JSON; `held` past its time reads as expired even before the sweep marks it. */
export function toBookingJson(row: BookingRow, now: Date, liveHolder: string | undefined) {
  const status = row.status === 'held' && row.expiresAt <= now ? 'expired' : row.status
  const soldToSomeoneElse = row.productStatus === 'sold' && status !== 'paid'
  return {
    _id: row.id,
    img: row.thumb,
    bag: row.bag,
    product_id: row.productId,
    category: row.category,
    price: centsToDollars(row.priceCents),
    customer: row.customer,
    email: row.email,
    number: row.number,
    location: row.location,
    paid: status === 'paid',
    status,
    expiresAt: row.expiresAt.toISOString(),
    date: row.createdAt.toISOString(),
    soldToSomeoneElse,
    canBookAgain: (status === 'expired' || status === 'cancelled') && row.productStatus === 'available' && !liveHolder,
  }
}
