import { emailQuerySchema } from '@preloved/shared/auth'
import { wishlistAddResultSchema, wishlistBodySchema, wishlistSchema } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { deleteResultSchema } from '@preloved/shared/products'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { emailScope } from '../users/email-scope.ts'
import {
  addWish,
  deleteWish,
  findWishedProduct,
  findWishOwner,
  listWishesOf,
  toWishJson,
} from './wishlists.repository.ts'

export const wishlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/wishlists',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlists'],
        summary: 'Add a bag to your wishlist (adding it twice is harmless; not your own listing)',
        body: wishlistBodySchema,
        response: { 200: wishlistAddResultSchema },
      },
    },
    async (req) => {
      const productId = req.body.product_id
      const product = isUuid(productId) ? await findWishedProduct(app.db, productId) : undefined
      if (!product || product.status === 'removed') throw new AppError(404, messages.products.notFound)
      const user = signedInUser(req)
      if (product.sellerId === user.id) throw new AppError(403, messages.wishlists.ownItem)
      if (product.status === 'sold') throw new AppError(409, messages.bookings.sold)
      const { id, alreadySaved } = await addWish(app.db, user.id, productId)
      return { acknowledged: true as const, insertedId: id, alreadySaved }
    },
  )

  app.get(
    '/wishlists',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlists'],
        summary: 'Your wishlist, newest first',
        querystring: emailQuerySchema,
        response: { 200: wishlistSchema },
      },
    },
    async (req, reply) => {
      const who = await emailScope(app.db, signedInUser(req), req.query.email)
      reply.header('cache-control', 'no-store')
      if (!who) return []
      const rows = await listWishesOf(app.db, who.id)
      return rows.map((r) => toWishJson(r, req.query.email))
    },
  )

  app.delete(
    '/wishlists/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlists'],
        summary: 'Remove an entry from your wishlist',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: deleteResultSchema },
      },
    },
    async (req) => {
      const owner = isUuid(req.params.id) ? await findWishOwner(app.db, req.params.id) : undefined
      if (!owner) throw new AppError(404, messages.wishlists.entryNotFound)
      if (owner !== signedInUser(req).id) throw new AppError(403, messages.auth.forbidden)
      const deletedCount = await deleteWish(app.db, req.params.id)
      return { acknowledged: true as const, deletedCount }
    },
  )
}
