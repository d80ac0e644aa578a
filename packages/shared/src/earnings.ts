import { z } from 'zod'
import './zod-config.ts'
import { pageQuerySchema } from './common.ts'

// Seller earnings, payouts and card chargebacks (docs/product/orders.md#earnings). The earnings body itself and the
// payout account's body are in orders.ts (`earningsSchema`, `payoutAccountBodySchema`).

/** GET /api/earnings: the seller's own; an admin names the seller. Entries page with `limit` and `cursor`. */
export const earningsQuerySchema = pageQuerySchema.extend({
  sellerId: z.string().trim().min(1, 'sellerId is required').max(64, 'sellerId is not a valid id').optional(),
})
export type EarningsQuery = z.infer<typeof earningsQuerySchema>

/** POST /api/payout-account: the test bank account as kept (last four digits only), or Stripe's onboarding link. */
export const payoutAccountResultSchema = z.union([
  z.object({ provider: z.literal('test'), holderName: z.string(), last4: z.string() }),
  z.object({ provider: z.literal('stripe'), url: z.string() }),
])
export type PayoutAccountResult = z.infer<typeof payoutAccountResultSchema>

/** POST /api/payouts: the payout made (dollars). */
export const payoutSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  provider: z.enum(['test', 'stripe']),
  status: z.enum(['pending', 'paid', 'failed']),
  createdAt: z.string(),
})
export type Payout = z.infer<typeof payoutSchema>

/** POST /api/orders/{id}/chargeback/close (admin): why the hold ends. */
export const closeChargebackBodySchema = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(2000, 'reason must be at most 2000 characters'),
})
export type CloseChargebackBody = z.infer<typeof closeChargebackBodySchema>
