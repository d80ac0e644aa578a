import { pageQuerySchema } from '@preloved/shared/common'
import { messages } from '@preloved/shared/messages'
import {
  counterOfferBodySchema,
  createOfferBodySchema,
  offerRulesSchema,
  offerSchema,
  offersQuerySchema,
} from '@preloved/shared/offers'
import { and, eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { offers } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { findOfferView, listOfferViews, type OfferView, toOfferJson } from './offers.repository.ts'
import { assertOfferParty, createOffer, moveOffer, type OfferMove, offerDepsOf, sweepOffers } from './offers.service.ts'

const idParams = z.object({ id: z.string().max(64) })
const listQuery = pageQuerySchema.extend(offersQuerySchema.shape)
const DEFAULT_PAGE = 20

/**
 * Offers (docs/product/offers.md): make one, the seller's accept / decline / counter, the buyer's
 * accept / decline of a counter and withdraw, and each party's list. Each move answers the offer as it now stands.
 * Who may see an offer (its buyer and its seller) and whose move it is are checked before the body (404, then 403).
 */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 30, windowMs: 10 * 60_000, key: (req) => `offer:${req.user?.id}` })
  const perAccountMoves = app.limiter({ max: 60, windowMs: 10 * 60_000, key: (req) => `offer-move:${req.user?.id}` })

  const answer = async (reply: FastifyReply, id: string) => {
    const view = await findOfferView(app.db, id)
    if (!view) throw new AppError(404, messages.offers.notFound)
    reply.header('cache-control', 'no-store')
    return toOfferJson(view, app.now())
  }

  app.get(
    '/offers/rules',
    {
      config: { access: 'public' },
      schema: {
        tags: ['offers'],
        summary: 'The lowest offer as a share of the price, and how long offers and accepted holds last',
        response: { 200: offerRulesSchema },
      },
    },
    async () => ({
      minOfferPercent: app.config.MIN_OFFER_PERCENT,
      offerHours: app.config.OFFER_HOURS,
      holdHours: app.config.OFFER_HOLD_HOURS,
    }),
  )

  app.post(
    '/offers',
    {
      config: { access: 'customer' },
      preHandler: perAccount,
      schema: {
        tags: ['offers'],
        summary:
          "Offer on someone else's bag (at least MIN_OFFER_PERCENT of the price and below it); one standing offer per bag",
        body: createOfferBodySchema,
        response: { 201: offerSchema },
      },
    },
    async (req, reply) => {
      const now = app.now()
      const id = await createOffer(offerDepsOf(app, req.log), signedInUser(req), req.body, now)
      reply.code(201)
      return answer(reply, id)
    },
  )

  app.get(
    '/offers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['offers'],
        summary:
          'Your offers as buyer (role=buyer) or on your bags as seller (role=seller; the default for sellers), newest first, with Link paging',
        querystring: listQuery,
        response: { 200: z.array(offerSchema) },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      const now = app.now()
      // the caller's deadlines that passed are applied before they read
      await sweepOffers(offerDepsOf(app, req.log), now, { userId: user.id })
      const role = req.query.role ?? (user.role === 'seller' ? 'seller' : 'buyer')
      const limit = req.query.limit ?? DEFAULT_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      reply.header('cache-control', 'no-store')
      const productId = req.query.productId
      if (productId !== undefined && !isUuid(productId)) return []
      const mine = role === 'seller' ? eq(offers.sellerId, user.id) : eq(offers.buyerId, user.id)
      const where = productId ? and(mine, eq(offers.productId, productId)) : mine
      const rows: OfferView[] = await listOfferViews(app.db, where, cursor, limit + 1)
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      if (rows.length > limit && last)
        reply.header('link', nextLink(req.url, encodeCursor({ createdAt: last.offer.createdAt, id: last.offer.id })))
      return shown.map((v) => toOfferJson(v, now))
    },
  )

  const moveRoute = <B extends z.ZodType>(move: OfferMove, summary: string, body: B) =>
    app.route({
      method: 'POST',
      url: `/offers/:id/${move}`,
      config: { access: 'signed-in' },
      // 404 (not yours to see), then 403 (not your move), before the body is read
      preValidation: async (req: FastifyRequest) => {
        await assertOfferParty(app.db, signedInUser(req), (req.params as { id: string }).id, move, app.now())
      },
      preHandler: perAccountMoves,
      schema: { tags: ['offers'], summary, params: idParams, body, response: { 200: offerSchema } },
      handler: async (req, reply) => {
        const { id } = req.params as { id: string }
        const payload = req.body as { amount?: number } | undefined
        await moveOffer(offerDepsOf(app, req.log), signedInUser(req), id, move, payload ?? undefined, app.now())
        return answer(reply, id)
      },
    })

  moveRoute(
    'accept',
    'Accept: the seller a pending offer, the buyer a counter-offer; the bag is held for the buyer at that price',
    z.unknown().optional(),
  )
  moveRoute('decline', 'Decline: the seller a pending offer, the buyer a counter-offer', z.unknown().optional())
  moveRoute(
    'counter',
    'The seller answers a pending offer once with a counter-offer above it and below the price',
    counterOfferBodySchema,
  )
  moveRoute('withdraw', 'The buyer withdraws their pending offer', z.unknown().optional())
}
