import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) })

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        await app.database.ping()
        return { status: 'ok' as const, database: 'up' as const }
      } catch (err) {
        req.log.warn({ err }, 'health check: database down')
        return reply.code(503).send({ status: 'unavailable' as const, database: 'down' as const })
      }
    },
  )
}
