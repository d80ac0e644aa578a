import { and, desc, eq, lt, sql } from 'drizzle-orm'
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

/** Whether the booking's bag is held (in time) or bought by anyone at `now`: computed in the same query as the row. */
const bagHeldAt = (now: Date) =>
  sql<boolean>`exists (select 1 from ${bookings} as live where live.product_id = ${bookings.productId} and (live.status = 'paid' or (live.status = 'held' and live.expires_at > ${now.toISOString()}::timestamptz)))`

export const listBookingsOf = (db: DbOrTx, customerId: string, now: Date) =>
  db
    .select({ ...bookingColumns, bagHeld: bagHeldAt(now) })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200)

export const findBooking = (db: DbOrTx, id: string, now: Date) =>
  db
    .select({ ...bookingColumns, bagHeld: bagHeldAt(now) })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(bookings.id, id))
    .then((r) => r[0])

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>

/** One booking → the spec's JSON; `held` past its time reads as expired even before the sweep marks it. */
export function toBookingJson(row: BookingRow, now: Date) {
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
    canBookAgain: (status === 'expired' || status === 'cancelled') && row.productStatus === 'available' && !row.bagHeld,
  }
}
