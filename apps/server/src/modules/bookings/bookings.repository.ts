import { messages } from '@preloved/shared/messages'
import { and, desc, eq, gt, ne, type Placeholder, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { bookings, orders, payments, products, users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { centsToDollars } from '../../lib/money.ts'
import { orderFigures } from '../../lib/order-figures.ts'

/**
 * Takes the customer's row lock for the rest of the transaction: a customer's holds, intents and payments are
 * decided one request at a time (two tabs, or a webhook beside the page), on PGlite and PostgreSQL alike. NO KEY
 * UPDATE: it orders this customer's requests, yet another transaction may still write a row that refers to the
 * customer (a lapse of their hold recorded by someone else's booking) without waiting, which would deadlock.
 */
export const lockCustomer = (tx: DbOrTx, customerId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('no key update')

/** MAX_OPEN_HOLDS: a customer holds that many bags at once at most (holds in time; `except` is the one renewed). */
export async function assertHoldsBelowCap(tx: DbOrTx, customerId: string, now: Date, cap: number, except?: string) {
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, customerId),
        eq(bookings.status, 'held'),
        gt(bookings.expiresAt, now),
        except ? ne(bookings.id, except) : undefined,
      ),
    )
  if (open!.n >= cap) throw new AppError(409, messages.bookings.tooManyHolds(cap))
}

/**
 * The customer's row lock, then what booking this bag takes, read in one statement (a booking is the hot write of the
 * shop: two round trips instead of five): whether the customer holds it already (any kind of hold), how many bags
 * they hold, and whether someone's hold on it ran out unmarked. The read is a statement of its own after the lock: in
 * READ COMMITTED a statement that waits for a row lock keeps the snapshot it started with, so counting in the locking
 * statement itself would miss the holds the other request just committed.
 */
export async function lockForBooking(tx: DbOrTx, customerId: string, productId: string, now: Date) {
  const [locked] = await lockCustomer(tx, customerId)
  if (!locked) return undefined
  const at = sql`${now.toISOString()}::timestamptz`
  const [row] = await tx
    .select({
      mine: sql<boolean>`exists (select 1 from ${bookings} b where b.product_id = ${productId} and b.customer_id = ${customerId} and b.status = 'held' and b.expires_at > ${at})`,
      openHolds: sql<number>`(select count(*)::int from ${bookings} b where b.customer_id = ${customerId} and b.status = 'held' and b.expires_at > ${at})`,
      staleHold: sql<boolean>`exists (select 1 from ${bookings} b where b.product_id = ${productId} and b.status = 'held' and b.expires_at <= ${at})`,
    })
    .from(users)
    .where(eq(users.id, customerId))
  return row
}

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
  holdKind: bookings.holdKind,
  expiresAt: bookings.expiresAt,
  createdAt: bookings.createdAt,
  img: products.img,
  thumb: products.thumb,
  bag: products.title,
  category: products.category,
  productStatus: products.status,
  sellerId: products.sellerId,
  paidCents: payments.amountCents,
  discountCents: payments.discountCents,
  discountConflictCents: payments.discountConflictCents,
  shippingCents: orders.shippingCents,
}

/**
 * Whether the booking's bag is held (an exclusive hold in time) or bought by anyone at `now`: computed in the same
 * query as the row. Payment holds keep nobody out (docs/decisions/034).
 */
const bagHeldAt = (now: Date | Placeholder) =>
  sql<boolean>`exists (select 1 from ${bookings} as live where live.product_id = ${bookings.productId} and (live.status = 'paid' or (live.status = 'held' and live.hold_kind = 'exclusive' and live.expires_at > ${now instanceof Date ? now.toISOString() : now}::timestamptz)))`

/** A customer's bookings (My Orders), prepared: every signed-in customer's orders page asks for it. */
const listBookingsStatement = preparedStatement('list_bookings_of', (db) =>
  db
    .select({ ...bookingColumns, bagHeld: bagHeldAt(sql.placeholder('now')) })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(bookings.customerId, sql.placeholder('customerId')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200),
)

export const listBookingsOf = (db: DbOrTx, customerId: string, now: Date) =>
  listBookingsStatement(db).execute({ customerId, now: now.toISOString() })

export const findBooking = (db: DbOrTx, id: string, now: Date) =>
  db
    .select({ ...bookingColumns, bagHeld: bagHeldAt(now) })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(bookings.id, id))
    .then((r) => r[0])

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>

/** One booking → the original JSON; `held` past its time reads as expired even before the sweep marks it. */
export function toBookingJson(row: BookingRow, now: Date) {
  const status = row.status === 'held' && row.expiresAt <= now ? 'expired' : row.status
  const soldToSomeoneElse = row.productStatus === 'sold' && status !== 'paid'
  // a paid order speaks of what was charged: the payment's figures, never the booking's price alone
  const figures =
    row.paidCents === null
      ? undefined
      : orderFigures({
          amountCents: row.paidCents,
          discountCents: row.discountCents ?? 0,
          discountConflictCents: row.discountConflictCents ?? 0,
          shippingCents: row.shippingCents,
        })
  return {
    _id: row.id,
    img: row.thumb,
    bag: row.bag,
    product_id: row.productId,
    category: row.category,
    price: centsToDollars(figures?.priceCents ?? row.priceCents),
    discount: centsToDollars(figures?.discountCents ?? 0),
    amountPaid: figures ? centsToDollars(figures.paidCents) : null,
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
    paymentHold: row.holdKind === 'payment',
  }
}
