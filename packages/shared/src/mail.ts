import { z } from 'zod'
import './zod-config.ts'

/** One stored mail (GET /api/outbox, admin): kept when no SMTP server is configured (docs/product/notifications.md#mail). */
export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  date: z.string(),
  /** Extra headers it was sent with (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: z.record(z.string(), z.string()).optional(),
})
export type OutboxMail = z.infer<typeof outboxMailSchema>
export const outboxListSchema = z.array(outboxMailSchema)
