import { dashboardSummarySchema } from '@preloved/shared/dashboard'
import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bookings, payments, products, reports, users, wishlists } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'

const count = sql<number>`count(*)::int`

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
        const [sales] = await db
          .select({ n: count, total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
          .from(payments)
          .where(gte(payments.createdAt, weekAgo))
        return {
          role: 'admin' as const,
          admin: {
            ...people!,
            openReports: open!.n,
            salesThisWeek: sales!.n,
            salesThisWeekTotal: centsToDollars(sales!.total),
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
        const [total] = await db
          .select({ cents: sql<number>`coalesce(sum(${payments.amountCents} + ${payments.discountCents}), 0)::int` })
          .from(payments)
          .innerJoin(products, eq(products.id, payments.productId))
          .where(eq(products.sellerId, user.id))
        return {
          role: 'seller' as const,
          seller: { ...mine!, salesTotal: centsToDollars(total!.cents), verified: user.verified },
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
