import { pageQuerySchema } from '@preloved/shared/common'
import { outboxListSchema } from '@preloved/shared/mail'
import { desc } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { outbox } from '../../db/schema/index.ts'
import { afterCursor, decodeCursor, encodeCursor, nextLink } from '../../lib/paging.ts'

/** The mails the system sent while no SMTP server is configured, newest first (admins only). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary: 'Mail stored in the outbox, newest first',
        querystring: pageQuerySchema,
        response: { 200: outboxListSchema },
      },
    },
    async (req, reply) => {
      const limit = req.query.limit ?? 50
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const rows = await app.db
        .select()
        .from(outbox)
        .where(cursor ? afterCursor(outbox.createdAt, outbox.id, cursor) : undefined)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit + 1)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      if (rows.length > limit && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
      reply.header('cache-control', 'no-store')
      return page.map((m) => ({
        _id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        date: m.createdAt.toISOString(),
        ...(m.headers ? { headers: m.headers } : {}),
      }))
    },
  )
}
