import type { Order, OrderActor } from '@preloved/shared/orders'
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import {
  auditLog,
  ledgerEntries,
  orderEvents,
  orders,
  payments,
  products,
  refunds,
  users,
} from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'
import { SHOP } from './ledger.ts'

export type OrderRow = typeof orders.$inferSelect

/** How long after completion the seller still sees the buyer's address (a return, a claim with the carrier). */
export const ADDRESS_VISIBLE_DAYS = 30

/** The order row locked for the rest of the transaction (one move at a time per order). */
export const lockOrder = async (tx: DbOrTx, id: string) =>
  (await tx.select().from(orders).where(eq(orders.id, id)).for('update'))[0]

/** The order row locked, or nothing when another transaction holds it (the sweeper skips it: someone moves it). */
export const lockOrderSkipLocked = async (tx: DbOrTx, id: string) =>
  (await tx.select().from(orders).where(eq(orders.id, id)).for('update', { skipLocked: true }))[0]

export const findOrder = async (db: DbOrTx, id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]

/** Cents refunded so far on an order. */
export async function refundedCents(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
  return Number(row?.sum ?? 0)
}

export const addEvent = (
  tx: DbOrTx,
  e: {
    orderId: string
    status: OrderRow['status']
    actorId: string | null
    actorRole: OrderActor
    note: string | null
    at: Date
  },
) =>
  tx.insert(orderEvents).values({
    orderId: e.orderId,
    status: e.status,
    actorId: e.actorId,
    actorRole: e.actorRole,
    note: e.note,
    createdAt: e.at,
  })

const buyer = alias(users, 'buyer')
const seller = alias(users, 'seller')

const viewColumns = {
  order: orders,
  productTitle: products.title,
  productImg: products.img,
  buyerName: buyer.name,
  buyerEmail: buyer.email,
  sellerName: seller.name,
  sellerEmail: seller.email,
  transactionId: payments.transactionId,
}

const viewQuery = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))

export type OrderViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number]

export const findOrderView = async (db: DbOrTx, id: string) => (await viewQuery(db).where(eq(orders.id, id)))[0]

/** A page of orders, newest first, after the keyset cursor. */
export const listOrderViews = (db: DbOrTx, where: SQL | undefined, cursor: Cursor | undefined, limit: number) =>
  viewQuery(db)
    .where(and(where, cursor ? afterCursor(orders.createdAt, orders.id, cursor) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)

/** Orders whose id is `q` or whose buyer's or seller's email is `q` (the admin's search). */
export const adminSearchWhere = (q: string | undefined, isId: boolean): SQL | undefined => {
  if (!q) return undefined
  const email = q.trim().toLowerCase()
  return or(
    isId ? eq(orders.id, q) : undefined,
    sql`lower(${buyer.email}) = ${email}`,
    sql`lower(${seller.email}) = ${email}`,
  )
}

export interface Viewer {
  id: string
  role: 'customer' | 'seller' | 'admin'
}

/** Timeline, refunds, ledger sums and (for admins) the audit of several orders, read in one query each. */
async function detailsOf(db: DbOrTx, rows: OrderViewRow[], withAudit: boolean) {
  const ids = rows.map((r) => r.order.id)
  if (ids.length === 0) return undefined
  const [events, refundRows, sums, audits] = await Promise.all([
    db
      .select({
        orderId: orderEvents.orderId,
        status: orderEvents.status,
        actorRole: orderEvents.actorRole,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.seq)),
    db
      .select({ orderId: refunds.orderId, sum: sql<number>`sum(${refunds.amountCents})::int` })
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .groupBy(refunds.orderId),
    db
      .select({
        orderId: ledgerEntries.orderId,
        account: ledgerEntries.account,
        kind: ledgerEntries.kind,
        sum: sql<number>`sum(${ledgerEntries.amountCents})::int`,
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderId, ids))
      .groupBy(ledgerEntries.orderId, ledgerEntries.account, ledgerEntries.kind),
    withAudit
      ? db
          .select({
            orderId: auditLog.orderId,
            action: auditLog.action,
            actorName: users.name,
            actorId: auditLog.actorId,
            reason: auditLog.reason,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(inArray(auditLog.orderId, ids))
          .orderBy(asc(auditLog.createdAt))
      : Promise.resolve([]),
  ])
  return { events, refundRows, sums, audits }
}

/** Whether this viewer sees the delivery address: the buyer always; the seller and admins while it is needed. */
export function seesAddress(o: OrderRow, viewer: Viewer, now: Date) {
  if (viewer.id === o.buyerId) return true
  if (o.status === 'cancelled') return viewer.role === 'admin'
  const closedAt = o.completedAt ?? o.refundedAt
  if (!closedAt) return true
  return now.getTime() <= closedAt.getTime() + ADDRESS_VISIBLE_DAYS * 86_400_000
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Orders as the API answers them (orderSchema): money in dollars, the timeline oldest first. */
export async function toOrderJsonList(db: DbOrTx, rows: OrderViewRow[], viewer: Viewer, now: Date): Promise<Order[]> {
  const details = await detailsOf(db, rows, viewer.role === 'admin')
  if (!details) return []
  return rows.map((r) => {
    const o = r.order
    const refunded = details.refundRows.find((x) => x.orderId === o.id)
    let commission = 0
    let sellerAmount = 0
    for (const s of details.sums) {
      if (s.orderId !== o.id) continue
      if (s.account === SHOP && s.kind === 'commission') commission += Number(s.sum)
      if (s.account === o.sellerId) sellerAmount += Number(s.sum)
    }
    return {
      _id: o.id,
      status: o.status,
      product: { _id: o.productId, title: r.productTitle, img: r.productImg },
      buyer: { _id: o.buyerId, name: r.buyerName },
      seller: { _id: o.sellerId, name: r.sellerName },
      price: centsToDollars(o.priceCents),
      shipping: centsToDollars(o.shippingCents),
      amount: centsToDollars(o.amountPaidCents),
      discount: centsToDollars(o.discountCents),
      commission: centsToDollars(commission),
      sellerAmount: centsToDollars(sellerAmount),
      refunded: centsToDollars(Number(refunded?.sum ?? 0)),
      shipBy: iso(o.shipBy),
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      autoCompleteAt: iso(o.autoCompleteAt),
      completedAt: iso(o.completedAt),
      address: o.address && seesAddress(o, viewer, now) ? o.address : null,
      awaitingAddress: o.status === 'paid' && o.address === null,
      dispute: o.disputeReason
        ? {
            reason: o.disputeReason,
            note: o.disputeNote ?? '',
            photos: o.disputePhotos,
            answer: o.answerNote,
            answerPhotos: o.answerPhotos,
          }
        : null,
      chargeback: o.chargebackAt !== null && o.chargebackClosedAt === null,
      paymentReference: r.transactionId,
      createdAt: o.createdAt.toISOString(),
      timeline: details.events
        .filter((e) => e.orderId === o.id)
        .map((e) => ({ status: e.status, at: e.createdAt.toISOString(), actor: e.actorRole, note: e.note })),
      audit: details.audits
        .filter((a) => a.orderId === o.id)
        .map((a) => ({
          action: a.action,
          actor: a.actorName ?? a.actorId ?? 'system',
          at: a.createdAt.toISOString(),
          reason: a.reason,
        })),
    }
  })
}

/** Open orders (paid, shipped, disputed) a user is the buyer or seller of. */
export async function openOrdersOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        inArray(orders.status, ['paid', 'shipped', 'disputed']),
      ),
    )
  return Number(row?.n ?? 0)
}
