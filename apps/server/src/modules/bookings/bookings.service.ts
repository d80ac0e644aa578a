import type { CreateBookingBody } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { expireStaleHolds } from './bookings.repository.ts'

/**
 * A booking is an exclusive hold on the bag for `holdMinutes`. The partial unique index (one held-or-paid booking
 * per product) makes the database refuse a second live hold, so two customers booking at once get one booking and
 * one 409. When the insert is refused, in one transaction stale holds of this bag are marked expired and the
 * insert is tried again; refused again, the bag is taken (409).
 */
export async function bookProduct(db: Db, user: CurrentUser, body: CreateBookingBody, now: Date, holdMinutes: number) {
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
    expiresAt: new Date(now.getTime() + holdMinutes * 60_000),
    createdAt: now,
  }
  const insert = (tx: DbOrTx) =>
    tx
      .insert(bookings)
      .values(values)
      .returning({ id: bookings.id })
      .then((rows) => rows[0]!.id)
  try {
    // the common case, nobody holds the bag: one statement, no transaction round trips
    return await insert(db)
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err
  }
  try {
    // someone holds it: if their time ran out, their hold is marked expired and the bag booked in one transaction
    return await db.transaction(async (tx) => {
      await expireStaleHolds(tx, now, product.id)
      return insert(tx)
    })
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
