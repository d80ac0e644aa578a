import { pageQuerySchema } from '@preloved/shared/common'
import {
  chatMessageSchema,
  conversationSchema,
  conversationsQuerySchema,
  MESSAGE_REPORT_STATUSES,
  messageReportSchema,
  reportMessageBodySchema,
  resolveMessageReportBodySchema,
  sendMessageBodySchema,
  startConversationBodySchema,
  unreadMessagesSchema,
} from '@preloved/shared/conversations'
import { messages } from '@preloved/shared/messages'
import { insertResultSchema } from '@preloved/shared/products'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import {
  findConversationView,
  findReport,
  listConversationViews,
  listMessages,
  listReports,
  toConversationJsonList,
  toMessageJson,
  toReportJson,
  unreadCount,
  type Viewer,
} from './conversations.repository.ts'
import {
  conversationDepsOf,
  conversationOfOrder,
  markRead,
  messageAboutOrder,
  orderToTalkAbout,
  productToAsk,
  reportableMessage,
  reportMessage,
  resolveMessageReport,
  sendMessage,
  startConversation,
  visibleConversation,
  writableConversation,
} from './conversations.service.ts'

const idParams = z.object({ id: z.string().max(64) })
const CONVERSATIONS_PAGE = 20
const MESSAGES_PAGE = 50

/** A page of messages is cut before a seq: the cursor carries it. */
const encodeSeq = (seq: number) => Buffer.from(`seq:${seq}`).toString('base64url')
function decodeSeq(cursor: string): number {
  const match = /^seq:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) throw new AppError(400, messages.common.invalidCursor)
  return Number(match[1])
}

/**
 * Buyer–seller messages (docs/product/messages.md): one conversation per bag and buyer, readable by its buyer and
 * its seller, and by an admin once it is reported or its order disputed. Who may see a conversation is checked before
 * the body (404, then 403), as for orders.
 */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // one counter for every message an account sends (a flood is 429), and one for reports
  const perMessage = app.limiter({ max: 30, windowMs: 60_000, key: (req) => `message:${req.user?.id}` })
  const perReport = app.limiter({ max: 20, windowMs: 60 * 60_000, key: (req) => `message-report:${req.user?.id}` })
  const viewerOf = (req: FastifyRequest): Viewer => {
    const user = signedInUser(req)
    return { id: user.id, role: user.role }
  }
  const paramId = (req: FastifyRequest) => (req.params as { id: string }).id
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  app.post(
    '/conversations',
    {
      config: { access: 'customer' },
      // the bag is named in the body: an unknown one is 404 and one's own 403, before the text is checked (400)
      preValidation: async (req) => {
        const productId = (req.body as { productId?: unknown } | null)?.productId
        if (typeof productId === 'string') await productToAsk(app.db, viewerOf(req), productId)
      },
      preHandler: perMessage,
      schema: {
        tags: ['messages'],
        summary:
          'Write to the seller about a bag: in the conversation of that bag and you (made on the first message); contact details are hidden',
        body: startConversationBodySchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (req, reply) => {
      const { message } = await startConversation(conversationDepsOf(app, req.log), viewerOf(req), req.body, app.now())
      return reply.code(201).send(toMessageJson(message))
    },
  )

  app.get(
    '/conversations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: 'Your conversations, newest activity first, with unread counts and the last message; Link paging',
        querystring: conversationsQuerySchema,
        response: { 200: z.array(conversationSchema) },
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req)
      const limit = req.query.limit ?? CONVERSATIONS_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const rows = await listConversationViews(app.db, viewer.id, req.query.productId, cursor, limit + 1)
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      if (rows.length > limit && last)
        reply.header('link', nextLink(req.url, encodeCursor({ createdAt: last.c.lastMessageAt, id: last.c.id })))
      noStore(reply)
      return toConversationJsonList(app.db, shown, viewer)
    },
  )

  app.get(
    '/conversations/unread',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: 'How many messages from others you have not read, over all your conversations',
        response: { 200: unreadMessagesSchema },
      },
    },
    async (req, reply) => {
      noStore(reply)
      return { unread: await unreadCount(app.db, viewerOf(req).id) }
    },
  )

  app.get(
    '/conversations/:id',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await visibleConversation(app.db, viewerOf(req), paramId(req))),
      schema: {
        tags: ['messages'],
        summary: 'One conversation (its buyer, its seller; an admin once reported or while its order is disputed)',
        params: idParams,
        response: { 200: conversationSchema },
      },
    },
    async (req, reply) => {
      const row = await findConversationView(app.db, req.params.id)
      if (!row) throw new AppError(404, messages.conversations.notFound)
      noStore(reply)
      return (await toConversationJsonList(app.db, [row], viewerOf(req)))[0]!
    },
  )

  app.get(
    '/conversations/:id/messages',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await visibleConversation(app.db, viewerOf(req), paramId(req))),
      schema: {
        tags: ['messages'],
        summary: 'Its messages, newest first, Link paging; reading the newest page marks them read',
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: z.array(chatMessageSchema) },
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req)
      const { c, side } = await visibleConversation(app.db, viewer, req.params.id)
      const limit = req.query.limit ?? MESSAGES_PAGE
      const before = req.query.cursor ? decodeSeq(req.query.cursor) : undefined
      const rows = await listMessages(app.db, c.id, before, limit + 1)
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      if (rows.length > limit && last) reply.header('link', nextLink(req.url, encodeSeq(last.seq)))
      // a party reading the newest page has read up to its newest message (an admin's reading marks nothing)
      const newest = shown[0]
      if (side && before === undefined && newest) await markRead(conversationDepsOf(app, req.log), c, side, newest.seq)
      noStore(reply)
      return shown.map(toMessageJson)
    },
  )

  app.post(
    '/conversations/:id/messages',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await writableConversation(app.db, viewerOf(req), paramId(req))),
      preHandler: perMessage,
      schema: {
        tags: ['messages'],
        summary: 'Send a message (1–2,000 characters; contact details are hidden); its buyer or its seller',
        params: idParams,
        body: sendMessageBodySchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (req, reply) => {
      const message = await sendMessage(
        conversationDepsOf(app, req.log),
        viewerOf(req),
        req.params.id,
        req.body.text,
        app.now(),
      )
      return reply.code(201).send(toMessageJson(message))
    },
  )

  app.get(
    '/orders/:id/conversation',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary:
          "An order's conversation, null before its first message (its buyer, its seller; an admin while disputed)",
        params: idParams,
        response: { 200: conversationSchema.nullable() },
      },
    },
    async (req, reply) => {
      const c = await conversationOfOrder(app.db, viewerOf(req), req.params.id)
      noStore(reply)
      if (!c) return null
      const row = await findConversationView(app.db, c.id)
      if (!row) throw new AppError(404, messages.conversations.notFound)
      return (await toConversationJsonList(app.db, [row], viewerOf(req)))[0]!
    },
  )

  app.post(
    '/orders/:id/conversation',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await orderToTalkAbout(app.db, viewerOf(req), paramId(req))),
      preHandler: perMessage,
      schema: {
        tags: ['messages'],
        summary: "Write in an order's conversation (its buyer or its seller; made on the first message)",
        params: idParams,
        body: sendMessageBodySchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (req, reply) => {
      const message = await messageAboutOrder(
        conversationDepsOf(app, req.log),
        viewerOf(req),
        req.params.id,
        req.body.text,
        app.now(),
      )
      return reply.code(201).send(toMessageJson(message))
    },
  )

  app.post(
    '/messages/:id/report',
    {
      config: { access: 'signed-in' },
      preValidation: async (req) => void (await reportableMessage(app.db, viewerOf(req), paramId(req))),
      preHandler: perReport,
      schema: {
        tags: ['messages'],
        summary: "Report the other party's message to the moderators (once per message)",
        params: idParams,
        body: reportMessageBodySchema,
        response: { 201: insertResultSchema.extend({ message: z.string() }) },
      },
    },
    async (req, reply) => {
      const id = await reportMessage(app.db, viewerOf(req), req.params.id, req.body.reason, app.now())
      return reply
        .code(201)
        .send({ acknowledged: true as const, insertedId: id, message: messages.conversations.reportThanks })
    },
  )

  app.get(
    '/message-reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['messages'],
        summary: 'Reported messages (open by default, or resolved), newest report first; Link paging',
        querystring: pageQuerySchema.extend({
          status: z.enum(MESSAGE_REPORT_STATUSES, { error: 'status must be open or resolved' }).default('open'),
        }),
        response: { 200: z.array(messageReportSchema) },
      },
    },
    async (req, reply) => {
      const limit = req.query.limit ?? CONVERSATIONS_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const rows = await listReports(app.db, req.query.status, cursor, limit + 1)
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      if (rows.length > limit && last)
        reply.header('link', nextLink(req.url, encodeCursor({ createdAt: last.r.createdAt, id: last.r.id })))
      noStore(reply)
      return shown.map(toReportJson)
    },
  )

  app.post(
    '/message-reports/:id/resolve',
    {
      config: { access: 'admin' },
      preValidation: async (req) => {
        const id = paramId(req)
        if (!isUuid(id) || !(await findReport(app.db, id)))
          throw new AppError(404, messages.conversations.reportNotFound)
      },
      schema: {
        tags: ['messages'],
        summary: 'Resolve a report: dismiss it, or remove the message (the original is kept in the audit log)',
        params: idParams,
        body: resolveMessageReportBodySchema,
        response: { 200: messageReportSchema },
      },
    },
    async (req) => {
      const id = await resolveMessageReport(
        conversationDepsOf(app, req.log),
        viewerOf(req),
        req.params.id,
        req.body,
        app.now(),
      )
      const row = await findReport(app.db, id)
      if (!row) throw new AppError(404, messages.conversations.reportNotFound)
      return toReportJson(row)
    },
  )
}
