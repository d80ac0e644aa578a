import { pageQuerySchema } from '@preloved/shared/common'
import { messages } from '@preloved/shared/messages'
import { ORDER_PROCESS, type OrderPersonMove } from '@preloved/shared/order-process'
import {
  answerBodySchema,
  cancelBodySchema,
  disputeBodySchema,
  orderAddressBodySchema,
  orderSchema,
  ordersQuerySchema,
  refundBodySchema,
  resolveBodySchema,
  shipBodySchema,
} from '@preloved/shared/orders'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orders } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { orderDepsOf } from './order-deps.ts'
import {
  answerDispute,
  cancelOrder,
  confirmOrder,
  disputeOrder,
  refundOrder,
  resolveDispute,
  setOrderAddress,
  shipOrder,
} from './order-moves.ts'
import {
  adminSearchWhere,
  findOrderView,
  listOrderViews,
  type OrderViewRow,
  toOrderJsonList,
  type Viewer,
} from './orders.repository.ts'
import { applyDue, applyDueOf, assertParty } from './orders.service.ts'

const idParams = z.object({ id: z.string().max(64) })
const listQuery = pageQuerySchema.extend(ordersQuerySchema.shape)
const adminQuery = pageQuerySchema.extend({
  q: z.string().trim().max(254, 'q must be at most 254 characters').optional(),
})
/** An optional Idempotency-Key header on money moves: the same key again is the same refund. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Idempotency-Key must be 1 to 100 letters, digits, - or _')
    .optional(),
})

const DEFAULT_PAGE = 20

/**
 * The order after payment (docs/product/orders.md): the buyer's and the seller's lists, one order, and its moves.
 * Each move answers the order as it now stands. Who may see an order is checked before the body (404, then 403).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 60, windowMs: 10 * 60_000, key: (req) => `order-move:${req.user?.id}` })
  const viewerOf = (req: FastifyRequest): Viewer => {
    const user = signedInUser(req)
    return { id: user.id, role: user.role }
  }
  /** 404 for an order that is not the caller's to see, 403 for a party who may not make this move: before the body. */
  const party = (move: OrderPersonMove | 'read') => async (req: FastifyRequest) => {
    await assertParty(app.db, viewerOf(req), (req.params as { id: string }).id, move)
  }
  const answer = async (req: FastifyRequest, reply: FastifyReply, id: string) => {
    const row = await findOrderView(app.db, id)
    if (!row) throw new AppError(404, messages.orderMoves.notFound)
    reply.header('cache-control', 'no-store')
    return (await toOrderJsonList(app.db, [row], viewerOf(req), app.now()))[0]!
  }
  const page = async (req: FastifyRequest, reply: FastifyReply, rows: OrderViewRow[], limit: number) => {
    const shown = rows.slice(0, limit)
    const last = shown.at(-1)
    if (rows.length > limit && last)
      reply.header('link', nextLink(req.url, encodeCursor({ createdAt: last.order.createdAt, id: last.order.id })))
    reply.header('cache-control', 'no-store')
    return toOrderJsonList(app.db, shown, viewerOf(req), app.now())
  }

  app.get(
    '/orders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Your orders as buyer (default) or your sales as seller, newest first, with Link paging',
        querystring: listQuery,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (req, reply) => {
      const user = viewerOf(req)
      const now = app.now()
      await applyDueOf(orderDepsOf(app, req.log), user.id, now)
      const limit = req.query.limit ?? DEFAULT_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const where = req.query.role === 'seller' ? eq(orders.sellerId, user.id) : eq(orders.buyerId, user.id)
      return page(req, reply, await listOrderViews(app.db, where, cursor, limit + 1), limit)
    },
  )

  app.get(
    '/orders/:id',
    {
      config: { access: 'signed-in' },
      preValidation: party('read'),
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer, its seller, an admin); a deadline that passed is applied first',
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    async (req, reply) => {
      await applyDue(orderDepsOf(app, req.log), req.params.id, app.now())
      return answer(req, reply, req.params.id)
    },
  )

  /** A person's move, at the route the process table gives it, refused before its body as the table says. */
  const moveRoute = <B extends z.ZodType>(
    move: OrderPersonMove,
    summary: string,
    body: B,
    run: (req: FastifyRequest, id: string, body: z.infer<B>) => Promise<void>,
  ) =>
    app.route({
      method: ORDER_PROCESS[move].route.method,
      url: `/orders/:id/${ORDER_PROCESS[move].route.path}`,
      config: { access: 'signed-in' },
      preValidation: party(move),
      preHandler: perAccount,
      schema: {
        tags: ['orders'],
        summary,
        params: idParams,
        body,
        headers: idempotencyHeaders,
        response: { 200: orderSchema },
      },
      handler: async (req, reply) => {
        const { id } = req.params as { id: string }
        await run(req, id, req.body as z.infer<B>)
        return answer(req, reply, id)
      },
    })
  const keyOf = (req: FastifyRequest) => (req.headers as { 'idempotency-key'?: string })['idempotency-key']

  moveRoute('ship', 'The seller ships a paid order (carrier, tracking number)', shipBodySchema, (req, id, body) =>
    shipOrder(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now()),
  )
  moveRoute('confirm', 'The buyer confirms everything is OK (shipped only)', z.unknown().optional(), (req, id) =>
    confirmOrder(orderDepsOf(app, req.log), viewerOf(req), id, app.now()),
  )
  moveRoute('dispute', 'The buyer reports a problem (shipped only)', disputeBodySchema, (req, id, body) =>
    disputeOrder(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now()),
  )
  moveRoute('answer', 'The seller answers a dispute', answerBodySchema, (req, id, body) =>
    answerDispute(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now()),
  )
  moveRoute(
    'cancel',
    'The seller (or an admin, with a reason) cancels a paid order: the buyer is refunded in full',
    cancelBodySchema.nullable(),
    (req, id, body) => cancelOrder(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now()),
  )
  moveRoute(
    'resolve',
    'An admin resolves a dispute: release to the seller, or refund (in part with amount)',
    resolveBodySchema,
    (req, id, body) => resolveDispute(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now(), keyOf(req)),
  )
  moveRoute(
    'refund',
    'An admin refunds a paid or shipped order, in full or in part (Idempotency-Key: the same refund once)',
    refundBodySchema,
    (req, id, body) => refundOrder(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now(), keyOf(req)),
  )
  moveRoute(
    'address',
    "The buyer's delivery address (paid, before shipping): the first one starts the ship-by clock",
    orderAddressBodySchema,
    (req, id, body) => setOrderAddress(orderDepsOf(app, req.log), viewerOf(req), id, body, app.now()),
  )

  app.get(
    '/admin/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: "Every order, newest first; q: an order id or the buyer's or seller's email",
        querystring: adminQuery,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (req, reply) => {
      const limit = req.query.limit ?? DEFAULT_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const q = req.query.q || undefined
      const where = adminSearchWhere(q, q !== undefined && isUuid(q))
      return page(req, reply, await listOrderViews(app.db, where, cursor, limit + 1), limit)
    },
  )

  app.get(
    '/admin/disputes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Disputed orders waiting for an admin, newest first',
        querystring: pageQuerySchema,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (req, reply) => {
      const limit = req.query.limit ?? DEFAULT_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      return page(req, reply, await listOrderViews(app.db, eq(orders.status, 'disputed'), cursor, limit + 1), limit)
    },
  )
}
