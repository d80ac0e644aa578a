// The booking a payment is for: its price, shipping and hold, read once for the checks of a payment step.
import { messages } from '@preloved/shared/messages'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'

/** The shipping of the deal: the listing's when the bag was held (frozen while held), or today's for older holds. */
export const dealShipping = sql<number>`coalesce(${bookings.shippingCents}, ${products.shippingCents})`.mapWith(Number)

export type BookingToPay = NonNullable<Awaited<ReturnType<typeof loadBooking>>>

export async function loadBooking(db: Db, bookingId: string) {
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

export async function ownBooking(db: Db, user: CurrentUser, bookingId: string) {
  const row = await loadBooking(db, bookingId)
  if (!row) throw new AppError(404, messages.bookings.notFound)
  if (row.customerId !== user.id) throw new AppError(403, messages.auth.forbidden)
  return row
}
