import { pageQuerySchema } from '@preloved/shared/common'
import { messages } from '@preloved/shared/messages'
import { orderReviewSchema, replyBodySchema, reviewBodySchema, reviewSchema } from '@preloved/shared/reviews'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import type { Viewer } from '../orders/orders.repository.ts'
import {
  findPublicSeller,
  findReviewView,
  listSellerReviews,
  type ReviewRow,
  toReviewJson,
} from './reviews.repository.ts'
import {
  assertOrderParty,
  assertReviewedSeller,
  orderReviewOf,
  replyToReview,
  reviewDepsOf,
  reviewOrder,
} from './reviews.service.ts'

const idParams = z.object({ id: z.string().max(64) })
/** Reviews on one page of a profile without `limit`. */
export const REVIEWS_PAGE_SIZE = 10

/**
 * Reviews and badges (docs/product/reviews.md): the buyer reviews a completed order once within
 * REVIEW_DAYS, the reviewed seller replies once, and everyone reads a seller's reviews. Who may act is checked before
 * the body (404, then 403, then 400, then 409).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 30, windowMs: 10 * 60_000, key: (req) => `review:${req.user?.id}` })
  const viewerOf = (req: FastifyRequest): Viewer => {
    const user = signedInUser(req)
    return { id: user.id, role: user.role }
  }
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id
  const answer = async (row: ReviewRow) => toReviewJson((await findReviewView(app.db, row.id))!)

  app.get(
    '/orders/:id/review',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await assertOrderParty(app.db, viewerOf(req), idOf(req), 'any')),
      schema: {
        tags: ['reviews'],
        summary:
          "An order's review (its buyer, its seller, an admin), the review window and what the caller may do now",
        params: idParams,
        response: { 200: orderReviewSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return orderReviewOf(reviewDepsOf(app, req.log), viewerOf(req), req.params.id, app.now())
    },
  )

  app.post(
    '/orders/:id/review',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await assertOrderParty(app.db, viewerOf(req), idOf(req), 'buyer')),
      preHandler: perAccount,
      schema: {
        tags: ['reviews'],
        summary: 'The buyer reviews a completed order: 1–5 stars and up to 1,000 characters, once, within REVIEW_DAYS',
        params: idParams,
        body: reviewBodySchema,
        response: { 201: reviewSchema },
      },
    },
    async (req, reply) => {
      const row = await reviewOrder(reviewDepsOf(app, req.log), viewerOf(req), req.params.id, req.body, app.now())
      reply.code(201).header('cache-control', 'no-store')
      return answer(row)
    },
  )

  app.post(
    '/reviews/:id/reply',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await assertReviewedSeller(app.db, viewerOf(req), idOf(req))),
      preHandler: perAccount,
      schema: {
        tags: ['reviews'],
        summary: 'The reviewed seller replies to a review, once',
        params: idParams,
        body: replyBodySchema,
        response: { 200: reviewSchema },
      },
    },
    async (req, reply) => {
      const row = await replyToReview(
        reviewDepsOf(app, req.log),
        viewerOf(req),
        req.params.id,
        req.body.text,
        app.now(),
      )
      reply.header('cache-control', 'no-store')
      return answer(row)
    },
  )

  app.get(
    '/sellers/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: "A seller's reviews with their replies, newest first, with Link paging",
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (req, reply) => {
      const seller = await findPublicSeller(app.db, req.params.id)
      if (!seller) throw new AppError(404, messages.listings.sellerNotFound)
      const limit = req.query.limit ?? REVIEWS_PAGE_SIZE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const rows = await listSellerReviews(app.db, seller.id, cursor, limit + 1)
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      if (rows.length > limit && last) reply.header('link', nextLink(req.url, encodeCursor(last.review)))
      reply.header('cache-control', 'no-cache')
      return shown.map(toReviewJson)
    },
  )
}
