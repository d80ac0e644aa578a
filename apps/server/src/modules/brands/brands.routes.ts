import { brandListSchema, brandSchema, createBrandBodySchema } from '@preloved/shared/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { etagOf } from '../../plugins/etag.ts'
import { listingsChanged } from '../products/list-cache.ts'
import { listBrandCounts } from './brands.repository.ts'
import { createBrand } from './brands.service.ts'

/** One spelling of names for every visitor, whatever the database's collation ("& Other Stories" first). */
const byName = new Intl.Collator('en', { sensitivity: 'base' })

/** The key of the brand list in the listing pages' cache. */
const CACHE_KEY = '/api/brands'

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['brands']

  app.get(
    '/brands',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every brand with the number of its listings for sale, by name',
        response: { 200: brandListSchema },
      },
    },
    async (_req, reply) => {
      // the counts are a list of listings: kept with the listing pages, emptied whenever listings change (listingsChanged)
      const cache = app.productListCache
      let hit = cache.get(CACHE_KEY)
      if (!hit) {
        const since = cache.version
        const rows = (await listBrandCounts(app.db)).sort((a, b) => byName.compare(a.name, b.name))
        const body = JSON.stringify(rows)
        hit = { body, etag: etagOf(body), link: undefined, productIds: new Set() }
        cache.set(CACHE_KEY, hit, since)
      }
      reply.header('cache-control', 'no-cache').header('etag', hit.etag).type('application/json; charset=utf-8')
      return reply.send(hit.body as unknown as [])
    },
  )

  app.post(
    '/brands',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add a brand (admin); its slug comes from the name',
        body: createBrandBodySchema,
        response: { 200: brandSchema },
      },
    },
    async (req) => {
      return createBrand(app.db, listingsChanged.bind(null, app), req.body)
    },
  )
}
