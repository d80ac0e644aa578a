import type { ResolveMessageReportBody } from '@preloved/shared/conversations'
import { messages } from '@preloved/shared/messages'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { CountryCode } from 'libphonenumber-js/min'
import type { Db, DbOrTx } from '../../db/client.ts'
import {
  auditLog,
  chatMessages,
  conversations,
  messageReports,
  orders,
  products,
  users,
} from '../../db/schema/index.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import { type LiveBus, publishLive } from '../live/live-bus.ts'
import { type NotifyDeps, notify, notifyDepsOf } from '../notifications/notify.ts'
import {
  adminMayRead,
  type ConversationRow,
  findConversation,
  findConversationOf,
  hasBlocked,
  type MessageRow,
  orderOf,
  type Side,
  sideOf,
  toMessageJson,
  type Viewer,
} from './conversations.repository.ts'
import { DEFAULT_SHOP_COUNTRIES, maskContactDetails } from './mask.ts'

const m = messages.conversations
const MESSAGE_MAX = 2000
/** A member is mailed about messages from one other member at most this often (decision 033); the bell tells each. */
export const MESSAGE_MAIL_EVERY_MS = 15 * 60_000

/** What the conversations need besides the database: the live bus and notify() for what happens after a commit. */
export interface ConversationDeps {
  db: Db
  live: LiveBus
  notify: NotifyDeps
  log?: FastifyBaseLogger | undefined
  /** Whose phone numbers the masking of messages looks for (SHOP_COUNTRIES). */
  shopCountries: readonly CountryCode[]
}

export const conversationDepsOf = (app: FastifyInstance, log?: FastifyBaseLogger): ConversationDeps => ({
  db: app.db,
  live: app.live,
  notify: { ...notifyDepsOf(app), log: log ?? app.log },
  log: log ?? app.log,
  shopCountries: app.config.SHOP_COUNTRIES,
})

// ———————————————————————————— who may see and write ————————————————————————————

/**
 * The conversation `viewer` may read: its buyer, its seller, or an admin once it is reported or its order disputed.
 * Anything else is a 404 (not yours to see), before any body is read.
 */
export async function visibleConversation(db: DbOrTx, viewer: Viewer, id: string) {
  const c = isUuid(id) ? await findConversation(db, id) : undefined
  if (!c) throw new AppError(404, m.notFound)
  const side = sideOf(c, viewer.id)
  if (!side && !(viewer.role === 'admin' && (await adminMayRead(db, c)))) throw new AppError(404, m.notFound)
  return { c, side }
}

/**
 * Refuses a message between two members when either blocked the other (403): the one who blocked is told so, the
 * blocked one gets a neutral refusal (never why). A closed account takes no messages either.
 */
export async function assertMayMessage(db: DbOrTx, fromId: string, toId: string) {
  if (await hasBlocked(db, fromId, toId)) throw new AppError(403, m.youBlocked)
  if (await hasBlocked(db, toId, fromId)) throw new AppError(403, m.unavailable)
  const [to] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, toId))
  if (!to || to.deletedAt) throw new AppError(403, m.unavailable)
}

/** The conversation `viewer` may write in (404, then 403 for an admin or a block), before the body is validated. */
export async function writableConversation(db: DbOrTx, viewer: Viewer, id: string) {
  const { c, side } = await visibleConversation(db, viewer, id)
  if (!side) throw new AppError(403, m.onlyParties)
  await assertMayMessage(db, viewer.id, side === 'buyer' ? c.sellerId : c.buyerId)
  return { c, side }
}

/** The bag a first message is about (404 unless it is listed, 403 for one's own) and whether one may write. */
export async function productToAsk(db: DbOrTx, viewer: Viewer, productId: string) {
  const [product] = isUuid(productId)
    ? await db
        .select({ id: products.id, sellerId: products.sellerId, status: products.status, title: products.title })
        .from(products)
        .where(eq(products.id, productId))
    : []
  if (!product || product.status === 'removed') throw new AppError(404, m.productNotFound)
  if (product.sellerId === viewer.id) throw new AppError(403, m.ownListing)
  await assertMayMessage(db, viewer.id, product.sellerId)
  return product
}

/** The order whose conversation `viewer` writes in: its buyer or its seller (404 for anyone else, 403 for an admin). */
export async function orderToTalkAbout(db: DbOrTx, viewer: Viewer, orderId: string) {
  const [order] = isUuid(orderId)
    ? await db
        .select({ id: orders.id, productId: orders.productId, buyerId: orders.buyerId, sellerId: orders.sellerId })
        .from(orders)
        .where(eq(orders.id, orderId))
    : []
  const side = order && (order.buyerId === viewer.id ? 'buyer' : order.sellerId === viewer.id ? 'seller' : undefined)
  if (!order || (!side && viewer.role !== 'admin')) throw new AppError(404, messages.orderMoves.notFound)
  if (!side) throw new AppError(403, m.onlyParties)
  await assertMayMessage(db, viewer.id, side === 'buyer' ? order.sellerId : order.buyerId)
  return order
}

/**
 * GET /api/orders/{id}/conversation: the conversation of an order (null before its first message), for its buyer and
 * its seller, and for an admin while the order is disputed (or once the conversation was reported); 404 for others.
 */
export async function conversationOfOrder(db: DbOrTx, viewer: Viewer, orderId: string) {
  const [order] = isUuid(orderId)
    ? await db
        .select({
          productId: orders.productId,
          buyerId: orders.buyerId,
          sellerId: orders.sellerId,
          status: orders.status,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
    : []
  const party = order && (order.buyerId === viewer.id || order.sellerId === viewer.id)
  if (!order || (!party && viewer.role !== 'admin')) throw new AppError(404, messages.orderMoves.notFound)
  const c = await findConversationOf(db, order.productId, order.buyerId)
  if (!party && !(c ? await adminMayRead(db, c) : order.status === 'disputed')) throw new AppError(404, m.notFound)
  return c ?? null
}

// ———————————————————————————— writing ————————————————————————————

/** Masks the text and clips it to the limit (masking can lengthen it: "a@b.co" becomes "[hidden]"). */
export function prepareText(text: string, countries: readonly CountryCode[] = DEFAULT_SHOP_COUNTRIES) {
  const { text: masked, masked: wasMasked } = maskContactDetails(text.trim(), { countries })
  const points = [...masked]
  return { text: points.length > MESSAGE_MAX ? points.slice(0, MESSAGE_MAX).join('') : masked, masked: wasMasked }
}

/**
 * Appends a message in the caller's transaction: the conversation row is updated first (lastSeq + 1, which also
 * locks it, so two messages never take the same seq), the sender's read mark moves to it, then the message is written.
 */
export async function appendMessage(
  tx: DbOrTx,
  conversationId: string,
  senderId: string,
  text: string,
  now: Date,
  countries: readonly CountryCode[] = DEFAULT_SHOP_COUNTRIES,
): Promise<{ c: ConversationRow; message: MessageRow }> {
  const prepared = prepareText(text, countries)
  const [c] = await tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      lastMessageAt: now,
      buyerReadSeq: sql`case when ${conversations.buyerId} = ${senderId} then ${conversations.lastSeq} + 1 else ${conversations.buyerReadSeq} end`,
      sellerReadSeq: sql`case when ${conversations.sellerId} = ${senderId} then ${conversations.lastSeq} + 1 else ${conversations.sellerReadSeq} end`,
    })
    .where(eq(conversations.id, conversationId))
    .returning()
  if (!c) throw new AppError(404, m.notFound)
  const [message] = await tx
    .insert(chatMessages)
    .values({ conversationId, seq: c.lastSeq, senderId, text: prepared.text, masked: prepared.masked, createdAt: now })
    .returning()
  return { c, message: message! }
}

/** The conversation of a bag and buyer, made when it does not exist yet (in the caller's transaction). */
export async function conversationFor(
  tx: DbOrTx,
  p: { productId: string; buyerId: string; sellerId: string; now: Date },
): Promise<{ c: ConversationRow; created: boolean }> {
  const [made] = await tx
    .insert(conversations)
    .values({
      productId: p.productId,
      buyerId: p.buyerId,
      sellerId: p.sellerId,
      lastMessageAt: p.now,
      createdAt: p.now,
    })
    .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] })
    .returning()
  if (made) return { c: made, created: true }
  const existing = await findConversationOf(tx, p.productId, p.buyerId)
  if (!existing) throw new Error('conversation vanished while it was being opened')
  return { c: existing, created: false }
}

/**
 * After a message committed: both parties' open pages hear it; the recipient is notified once per unread run, and mailed
 * then unless a mail about this sender's messages went to them within MESSAGE_MAIL_EVERY_MS.
 */
async function afterMessage(deps: ConversationDeps, c: ConversationRow, message: MessageRow) {
  const recipientSide: Side = message.senderId === c.buyerId ? 'seller' : 'buyer'
  const recipientId = recipientSide === 'buyer' ? c.buyerId : c.sellerId
  try {
    await publishLive(deps.live, deps.db, [c.buyerId, c.sellerId], 'message', {
      conversationId: c.id,
      message: toMessageJson(message),
    })
  } catch (err) {
    deps.log?.warn({ err, conversationId: c.id }, 'live message event not published')
  }
  // the recipient had read everything before this one: tell them; later messages of the same unread run add nothing
  const recipientRead = recipientSide === 'buyer' ? c.buyerReadSeq : c.sellerReadSeq
  if (recipientRead !== message.seq - 1) return
  const [names] = await deps.db
    .select({ title: products.title, name: users.name })
    .from(products)
    .innerJoin(users, eq(users.id, message.senderId))
    .where(eq(products.id, c.productId))
  const [recipient] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, recipientId))
  if (!names || !recipient) return
  const path = `/dashboard/messages/${c.id}`
  await notify(deps.notify, {
    userId: recipientId,
    kind: 'message',
    text: m.notification(names.name, names.title),
    link: path,
    mail: {
      // one mail per sender every MESSAGE_MAIL_EVERY_MS, however many conversations they open (decision 033)
      group: { key: `message:${message.senderId}`, everyMs: MESSAGE_MAIL_EVERY_MS },
      subject: m.mailSubject(names.title),
      text: m.mail({
        name: recipient.name,
        from: names.name,
        title: names.title,
        text: message.text,
        link: `${deps.notify.publicUrl}${path}`,
      }),
    },
  })
}

/**
 * POST /api/conversations: the caller's message about a bag, in the conversation of that bag and buyer (made on the
 * first message). A sold bag takes a first message only from its buyer.
 */
export async function startConversation(
  deps: ConversationDeps,
  viewer: Viewer,
  body: { productId: string; text: string },
  now: Date,
) {
  const product = await productToAsk(deps.db, viewer, body.productId)
  const existing = await findConversationOf(deps.db, product.id, viewer.id)
  if (
    !existing &&
    product.status === 'sold' &&
    !(await orderOf(deps.db, { productId: product.id, buyerId: viewer.id }))
  )
    throw new AppError(409, m.sold)
  const { c, message, created } = await deps.db.transaction(async (tx) => {
    const { c: conversation, created } = await conversationFor(tx, {
      productId: product.id,
      buyerId: viewer.id,
      sellerId: product.sellerId,
      now,
    })
    return { ...(await appendMessage(tx, conversation.id, viewer.id, body.text, now, deps.shopCountries)), created }
  })
  await afterMessage(deps, c, message)
  return { message, created }
}

/** POST /api/orders/{id}/conversation: a party of an order writes in its conversation (made when needed). */
export async function messageAboutOrder(
  deps: ConversationDeps,
  viewer: Viewer,
  orderId: string,
  text: string,
  now: Date,
) {
  const order = await orderToTalkAbout(deps.db, viewer, orderId)
  const { c, message } = await deps.db.transaction(async (tx) => {
    const { c: conversation } = await conversationFor(tx, { ...order, now })
    return appendMessage(tx, conversation.id, viewer.id, text, now, deps.shopCountries)
  })
  await afterMessage(deps, c, message)
  return message
}

/** POST /api/conversations/{id}/messages (the route checked who writes, 404/403, before the body). */
export async function sendMessage(
  deps: ConversationDeps,
  viewer: Viewer,
  conversationId: string,
  text: string,
  now: Date,
) {
  const { c: before } = await writableConversation(deps.db, viewer, conversationId)
  const { c, message } = await deps.db.transaction((tx) =>
    appendMessage(tx, before.id, viewer.id, text, now, deps.shopCountries),
  )
  await afterMessage(deps, c, message)
  return message
}

/**
 * Marks a party's read mark up to `seq` (never back). Both parties' pages hear it (unread counts, "Seen"); answers
 * whether it moved.
 */
export async function markRead(deps: ConversationDeps, c: ConversationRow, side: Side, seq: number) {
  const column = side === 'buyer' ? conversations.buyerReadSeq : conversations.sellerReadSeq
  const moved = await deps.db
    .update(conversations)
    .set(side === 'buyer' ? { buyerReadSeq: seq } : { sellerReadSeq: seq })
    .where(and(eq(conversations.id, c.id), lt(column, seq)))
    .returning({ id: conversations.id })
  if (moved.length === 0) return false
  await publishLive(deps.live, deps.db, [c.buyerId, c.sellerId], 'conversation_read', {
    conversationId: c.id,
    side,
    readSeq: seq,
  }).catch((err: unknown) => deps.log?.warn({ err, conversationId: c.id }, 'live read event not published'))
  return true
}

// ———————————————————————————— reports ————————————————————————————

/** The message `viewer` may report: one in their own conversation (404 otherwise), not their own (403). */
export async function reportableMessage(db: DbOrTx, viewer: Viewer, messageId: string) {
  const [row] = isUuid(messageId)
    ? await db
        .select({ message: chatMessages, c: conversations })
        .from(chatMessages)
        .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
        .where(eq(chatMessages.id, messageId))
    : []
  if (!row) throw new AppError(404, m.messageNotFound)
  const side = sideOf(row.c, viewer.id)
  if (!side) {
    if (viewer.role === 'admin' && (await adminMayRead(db, row.c))) throw new AppError(403, m.onlyParties)
    throw new AppError(404, m.messageNotFound)
  }
  if (row.message.senderId === viewer.id) throw new AppError(403, m.reportOwn)
  return row
}

/** POST /api/messages/{id}/report: into the admin's queue; from then on the admin may read the conversation. */
export async function reportMessage(db: Db, viewer: Viewer, messageId: string, reason: string, now: Date) {
  const { message, c } = await reportableMessage(db, viewer, messageId)
  try {
    return await db.transaction(async (tx) => {
      const [report] = await tx
        .insert(messageReports)
        .values({ messageId: message.id, conversationId: c.id, reporterId: viewer.id, reason, createdAt: now })
        .returning({ id: messageReports.id })
      await tx
        .update(conversations)
        .set({ reportedAt: sql`coalesce(${conversations.reportedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(conversations.id, c.id))
      return report!.id
    })
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError(409, m.reportAlready)
    throw err
  }
}

/**
 * POST /api/message-reports/{id}/resolve (admin): dismiss, or remove the message (its text becomes the moderator's
 * note; the original is kept in the audit log). Every open report of that message is resolved alike, once (409 after).
 */
export async function resolveMessageReport(
  deps: ConversationDeps,
  admin: Viewer,
  reportId: string,
  body: ResolveMessageReportBody,
  now: Date,
) {
  const [report] = isUuid(reportId)
    ? await deps.db.select().from(messageReports).where(eq(messageReports.id, reportId))
    : []
  if (!report) throw new AppError(404, m.reportNotFound)
  const resolution = body.action === 'remove' ? 'removed' : 'dismissed'
  const removed = await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(messageReports)
      .set({ resolvedAt: now, resolvedBy: admin.id, resolution })
      .where(and(eq(messageReports.id, report.id), isNull(messageReports.resolvedAt)))
      .returning({ id: messageReports.id })
    if (done.length === 0) throw new AppError(409, m.reportResolved)
    // the same message's other open reports share the outcome
    await tx
      .update(messageReports)
      .set({ resolvedAt: now, resolvedBy: admin.id, resolution })
      .where(and(eq(messageReports.messageId, report.messageId), isNull(messageReports.resolvedAt)))
    if (body.action !== 'remove') return undefined
    const [original] = await tx.select().from(chatMessages).where(eq(chatMessages.id, report.messageId)).for('update')
    if (!original) return undefined
    const [changed] = await tx
      .update(chatMessages)
      .set({ text: m.removedByModerator, masked: false })
      .where(eq(chatMessages.id, original.id))
      .returning()
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'remove_message',
      reason: body.note || null,
      detail: {
        messageId: original.id,
        conversationId: original.conversationId,
        senderId: original.senderId,
        text: original.text,
        reportId: report.id,
      },
      createdAt: now,
    })
    return changed
  })
  if (removed) {
    const c = await findConversation(deps.db, removed.conversationId)
    if (c)
      await publishLive(deps.live, deps.db, [c.buyerId, c.sellerId], 'message', {
        conversationId: c.id,
        message: toMessageJson(removed),
      }).catch((err: unknown) => deps.log?.warn({ err }, 'live message event not published'))
  }
  return report.id
}
