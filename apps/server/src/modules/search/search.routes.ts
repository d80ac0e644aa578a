import { searchQuerySchema, searchResultSchema } from '@preloved/shared/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { nextLink } from '../../lib/paging.ts'
import { BrandIndex } from './brand-index.ts'
import { cursorKey } from './search.cursor.ts'
import { type CachedSummary, search } from './search.service.ts'

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const brands = new BrandIndex(app.db)
  const key = cursorKey(app.config.AUTH_SECRET)
  const building = new Map<string, Promise<CachedSummary>>()

  app.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary:
          'Search the bags for sale: words (typo-tolerant, prefix as you type), repeatable filters, sorts, facet counts, keyset pages',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (req, reply) => {
      const { result, nextCursor } = await search(
        { db: app.db, now: app.now(), brands, summaries: app.searchCache, building, cursorKey: key },
        req.query,
      )
      if (nextCursor) reply.header('link', nextLink(req.url, nextCursor))
      reply.header('cache-control', 'no-cache')
      return result
    },
  )
}
