// The names of live updates without zod, for the browser's first chunk (lib/live-events): live.ts
// re-exports them with the schemas.

/** The stream's first event when it starts now: its id is where a reconnection or a poll goes on from. */
export const LIVE_READY_EVENT = 'ready'

export const LIVE_EVENT_TYPES = ['message', 'offer', 'notification', 'conversation_read'] as const
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number]

/** The response header of a poll naming the id to send as `after` next time (the last event answered, or the start). */
export const LAST_EVENT_ID_HEADER = 'x-last-event-id'
