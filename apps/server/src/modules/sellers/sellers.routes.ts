import { pageQuerySchema } from '@preloved/shared/common'
import { messages } from '@preloved/shared/messages'
import { sellerProfileSchema } from '@preloved/shared/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, nextLink } from '../../lib/paging.ts'
import { listProducts, toProductJson } from '../products/products.repository.ts'
import { badgeLabelsOf, sellerStandingOf } from '../reviews/reviews.service.ts'
import { findSellerProfile } from './sellers.repository.ts'

/** Listings on one page of a profile without `limit`. */
export const SELLER_PAGE_SIZE = 24

export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sellers'],
        summary: "A seller's public profile: counts, badges and their listings for sale, newest first (paged)",
        params: z.object({ id: z.string().max(64) }),
        querystring: pageQuerySchema,
        response: { 200: sellerProfileSchema },
      },
    },
    async (req, reply) => {
      const seller = await findSellerProfile(app.db, req.params.id)
      if (!seller) throw new AppError(404, messages.listings.sellerNotFound)
      const limit = req.query.limit ?? SELLER_PAGE_SIZE
      const { rows, hasMore } = await listProducts(
        app.db,
        { sellerId: seller.id },
        { limit, ...(req.query.cursor ? { cursor: decodeCursor(req.query.cursor) } : {}) },
        app.now(),
      )
      // stars, badges and ship time: computed from data, never granted by hand (modules/reviews)
      const standing = (await sellerStandingOf(app.db, seller.id))!
      const last = rows.at(-1)
      if (hasMore && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
      reply.header('cache-control', 'no-cache')
      return {
        _id: seller.id,
        name: seller.name,
        verified: seller.verified,
        memberSince: seller.createdAt.toISOString(),
        listed: seller.listed,
        sold: seller.sold,
        rating: standing.rating,
        badges: badgeLabelsOf(standing.rating.badges),
        medianShipHours: standing.medianShipHours,
        // the same for every visitor: never with contact details (decision 013)
        items: rows.map((row) => toProductJson(row, false)),
      }
    },
  )
}
