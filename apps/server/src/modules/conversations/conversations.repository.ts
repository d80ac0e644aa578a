import type { ChatMessage, Conversation, MessageReport } from '@preloved/shared/conversations'
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { blocks, chatMessages, conversations, messageReports, orders, products, users } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'

export type ConversationRow = typeof conversations.$inferSelect
export type MessageRow = typeof chatMessages.$inferSelect

/** Who looks: a party of the conversation, or an admin (who may read a reported or disputed one only). */
export interface Viewer {
  id: string
  role: 'customer' | 'seller' | 'admin'
}

export type Side = 'buyer' | 'seller'

export const sideOf = (c: Pick<ConversationRow, 'buyerId' | 'sellerId'>, userId: string): Side | undefined =>
  c.buyerId === userId ? 'buyer' : c.sellerId === userId ? 'seller' : undefined

export const findConversation = async (db: DbOrTx, id: string) =>
  (await db.select().from(conversations).where(eq(conversations.id, id)))[0]

export const findConversationOf = async (db: DbOrTx, productId: string, buyerId: string) =>
  (
    await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
  )[0]

/** The conversation's order: the newest of its bag and buyer, when there is one. */
export async function orderOf(db: DbOrTx, c: Pick<ConversationRow, 'productId' | 'buyerId'>) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.productId, c.productId), eq(orders.buyerId, c.buyerId)))
    .orderBy(desc(orders.createdAt))
    .limit(1)
  return row
}

/**
 * Whether an admin may read a conversation: once a message in it was reported, or while its order is under dispute
 * (docs/product/messages.md). No other.
 */
export async function adminMayRead(db: DbOrTx, c: ConversationRow): Promise<boolean> {
  if (c.reportedAt) return true
  const [disputed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.productId, c.productId), eq(orders.buyerId, c.buyerId), eq(orders.status, 'disputed')))
    .limit(1)
  return Boolean(disputed)
}

/** Whether `blockerId` blocked `blockedId` (one way). */
export async function hasBlocked(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
  return Boolean(row)
}

export const toMessageJson = (m: MessageRow): ChatMessage => ({
  _id: m.id,
  conversationId: m.conversationId,
  seq: m.seq,
  senderId: m.senderId,
  text: m.text,
  masked: m.masked,
  createdAt: m.createdAt.toISOString(),
})

const buyer = alias(users, 'buyer')
const seller = alias(users, 'seller')
const lastMessage = alias(chatMessages, 'last_message')

/** What a conversation's view adds to its row: the bag, both parties' names and the last message. */
const viewFields = {
  productTitle: products.title,
  productThumb: products.thumb,
  productPriceCents: products.resellPriceCents,
  buyerName: buyer.name,
  sellerName: seller.name,
  last: lastMessage,
}

const viewQuery = (db: DbOrTx) =>
  db
    .select({ c: conversations, ...viewFields })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .leftJoin(
      lastMessage,
      and(eq(lastMessage.conversationId, conversations.id), eq(lastMessage.seq, conversations.lastSeq)),
    )

export type ConversationView = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number]

export const findConversationView = async (db: DbOrTx, id: string) =>
  (await viewQuery(db).where(eq(conversations.id, id)))[0]

/**
 * A page of the viewer's own conversations, newest activity first, after the keyset cursor. `buyer = me or seller =
 * me` cannot be read in order from any one index (it read and sorted all of a busy member's conversations), so each
 * side takes its first `limit` rows from its own index (conversation_buyer_idx, conversation_seller_idx), the page is
 * the first `limit` of those (the same rows: no one is both buyer and seller of a conversation), and only the page's
 * rows are joined to their bag, parties and last message, as in viewQuery.
 */
export const listConversationViews = (
  db: DbOrTx,
  userId: string,
  productId: string | undefined,
  cursor: Cursor | undefined,
  limit: number,
): Promise<ConversationView[]> => {
  const side = (party: typeof conversations.buyerId | typeof conversations.sellerId) =>
    db
      .select()
      .from(conversations)
      .where(
        and(
          eq(party, userId),
          productId ? eq(conversations.productId, productId) : undefined,
          cursor ? afterCursor(conversations.lastMessageAt, conversations.id, cursor) : undefined,
        ),
      )
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(limit)
  const page = side(conversations.buyerId)
    .unionAll(side(conversations.sellerId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit)
    .as('page')
  return db
    .select({ c: page._.selectedFields, ...viewFields })
    .from(page)
    .innerJoin(products, eq(products.id, page.productId))
    .innerJoin(buyer, eq(buyer.id, page.buyerId))
    .innerJoin(seller, eq(seller.id, page.sellerId))
    .leftJoin(lastMessage, and(eq(lastMessage.conversationId, page.id), eq(lastMessage.seq, page.lastSeq)))
    .orderBy(desc(page.lastMessageAt), desc(page.id))
    .limit(limit)
}

/** Conversation JSON as `viewer` sees it: unread counts and the block flag are the viewer's own. */
export async function toConversationJsonList(
  db: DbOrTx,
  rows: ConversationView[],
  viewer: Viewer,
): Promise<Conversation[]> {
  if (rows.length === 0) return []
  const productIds = [...new Set(rows.map((r) => r.c.productId))]
  const others = [...new Set(rows.map((r) => (r.c.buyerId === viewer.id ? r.c.sellerId : r.c.buyerId)))]
  const [orderRows, blockRows] = await Promise.all([
    db
      .select({ id: orders.id, productId: orders.productId, buyerId: orders.buyerId, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.productId, productIds))
      .orderBy(desc(orders.createdAt)),
    db
      .select({ blockedId: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, viewer.id), inArray(blocks.blockedId, others))),
  ])
  const blocked = new Set(blockRows.map((b) => b.blockedId))
  return rows.map(({ c, last, ...r }) => {
    const side = sideOf(c, viewer.id)
    const other = c.buyerId === viewer.id ? c.sellerId : c.buyerId
    const order = orderRows.find((o) => o.productId === c.productId && o.buyerId === c.buyerId)
    const readSeq = side === 'buyer' ? c.buyerReadSeq : side === 'seller' ? c.sellerReadSeq : c.lastSeq
    return {
      _id: c.id,
      product: {
        _id: c.productId,
        title: r.productTitle,
        img: r.productThumb,
        price: centsToDollars(r.productPriceCents),
      },
      buyer: { _id: c.buyerId, name: r.buyerName },
      seller: { _id: c.sellerId, name: r.sellerName },
      lastMessage: last ? toMessageJson(last) : null,
      unread: Math.max(0, c.lastSeq - readSeq),
      orderId: order?.id ?? null,
      blocked: side ? blocked.has(other) : false,
      lastMessageAt: c.lastMessageAt.toISOString(),
    }
  })
}

/** A page of a conversation's messages, newest first, before `beforeSeq`. */
export const listMessages = (db: DbOrTx, conversationId: string, beforeSeq: number | undefined, limit: number) =>
  db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        beforeSeq === undefined ? undefined : lt(chatMessages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(limit)

/** Messages from the other parties the user has not read, over all their conversations. */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(case when ${conversations.buyerId} = ${userId}
        then ${conversations.lastSeq} - ${conversations.buyerReadSeq}
        else ${conversations.lastSeq} - ${conversations.sellerReadSeq} end), 0)::int`,
    })
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
  return Math.max(0, Number(row?.unread ?? 0))
}

// ———————————————————————————— the moderation queue ————————————————————————————

const reporter = alias(users, 'reporter')
const sender = alias(users, 'sender')
const resolver = alias(users, 'resolver')

const reportQuery = (db: DbOrTx) =>
  db
    .select({
      r: messageReports,
      m: chatMessages,
      c: conversations,
      reporterName: reporter.name,
      senderName: sender.name,
      resolverName: resolver.name,
      buyerName: buyer.name,
      sellerName: seller.name,
      productTitle: products.title,
      productThumb: products.thumb,
      productPriceCents: products.resellPriceCents,
    })
    .from(messageReports)
    .innerJoin(chatMessages, eq(chatMessages.id, messageReports.messageId))
    .innerJoin(conversations, eq(conversations.id, messageReports.conversationId))
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(reporter, eq(reporter.id, messageReports.reporterId))
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .leftJoin(resolver, eq(resolver.id, messageReports.resolvedBy))

type ReportView = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number]

export const findReport = async (db: DbOrTx, id: string) => (await reportQuery(db).where(eq(messageReports.id, id)))[0]

/** Open reports (or resolved ones), newest first, after the keyset cursor. */
export const listReports = (db: DbOrTx, status: 'open' | 'resolved', cursor: Cursor | undefined, limit: number) =>
  reportQuery(db)
    .where(
      and(
        status === 'open' ? isNull(messageReports.resolvedAt) : isNotNull(messageReports.resolvedAt),
        cursor ? afterCursor(messageReports.createdAt, messageReports.id, cursor) : undefined,
      ) as SQL,
    )
    .orderBy(desc(messageReports.createdAt), desc(messageReports.id))
    .limit(limit)

export const toReportJson = (v: ReportView): MessageReport => ({
  _id: v.r.id,
  reason: v.r.reason,
  createdAt: v.r.createdAt.toISOString(),
  reporter: { _id: v.r.reporterId, name: v.reporterName },
  message: toMessageJson(v.m),
  sender: { _id: v.m.senderId, name: v.senderName },
  conversation: {
    _id: v.c.id,
    product: {
      _id: v.c.productId,
      title: v.productTitle,
      img: v.productThumb,
      price: centsToDollars(v.productPriceCents),
    },
    buyer: { _id: v.c.buyerId, name: v.buyerName },
    seller: { _id: v.c.sellerId, name: v.sellerName },
  },
  resolution: v.r.resolution === 'dismissed' || v.r.resolution === 'removed' ? v.r.resolution : null,
  resolvedAt: v.r.resolvedAt?.toISOString() ?? null,
  resolvedBy: v.resolverName ?? null,
})
