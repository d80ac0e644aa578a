import { emailQuerySchema } from '@preloved/shared/auth'
import { wishlistBodySchema, wishlistSchema } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { deleteResultSchema, insertResultSchema } from '@preloved/shared/products'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { products, wishlists } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { centsToDollars } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import { emailScope } from '../users/email-scope.ts'

export const wishlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/wishlists',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlists'],
        summary: 'Add a bag to your wishlist (adding it twice is harmless)',
        security: [{ bearer: [] }],
        body: wishlistBodySchema,
        response: { 200: insertResultSchema },
      },
    },
    async (req) => {
      const productId = req.body.product_id
      const [product] = isUuid(productId)
        ? await app.db
            .select({ id: products.id, status: products.status })
            .from(products)
            .where(eq(products.id, productId))
        : []
      if (!product || product.status === 'removed') throw new AppError(404, messages.products.notFound)
      if (product.status === 'sold') throw new AppError(409, messages.bookings.sold)
      await app.db.insert(wishlists).values({ productId, userId: req.user!.id }).onConflictDoNothing()
      const [entry] = await app.db
        .select({ id: wishlists.id })
        .from(wishlists)
        .where(and(eq(wishlists.productId, productId), eq(wishlists.userId, req.user!.id)))
      return { acknowledged: true as const, insertedId: entry!.id }
    },
  )

  app.get(
    '/wishlists',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlists'],
        summary: 'Your wishlist, newest first',
        security: [{ bearer: [] }],
        querystring: emailQuerySchema,
        response: { 200: wishlistSchema },
      },
    },
    async (req, reply) => {
      const who = await emailScope(app.db, req.user!, req.query.email)
      reply.header('cache-control', 'no-store')
      if (!who) return []
      const rows = await app.db
        .select({
          id: wishlists.id,
          productId: products.id,
          img: products.thumb,
          bag: products.title,
          category: products.category,
          priceCents: products.resellPriceCents,
          status: products.status,
        })
        .from(wishlists)
        .innerJoin(products, eq(products.id, wishlists.productId))
        .where(eq(wishlists.userId, who.id))
        .orderBy(desc(wishlists.createdAt), desc(wishlists.id))
        .limit(200)
      return rows.map((r) => ({
        _id: r.id,
        img: r.img,
        bag: r.bag,
        category: r.category,
        product_id: r.productId,
        price: centsToDollars(r.priceCents),
        email: req.query.email.toLowerCase(),
        status: r.status,
      }))
    },
  )

  app.delete(
    '/wishlists/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlists'],
        summary: 'Remove an entry from your wishlist',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: deleteResultSchema },
      },
    },
    async (req) => {
      const [entry] = isUuid(req.params.id)
        ? await app.db.select({ userId: wishlists.userId }).from(wishlists).where(eq(wishlists.id, req.params.id))
        : []
      if (!entry) throw new AppError(404, 'Wishlist entry not found')
      if (entry.userId !== req.user!.id) throw new AppError(403, messages.auth.forbidden)
      const deleted = await app.db
        .delete(wishlists)
        .where(eq(wishlists.id, req.params.id))
        .returning({ id: wishlists.id })
      return { acknowledged: true as const, deletedCount: deleted.length }
    },
  )
}
