import { dashboardSummarySchema } from '@preloved/shared/dashboard'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { centsToDollars } from '../../lib/money.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { adminFigures, customerFigures, sellerFigures } from './dashboard.repository.ts'

/** The dashboard index: the figures of the caller's role. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['dashboard'],
        summary: "Your dashboard's figures",
        response: { 200: dashboardSummarySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const user = signedInUser(req)
      if (user.role === 'admin') {
        const { people, openReports, sales, flagged } = await adminFigures(app.db, app.now())
        return {
          role: 'admin' as const,
          admin: {
            ...people,
            openReports,
            salesThisWeek: sales.orders,
            salesThisWeekTotal: centsToDollars(sales.paidCents),
            discountsThisWeek: centsToDollars(sales.discountCents),
            flaggedOrders: flagged.flaggedOrders,
            flaggedDifference: centsToDollars(flagged.discountConflictCents),
          },
        }
      }
      if (user.role === 'seller') {
        const { listings, owed } = await sellerFigures(app.db, user.id)
        return {
          role: 'seller' as const,
          seller: { ...listings, salesTotal: centsToDollars(owed.sellerOwedCents), verified: user.verified },
        }
      }
      return { role: 'customer' as const, customer: await customerFigures(app.db, user.id, app.now()) }
    },
  )
}
