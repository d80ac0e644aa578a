import {
  eventIdSchema,
  eventsQuerySchema,
  LAST_EVENT_ID_HEADER,
  LIVE_POLL_MAX,
  liveEventListSchema,
} from '@preloved/shared/live'
import { messages } from '@preloved/shared/messages'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { eventsAfter, lastSeqOf } from './live.repository.ts'

/** Whether the client asked for the stream: EventSource sends `Accept: text/event-stream`. */
export const acceptsEventStream = (accept: string | undefined) =>
  (accept ?? '').split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === 'text/event-stream')

/**
 * GET /api/events (docs/product/notifications.md#live): the signed-in user's live events as Server-Sent
 * Events, or as JSON for the polling fallback. Session cookie (what EventSource sends) or bearer token.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  // stream openings and polls together: a browser reconnects every few seconds at worst and polls every ten
  const perUser = app.limiter({ max: 300, windowMs: 60_000, key: (req) => `events:${req.user?.id}` })

  app.get(
    '/events',
    {
      config: { access: 'signed-in' },
      preHandler: perUser,
      schema: {
        tags: ['live'],
        summary: 'Live updates: your new messages, offers and notifications (Server-Sent Events, or JSON to poll)',
        description:
          'With `Accept: text/event-stream`: a stream of `id:`/`event:`/`data:` messages (a comment every 25 s; ' +
          '`retry:` first). Ids number your own events (1, 2, 3…). `Last-Event-ID` (or `?lastEventId=`) replays ' +
          'the events after it; without it the stream starts now, and names your newest id first. Otherwise (or with `poll=1`): the events after `after` as ' +
          `JSON, oldest first, at most ${LIVE_POLL_MAX} (\`Link: rel="next"\` when there are more); the ` +
          `\`${LAST_EVENT_ID_HEADER}\` header names the id to send as \`after\` next. The stream ends with the ` +
          'session (sign-out, password change, role change, account deletion).',
        querystring: eventsQuerySchema,
        headers: z.looseObject({ 'last-event-id': eventIdSchema('Last-Event-ID').optional() }),
        response: { 200: liveEventListSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      if (!req.sessionId) throw new AppError(401, messages.auth.signInRequired)
      const headerId = req.headers['last-event-id'] as number | undefined
      reply.header('cache-control', 'no-store')
      if (req.query.poll === undefined && acceptsEventStream(req.headers.accept)) {
        const lastEventId = headerId ?? req.query.lastEventId
        const stream = await app.liveStreams.open(
          { userId: user.id, sessionId: req.sessionId, role: user.role },
          lastEventId,
        )
        reply.header('content-type', 'text/event-stream; charset=utf-8')
        // nginx and friends: pass each message on as it comes
        reply.header('x-accel-buffering', 'no')
        // a stream, not the JSON of the schema (which describes the polling answer)
        return reply.send(stream as never)
      }
      // ids are the user's own event numbers (decision 032): they say nothing of anyone else's events
      const newest = await lastSeqOf(app.db, user.id)
      const after = req.query.after ?? req.query.lastEventId ?? headerId
      if (after === undefined) {
        reply.header(LAST_EVENT_ID_HEADER, String(newest))
        return []
      }
      // an id the user was never given (made up, or from before the upgrade to per-user ids) counts as their newest
      const from = Math.min(after, newest)
      const events = await eventsAfter(app.db, user.id, from, LIVE_POLL_MAX + 1)
      const page = events.slice(0, LIVE_POLL_MAX)
      const last = page.at(-1)?.seq ?? from
      reply.header(LAST_EVENT_ID_HEADER, String(last))
      if (events.length > LIVE_POLL_MAX) reply.header('link', `</api/events?poll=1&after=${last}>; rel="next"`)
      return page.map((e) => ({ id: e.seq, type: e.type, data: e.data }))
    },
  )
}
