import { type Category, categoryListSchema } from '@preloved/shared/categories'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { etagOf } from '../../plugins/etag.ts'
import { listCategories, toCategoryJson } from './categories.repository.ts'

/** Categories are reference data that never change while the server runs: read once, served from memory. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  let cached: { body: string; etag: string } | undefined
  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['categories'], summary: 'All categories', response: { 200: categoryListSchema } },
    },
    async (_req, reply) => {
      if (!cached) {
        const body = JSON.stringify((await listCategories(app.db)).map(toCategoryJson))
        cached = { body, etag: etagOf(body) }
      }
      reply
        .header('cache-control', 'public, max-age=60')
        .header('etag', cached.etag)
        .type('application/json; charset=utf-8')
      // a pre-serialized string skips the serializer
      return reply.send(cached.body as unknown as Category[])
    },
  )
}
