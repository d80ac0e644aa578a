import { z } from 'zod'
import './zod-config.ts'

/** GET /api/dashboard/summary: the figures of the caller's role for the dashboard index. */
export const dashboardSummarySchema = z.object({
  role: z.enum(['customer', 'seller', 'admin']),
  customer: z.object({ openOrders: z.number(), paidOrders: z.number(), wishlist: z.number() }).optional(),
  seller: z
    .object({ available: z.number(), sold: z.number(), salesTotal: z.number(), verified: z.boolean() })
    .optional(),
  admin: z
    .object({
      customers: z.number(),
      sellers: z.number(),
      unverifiedSellers: z.number(),
      openReports: z.number(),
      salesThisWeek: z.number(),
      salesThisWeekTotal: z.number(),
    })
    .optional(),
})
