import { z } from 'zod'
import './zod-config.ts'
import { REPORT_REASONS } from './constants.ts'
import { messages } from './messages.ts'

export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  counterfeit: 'Counterfeit',
  misleading: 'Misleading description',
  prohibited: 'Prohibited item',
  scam: 'Spam or scam',
  other: 'Other',
}

export const createReportBodySchema = z.object({
  product_id: z.string({ error: 'product_id is required' }).trim().min(1, 'product_id is required').max(64),
  // no reason at all is the dialog's first mistake: its words are for the shopper; a wrong one, for the API's caller
  reason: z.enum(REPORT_REASONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? messages.reports.reasonRequired
        : 'reason must be one of counterfeit, misleading, prohibited, scam, other',
  }),
  note: z.string().trim().max(1000, 'note must be at most 1,000 characters').optional(),
})
export type CreateReportBody = z.infer<typeof createReportBodySchema>

/** Reported Items: open (or resolved) reports grouped by listing. */
export const reportedItemSchema = z.object({
  product_id: z.string(),
  title: z.string(),
  img: z.string(),
  seller: z.string(),
  email: z.string(),
  count: z.number(),
  reasons: z.array(z.string()),
  notes: z.array(z.string()),
  first: z.string(),
  latest: z.string(),
  status: z.enum(['open', 'dismissed', 'removed']),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The admin's reason for removing the listing (told to its seller). */
  resolutionNote: z.string().nullable().optional(),
})
export const reportedItemListSchema = z.array(reportedItemSchema)
export type ReportedItem = z.infer<typeof reportedItemSchema>

/** Remove needs a reason (mailed to the seller, kept with the reports); dismiss needs none. */
export const resolveReportBodySchema = z
  .object({
    action: z.enum(['remove', 'dismiss'], { error: 'action must be remove or dismiss' }),
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(1000, 'reason must be at most 1,000 characters')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'remove' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reason is required' })
    }
  })
export type ResolveReportBody = z.infer<typeof resolveReportBodySchema>
