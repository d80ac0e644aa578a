import { z } from 'zod'
import { messages } from './messages.ts'
import './zod-config.ts'
import { LIVE_EVENT_TYPES } from './live-names.ts'

// Live updates: what GET /api/events (Server-Sent Events) pushes. Each SSE message has `id:` (the number
// of the event among the user's own, 1, 2, 3…, for Last-Event-ID; decision 032), `event:` (the type) and `data:`
// (JSON below). A stream opened without Last-Event-ID starts with a `ready` event (data `{}`) whose id is the user's
// newest event.

// The names a browser needs to open the stream (its event types, the ready event, the poll's id header) are in
// live-names.ts, which holds no zod: the header's bell, on every page, listens through lib/live-events.
export {
  LAST_EVENT_ID_HEADER,
  LIVE_EVENT_TYPES,
  LIVE_READY_EVENT,
  type LiveEventType,
} from './live-names.ts'

export const liveEventSchema = z.object({
  id: z.number(),
  type: z.enum(LIVE_EVENT_TYPES),
  /** message: { conversationId, message }; offer: { offerId, status }; notification: { notification, unread }. */
  data: z.record(z.string(), z.unknown()),
})
export type LiveEvent = z.infer<typeof liveEventSchema>

/** The polling fallback's answer (GET /api/events?poll=1&after=<id>): the events after `after`, oldest first. */
export const liveEventListSchema = z.array(liveEventSchema)

/** Most events one poll answers; a fuller backlog comes with a `Link: rel="next"` to ask again at once. */
export const LIVE_POLL_MAX = 200

/** An event id as text (a query value or the Last-Event-ID header): a whole number, at most 15 digits. */
export const eventIdSchema = (field: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, messages.live.eventId(field))
    .transform(Number)

/**
 * GET /api/events: `Accept: text/event-stream` (what EventSource sends) streams; `poll=1`, or any other Accept,
 * answers the JSON of the polling fallback. `after` (poll) and `lastEventId` (either; for clients that cannot set the
 * Last-Event-ID header) name the last event the client has.
 */
export const eventsQuerySchema = z.object({
  poll: z.enum(['1', 'true'], { error: messages.live.pollValue }).optional(),
  after: eventIdSchema('after').optional(),
  lastEventId: eventIdSchema('lastEventId').optional(),
})
export type EventsQuery = z.infer<typeof eventsQuerySchema>
