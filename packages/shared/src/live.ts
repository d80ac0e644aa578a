import { z } from 'zod'
import './zod-config.ts'

// Live updates (MARKETPLACE.md §5; issue 17): what GET /api/events (Server-Sent Events) pushes. Each SSE message has
// `id:` (the event's number, for Last-Event-ID), `event:` (the type) and `data:` (JSON below).

export const LIVE_EVENT_TYPES = ['message', 'offer', 'notification', 'conversation_read'] as const
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number]

export const liveEventSchema = z.object({
  id: z.number(),
  type: z.enum(LIVE_EVENT_TYPES),
  /** message: { conversationId, message }; offer: { offerId, status }; notification: { notification, unread }. */
  data: z.record(z.string(), z.unknown()),
})
export type LiveEvent = z.infer<typeof liveEventSchema>
