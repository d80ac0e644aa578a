import type { CreateBookingBody } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { expireStaleHolds } from './bookings.repository.ts'

/**
 * A booking is an exclusive hold on the bag for `holdMinutes`. In one transaction: stale holds of this bag are
 * marked expired, then the booking is inserted; the partial unique index (one held-or-paid booking per product)
 * makes the database refuse a second live hold, so two customers booking at once get one booking and one 409.
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
  try {
    return await db.transaction(async (tx) => {
      await expireStaleHolds(tx, now, product.id)
      const [row] = await tx
        .insert(bookings)
        .values({
          productId: product.id,
          customerId: user.id,
          customer: body.customer ?? user.name,
          email: user.email,
          number: body.number,
          location: body.location,
          priceCents: product.priceCents,
          status: 'held',
          expiresAt: new Date(now.getTime() + holdMinutes * 60_000),
          createdAt: now,
        })
        .returning({ id: bookings.id })
      return row!.id
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
