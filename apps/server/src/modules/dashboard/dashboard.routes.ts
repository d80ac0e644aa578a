import { dashboardSummarySchema } from '@preloved/shared/dashboard'
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bookings, payments, products, reports, users, wishlists } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'
import { sumOrderFigures } from '../../lib/order-figures.ts'

const count = sql<number>`count(*)::int`
/** A payment's stored amounts: each figure is computed from them by orderFigures, the same as on every screen. */
const paymentAmounts = {
  amountCents: payments.amountCents,
  discountCents: payments.discountCents,
  discountConflictCents: payments.discountConflictCents,
}

/** The dashboard index: the figures of the caller's role. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['dashboard'],
        summary: "Your dashboard's figures",
        security: [{ bearer: [] }],
        response: { 200: dashboardSummarySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const user = req.user!
      const db = app.db
      if (user.role === 'admin') {
        const weekAgo = new Date(app.now().getTime() - 7 * 24 * 3600_000)
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
            .where(and(gte(payments.createdAt, weekAgo), isNull(payments.refundedAt))),
        )
        const flagged = sumOrderFigures(
          await db.select(paymentAmounts).from(payments).where(gt(payments.discountConflictCents, 0)),
        )
        return {
          role: 'admin' as const,
          admin: {
            ...people!,
            openReports: open!.n,
            salesThisWeek: sales.orders,
            salesThisWeekTotal: centsToDollars(sales.paidCents),
            discountsThisWeek: centsToDollars(sales.discountCents),
            flaggedOrders: flagged.flaggedOrders,
            flaggedDifference: centsToDollars(flagged.discountConflictCents),
          },
        }
      }
      if (user.role === 'seller') {
        const [mine] = await db
          .select({
            available: sql<number>`count(*) filter (where ${products.status} = 'available')::int`,
            sold: sql<number>`count(*) filter (where ${products.status} = 'sold')::int`,
          })
          .from(products)
          .where(eq(products.sellerId, user.id))
        const owed = sumOrderFigures(
          await db
            .select(paymentAmounts)
            .from(payments)
            .innerJoin(products, eq(products.id, payments.productId))
            .where(and(eq(products.sellerId, user.id), isNull(payments.refundedAt))),
        )
        return {
          role: 'seller' as const,
          seller: { ...mine!, salesTotal: centsToDollars(owed.sellerOwedCents), verified: user.verified },
        }
      }
      const [orders] = await db
        .select({
          openOrders: sql<number>`count(*) filter (where ${bookings.status} = 'held' and ${bookings.expiresAt} > ${app.now()})::int`,
          paidOrders: sql<number>`count(*) filter (where ${bookings.status} = 'paid')::int`,
        })
        .from(bookings)
        .where(eq(bookings.customerId, user.id))
      const [wish] = await db
        .select({ n: count })
        .from(wishlists)
        .innerJoin(products, eq(products.id, wishlists.productId))
        .where(and(eq(wishlists.userId, user.id), eq(products.status, 'available')))
      return { role: 'customer' as const, customer: { ...orders!, wishlist: wish!.n } }
    },
  )
}
