import {
  closeChargebackBodySchema,
  earningsQuerySchema,
  payoutAccountResultSchema,
  payoutSchema,
} from '@preloved/shared/earnings'
import { messages } from '@preloved/shared/messages'
import { earningsSchema, orderSchema, type PayoutAccountBody, payoutAccountBodySchema } from '@preloved/shared/orders'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { publicOrigins } from '../auth/auth.ts'
import { orderDepsOf } from '../orders/order-deps.ts'
import { findOrderView, toOrderJsonList } from '../orders/orders.repository.ts'
import { assertParty } from '../orders/orders.service.ts'
import { closeChargeback } from './chargebacks.ts'
import { earningsOwner, type MoneyDeps, readEarnings, requestPayout, savePayoutAccount } from './earnings.service.ts'

const DEFAULT_PAGE = 50

/**
 * Seller earnings (balances summed from the ledger), payout accounts, payouts, and the admin's end of a card
 * chargeback's hold (docs/money.md#card-chargebacks).
 */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const depsOf = (req: FastifyRequest): MoneyDeps => ({
    db: app.db,
    mailer: app.mailer,
    stripe: app.stripe,
    publicUrl: publicOrigins(app.config).baseURL,
    log: req.log,
  })
  // payouts and Stripe onboarding links call a third party: a few per seller and hour are plenty
  const perSeller = app.limiter({ max: 30, windowMs: 60 * 60_000, key: (req) => `money:${req.user?.id}` })

  app.get(
    '/earnings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['earnings'],
        summary:
          "A seller's balances (pending, available, paid out) and ledger entries, newest first, with Link paging",
        querystring: earningsQuerySchema,
        response: { 200: earningsSchema },
      },
    },
    async (req, reply) => {
      const sellerId = await earningsOwner(app.db, signedInUser(req), req.query.sellerId)
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const page = { cursor, limit: req.query.limit ?? DEFAULT_PAGE }
      const { earnings, next } = await readEarnings(orderDepsOf(app, req.log), sellerId, page, app.now())
      if (next) reply.header('link', nextLink(req.url, next))
      reply.header('cache-control', 'no-store')
      return earnings
    },
  )

  app.post(
    '/payout-account',
    {
      config: { access: 'seller' },
      preHandler: perSeller,
      schema: {
        tags: ['earnings'],
        summary: app.stripe
          ? 'Opens your Stripe Connect account (once) and answers its onboarding link'
          : 'Your test bank account for payouts: the holder and the last four digits only are kept',
        body: app.stripe ? z.object({}).strict().nullish() : payoutAccountBodySchema,
        response: { 200: payoutAccountResultSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const body = app.stripe ? undefined : (req.body as PayoutAccountBody)
      return savePayoutAccount(depsOf(req), signedInUser(req), body, app.now())
    },
  )

  app.post(
    '/payouts',
    {
      config: { access: 'seller' },
      preHandler: perSeller,
      schema: {
        tags: ['earnings'],
        summary: 'Pays out your whole available balance (409 when nothing is available or no payout account is set)',
        response: { 200: payoutSchema },
      },
    },
    async (req) => requestPayout(depsOf(req), signedInUser(req), app.now()),
  )

  app.post(
    '/orders/:id/chargeback/close',
    {
      config: { access: 'signed-in' },
      // 404 for an order that is not the caller's to see, 403 for its buyer or seller: before the body
      preValidation: async (req) => {
        const user = signedInUser(req)
        await assertParty(app.db, { id: user.id, role: user.role }, (req.params as { id: string }).id, 'admin')
      },
      schema: {
        tags: ['earnings'],
        summary: "Ends a card chargeback's hold on the order's money (admin), with the reason in the audit log",
        params: z.object({ id: z.string().max(64) }),
        body: closeChargebackBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      await closeChargeback(app.db, user, req.params.id, req.body, app.now())
      const row = await findOrderView(app.db, req.params.id)
      if (!row) throw new AppError(404, messages.earnings.orderNotFound)
      reply.header('cache-control', 'no-store')
      return (await toOrderJsonList(app.db, [row], { id: user.id, role: user.role }, app.now()))[0]!
    },
  )
}
