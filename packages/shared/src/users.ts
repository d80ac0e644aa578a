import { z } from 'zod'
import './zod-config.ts'

/** A row of All Customers / All Sellers (GET /api/users?role=). */
export const userRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'seller', 'admin']),
  verified: z.literal('yes').optional(),
})
export type UserRow = z.infer<typeof userRowSchema>
export const userListSchema = z.array(userRowSchema)

/** Why an admin withdraws a seller's verification or removes a listing: told to the seller, so never empty. */
export const moderationReasonSchema = z
  .string({ error: 'reason is required' })
  .trim()
  .min(1, 'reason is required')
  .max(1000, 'reason must be at most 1,000 characters')

/** PUT /api/users/{id}/unverify (admin): the reason is stored and mailed to the seller. */
export const unverifyBodySchema = z.object({ reason: moderationReasonSchema })
export type UnverifyBody = z.infer<typeof unverifyBodySchema>

/** GET /api/users/{id}/summary (admin): what an admin sees before verifying or unverifying a seller. */
export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'seller', 'admin']),
  verified: z.boolean(),
  /** ISO date the account was created. */
  joined: z.string(),
  /** Listings in the shop now (available), and all ever listed but removed ones. */
  listings: z.number(),
  /** Bags sold (paid). */
  sales: z.number(),
  /** Reports on their listings: all, and those still open. */
  reports: z.number(),
  openReports: z.number(),
  /** Why the verification was last withdrawn, while it stays withdrawn. */
  unverifiedReason: z.string().nullable(),
})
export type UserSummary = z.infer<typeof userSummarySchema>
