import { pageQuerySchema } from '@preloved/shared/common'
import { CATEGORY_SLUGS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { productListQuerySchema, productListSchema, productSchema } from '@preloved/shared/products'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { findProduct, listProducts, type ProductFilter, toProductJson } from './products.repository.ts'

/** Without `limit` a list answers with this many rows and a `Link` to the rest. */
export const DEFAULT_PAGE_SIZE = 100

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function sendPage(
    req: FastifyRequest,
    reply: FastifyReply,
    filter: ProductFilter,
    page: { limit?: number | undefined; cursor?: string | undefined },
  ) {
    const limit = page.limit ?? DEFAULT_PAGE_SIZE
    const { rows, hasMore } = await listProducts(app.db, filter, {
      limit,
      ...(page.cursor ? { cursor: decodeCursor(page.cursor) } : {}),
    })
    const last = rows.at(-1)
    if (hasMore && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
    reply.header('cache-control', 'no-cache')
    return rows.map(toProductJson)
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
