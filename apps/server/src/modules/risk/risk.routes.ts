import { messages } from '@preloved/shared/messages'
import { flagsQuerySchema, type RiskFlagJson, resolveFlagBodySchema, riskFlagSchema } from '@preloved/shared/risk'
import { inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { forgetRatingSums } from '../reviews/reviews.repository.ts'
import { listFlags, type RiskFlag, resolveFlag } from './flags.ts'

const DEFAULT_PAGE = 50

/** The admin's flags (docs/decisions/029): what to look at, and the decision on each. */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  async function toJson(rows: RiskFlag[]): Promise<RiskFlagJson[]> {
    const ids = [...new Set(rows.flatMap((r) => r.userIds))]
    const people = ids.length
      ? await app.db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, ids))
      : []
    const byId = new Map(people.map((p) => [p.id, p]))
    return rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      status: r.status,
      orderId: r.orderId,
      productId: r.productId,
      users: r.userIds.map((id) => {
        const p = byId.get(id)
        return { _id: id, name: p?.name ?? '', email: p?.email ?? '' }
      }),
      reason: r.reason,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      resolutionNote: r.resolutionNote,
    }))
  }

  app.get(
    '/admin/flags',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Flags for the admin (linked accounts, bags held again and again), newest first, with Link paging',
        querystring: flagsQuerySchema,
        response: { 200: z.array(riskFlagSchema) },
      },
    },
    async (req, reply) => {
      const limit = req.query.limit ?? DEFAULT_PAGE
      const after = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const rows = await listFlags(app.db, { status: req.query.status, limit: limit + 1, after })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      if (rows.length > limit && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
      reply.header('cache-control', 'no-store')
      return toJson(page)
    },
  )

  app.post(
    '/admin/flags/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Confirm a flag (linked accounts: their orders with each other count for no badge or rating) or dismiss it (a held payout goes on)',
        params: z.object({ id: z.string().max(64) }),
        body: resolveFlagBodySchema,
        response: { 200: riskFlagSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw new AppError(404, messages.risk.notFound)
      const admin = signedInUser(req)
      const row = await resolveFlag(app.db, req.params.id, req.body.outcome, admin.id, req.body.note, app.now())
      if (!row) throw new AppError(404, messages.risk.notFound)
      // a confirmed link changes the ratings of the accounts it names (read afresh on this instance at once)
      for (const id of row.userIds) forgetRatingSums(app.db, id)
      return (await toJson([row]))[0]!
    },
  )
}
