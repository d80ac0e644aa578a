import { type SearchResult, searchQuerySchema, searchResultSchema } from '@preloved/shared/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { nextLink } from '../../lib/paging.ts'
import { brandIndexOf } from '../brands/brand-index.ts'
import { SearchMemory } from './listing-columns.ts'
import { cursorKey } from './search.cursor.ts'
import { search } from './search.service.ts'
import { SEARCH_CACHE_MS } from './search-cache.ts'

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const brands = brandIndexOf(app.db)
  const key = cursorKey(app.config.AUTH_SECRET)
  // read again after a change in this process (listingsChanged), and after SEARCH_CACHE_MS for other instances'
  const memory = new SearchMemory(app.db, app.searchCache, app.config.LIST_CACHE_MS === 0 ? 0 : SEARCH_CACHE_MS)

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
        { db: app.db, now: app.now(), brands, memory, cursorKey: key },
        req.query,
      )
      if (nextCursor) reply.header('link', nextLink(req.url, nextCursor))
      reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8')
      // Serialized here, as the public list pages are: its items were built by toProductJson for everyone (no
      // contact details) and the rest from typed counts, so encoding it again through the schema (a third of a
      // search's CPU) would prove nothing at run time. search.test.ts holds every answer to the schema.
      return reply.send(JSON.stringify(result) as unknown as SearchResult)
    },
  )
}
