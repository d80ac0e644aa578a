import { z } from 'zod'
import './zod-config.ts'

/** GET /api/dashboard/summary: the figures of the caller's role for the dashboard index. */
export const dashboardSummarySchema = z.object({
  role: z.enum(['customer', 'seller', 'admin']),
  customer: z.object({ openOrders: z.number(), paidOrders: z.number(), wishlist: z.number() }).optional(),
  seller: z
    .object({
      available: z.number(),
      sold: z.number(),
      /** Dollars the seller is owed for the bags sold: their listing prices (the first-order discount is the shop's). */
      salesTotal: z.number(),
      verified: z.boolean(),
    })
    .optional(),
  admin: z
    .object({
      customers: z.number(),
      sellers: z.number(),
      unverifiedSellers: z.number(),
      openReports: z.number(),
      salesThisWeek: z.number(),
      /** Dollars charged to buyers for the week's sales (after first-order discounts). */
      salesThisWeekTotal: z.number(),
      /** Dollars of first-order discounts in those sales: the shop's cost (sellers are owed the listing price). */
      discountsThisWeek: z.number(),
      /** Paid orders (all time) whose first-order discount was charged although another order already had it. */
      flaggedOrders: z.number(),
      /** Dollars those orders were charged under their price: the difference the shop bore twice. */
      flaggedDifference: z.number(),
    })
    .optional(),
})
