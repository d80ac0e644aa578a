import { type Category, categoryListSchema } from '@preloved/shared/categories'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listCategories, toCategoryJson } from './categories.repository.ts'

/** Categories are reference data that never change while the server runs: read once, served from memory. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  let cached: string | undefined
  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['categories'], summary: 'All categories', response: { 200: categoryListSchema } },
    },
    async (_req, reply) => {
      cached ??= JSON.stringify((await listCategories(app.db)).map(toCategoryJson))
      reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8')
      // a pre-serialized string skips the serializer
      return reply.send(cached as unknown as Category[])
    },
  )
}
