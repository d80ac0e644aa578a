import { pageQuerySchema } from '@preloved/shared/common'
import { CATEGORY_SLUGS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { type Product, productListQuerySchema, productListSchema, productSchema } from '@preloved/shared/products'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { etagOf } from '../../plugins/etag.ts'
import { findProduct, listProducts, type ProductFilter, toProductJson } from './products.repository.ts'

/** Without `limit` a list answers with this many rows and a `Link` to the rest. */
export const DEFAULT_PAGE_SIZE = 100

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public lists, serialized, by URL: the same for every visitor (decision 004). */
  const listCache = app.productListCache

  async function sendPage(
    req: FastifyRequest,
    reply: FastifyReply,
    filter: ProductFilter,
    page: { limit?: number | undefined; cursor?: string | undefined },
  ) {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8')
    let hit = listCache.get(req.url)
    if (!hit) {
      const { rows, hasMore } = await listProducts(app.db, filter, {
        limit: page.limit ?? DEFAULT_PAGE_SIZE,
        ...(page.cursor ? { cursor: decodeCursor(page.cursor) } : {}),
      })
      const last = rows.at(-1)
      const body = JSON.stringify(rows.map(toProductJson))
      hit = { body, etag: etagOf(body), link: hasMore && last ? nextLink(req.url, encodeCursor(last)) : undefined }
      listCache.set(req.url, hit)
    }
    reply.header('etag', hit.etag)
    if (hit.link) reply.header('link', hit.link)
    // a pre-serialized string skips the serializer; its rows were built by toProductJson
    return reply.send(hit.body as unknown as Product[])
  }

  app.get(
    '/categoryDetails',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Listings for sale, newest first (all, or one category, or the advertised ones)',
        querystring: productListQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (req, reply) => {
      const { category, advertised, limit, cursor } = req.query
      return sendPage(
        req,
        reply,
        { category, advertised: advertised === undefined ? undefined : advertised === 'true' },
        { limit, cursor },
      )
    },
  )

  app.get(
    '/categoryDetails/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: "A category's listings for sale, newest first",
        params: z.object({ slug: z.string().max(64) }),
        querystring: pageQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (req, reply) => {
      const slug = CATEGORY_SLUGS.find((s) => s.toLowerCase() === req.params.slug.toLowerCase())
      if (!slug) throw new AppError(404, messages.products.categoryNotFound)
      return sendPage(req, reply, { category: slug }, req.query)
    },
  )

  app.get(
    '/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'One listing (also when sold; removed listings are gone)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: productSchema },
      },
    },
    async (req) => {
      const row = isUuid(req.params.id) ? await findProduct(app.db, req.params.id) : undefined
      if (!row) throw new AppError(404, messages.products.notFound)
      return toProductJson(row)
    },
  )
}
