import { messages } from '@preloved/shared/messages'
import { insertResultSchema, modifyResultSchema } from '@preloved/shared/products'
import { createReportBodySchema, reportedItemListSchema, resolveReportBodySchema } from '@preloved/shared/reports'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { signedInUser } from '../../plugins/auth.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'
import { createReport, listReportedItems, resolveReports } from './reports.service.ts'

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 10, windowMs: 60 * 60_000, key: (req) => `report:${req.user?.id}` })
  /** For resolving reports, which may remove a listing. */
  const onListingsChanged: ListingsChanged = listingsChanged.bind(null, app)

  app.post(
    '/reports',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['reports'],
        summary: 'Report a listing (one open report per listing and user)',
        body: createReportBodySchema,
        response: { 200: insertResultSchema.extend({ message: z.string() }) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      insertedId: await createReport(app.db, signedInUser(req), req.body),
      message: messages.reports.thanks,
    }),
  )

  app.get(
    '/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary: 'Reported listings, grouped, newest report first (status=open by default, or resolved)',
        querystring: z.object({
          status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open'),
        }),
        response: { 200: reportedItemListSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return listReportedItems(app.db, req.query.status)
    },
  )

  app.patch(
    '/reports/:productId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary:
          "Resolve a listing's open reports: remove the listing (with a reason mailed to its seller), or dismiss",
        params: z.object({ productId: z.string().max(64) }),
        body: resolveReportBodySchema,
        response: { 200: modifyResultSchema },
      },
    },
    async (req) => {
      const modifiedCount = await resolveReports(
        app.db,
        onListingsChanged,
        app.mailer,
        signedInUser(req),
        req.params.productId,
        req.body.action,
        app.now(),
        req.body.reason,
      )
      return { acknowledged: true as const, modifiedCount }
    },
  )
}
