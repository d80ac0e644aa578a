import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { bookings, orders, payments, products, reports, users, wishlists } from '../../db/schema/index.ts'
import { sumOrderFigures } from '../../lib/order-figures.ts'

const count = sql<number>`count(*)::int`
/** A payment's stored amounts: each figure is computed from them by orderFigures, the same as on every screen. */
const paymentAmounts = {
  amountCents: payments.amountCents,
  discountCents: payments.discountCents,
  discountConflictCents: payments.discountConflictCents,
  shippingCents: orders.shippingCents,
}

/** The admin's figures: accounts, listings with open reports, the week's sales and the flagged orders. */
export async function adminFigures(db: DbOrTx, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000)
  const [people] = await db
    .select({
      customers: sql<number>`count(*) filter (where ${users.role} = 'customer')::int`,
      sellers: sql<number>`count(*) filter (where ${users.role} = 'seller')::int`,
      unverifiedSellers: sql<number>`count(*) filter (where ${users.role} = 'seller' and not ${users.verified})::int`,
    })
    .from(users)
    .where(isNull(users.deletedAt))
  const [open] = await db
    .select({ n: sql<number>`count(distinct ${reports.productId})::int` })
    .from(reports)
    .where(eq(reports.status, 'open'))
  const sales = sumOrderFigures(
    await db
      .select(paymentAmounts)
      .from(payments)
      .leftJoin(orders, eq(orders.paymentId, payments.id))
      .where(and(gte(payments.createdAt, weekAgo), isNull(payments.refundedAt))),
  )
  const flagged = sumOrderFigures(
    await db
      .select(paymentAmounts)
      .from(payments)
      .leftJoin(orders, eq(orders.paymentId, payments.id))
      .where(gt(payments.discountConflictCents, 0)),
  )
  return { people: people!, openReports: open!.n, sales, flagged }
}

/** A seller's figures: listings available and sold, and what the shop owes them for the paid, unrefunded orders. */
export async function sellerFigures(db: DbOrTx, sellerId: string) {
  const [listings] = await db
    .select({
      available: sql<number>`count(*) filter (where ${products.status} = 'available')::int`,
      sold: sql<number>`count(*) filter (where ${products.status} = 'sold')::int`,
    })
    .from(products)
    .where(eq(products.sellerId, sellerId))
  const owed = sumOrderFigures(
    await db
      .select(paymentAmounts)
      .from(payments)
      .leftJoin(orders, eq(orders.paymentId, payments.id))
      .innerJoin(products, eq(products.id, payments.productId))
      .where(and(eq(products.sellerId, sellerId), isNull(payments.refundedAt))),
  )
  return { listings: listings!, owed }
}

/** A customer's figures: holds running now, paid orders, and wished bags still for sale. */
export async function customerFigures(db: DbOrTx, customerId: string, now: Date) {
  const [orders] = await db
    .select({
      openOrders: sql<number>`count(*) filter (where ${bookings.status} = 'held' and ${bookings.expiresAt} > ${now})::int`,
      paidOrders: sql<number>`count(*) filter (where ${bookings.status} = 'paid')::int`,
    })
    .from(bookings)
    .where(eq(bookings.customerId, customerId))
  const [wish] = await db
    .select({ n: count })
    .from(wishlists)
    .innerJoin(products, eq(products.id, wishlists.productId))
    .where(and(eq(wishlists.userId, customerId), eq(products.status, 'available')))
  return { ...orders!, wishlist: wish!.n }
}
