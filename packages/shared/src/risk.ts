import { z } from 'zod'
import { pageQuerySchema } from './common.ts'
import { riskMessages } from './messages/risk.ts'

export const FLAG_KINDS = ['linked_accounts', 'hold_cycling'] as const
export const FLAG_STATUSES = ['open', 'confirmed', 'dismissed'] as const

/** GET /api/admin/flags: one flag an admin should look at. */
export const riskFlagSchema = z.object({
  _id: z.string(),
  kind: z.enum(FLAG_KINDS),
  status: z.enum(FLAG_STATUSES),
  orderId: z.string().nullable(),
  productId: z.string().nullable(),
  /** The accounts it is about (linked accounts: the buyer, then the seller). */
  users: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
  reason: z.string(),
  /** What was found: for linked accounts, `signals` and whether the payout is held (`holdsPayout`). */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
})
export type RiskFlagJson = z.infer<typeof riskFlagSchema>

export const flagsQuerySchema = pageQuerySchema.extend({
  status: z.enum(['open', 'resolved'], { error: riskMessages.statusInvalid }).default('open'),
})

export const resolveFlagBodySchema = z.object({
  outcome: z.enum(['confirmed', 'dismissed'], { error: 'outcome must be confirmed or dismissed' }),
  note: z.string().trim().max(1_000, riskMessages.noteTooLong).default(''),
})
