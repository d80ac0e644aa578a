import { messages } from '@preloved/shared/messages'
import type { CreateReportBody } from '@preloved/shared/reports'
import { and, desc, eq, inArray, max, min, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, products, reports, users } from '../../db/schema/index.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import type { Mailer } from '../mail/mail.service.ts'
import type { ListingsChanged } from '../products/list-cache.ts'

export async function createReport(db: Db, user: CurrentUser, body: CreateReportBody) {
  const [product] = isUuid(body.product_id)
    ? await db
        .select({ id: products.id, status: products.status, sellerId: products.sellerId })
        .from(products)
        .where(eq(products.id, body.product_id))
    : []
  if (!product || product.status === 'removed') throw new AppError(404, messages.products.notFound)
  if (product.sellerId === user.id) throw new AppError(403, messages.reports.ownItem)
  try {
    const [row] = await db
      .insert(reports)
      .values({ productId: product.id, reporterId: user.id, reason: body.reason, note: body.note ?? '' })
      .returning({ id: reports.id })
    return row!.id
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError(409, messages.reports.alreadyOpen)
    throw err
  }
}

/** Reports grouped by listing: open ones by default, or the resolved ones. */
export async function listReportedItems(db: Db, status: 'open' | 'resolved') {
  const statuses = status === 'open' ? (['open'] as const) : (['dismissed', 'removed'] as const)
  const rows = await db
    .select({
      productId: reports.productId,
      status: reports.status,
      count: sql<number>`count(*)::int`,
      reasons: sql<string[]>`array_agg(distinct ${reports.reason})`,
      notes: sql<string[]>`array_remove(array_agg(${reports.note}), '')`,
      first: min(reports.createdAt),
      latest: max(reports.createdAt),
      resolvedAt: max(reports.resolvedAt),
      resolvedBy: sql<string | null>`max(${reports.resolvedBy})`,
      resolutionNote: sql<string | null>`max(${reports.resolutionNote})`,
      title: products.title,
      img: products.thumb,
      seller: users.name,
      email: users.email,
    })
    .from(reports)
    .innerJoin(products, eq(products.id, reports.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(inArray(reports.status, [...statuses]))
    .groupBy(reports.productId, reports.status, products.title, products.thumb, users.name, users.email)
    .orderBy(desc(max(reports.createdAt)))
    .limit(200)
  const adminIds = [...new Set(rows.map((r) => r.resolvedBy).filter((id): id is string => Boolean(id)))]
  const admins = new Map(
    adminIds.length
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, adminIds))).map(
          (a) => [a.id, a.name],
        )
      : [],
  )
  return rows.map((r) => ({
    product_id: r.productId,
    title: r.title,
    img: r.img,
    seller: r.seller,
    email: r.email,
    count: r.count,
    reasons: r.reasons,
    notes: r.notes.slice(0, 10),
    first: (r.first as Date).toISOString(),
    latest: (r.latest as Date).toISOString(),
    status: r.status,
    resolvedBy: r.resolvedBy ? (admins.get(r.resolvedBy) ?? null) : null,
    resolvedAt: r.resolvedAt ? (r.resolvedAt as Date).toISOString() : null,
    resolutionNote: r.resolutionNote,
  }))
}

/**
 * Resolves every open report of a listing. Remove: the listing becomes removed (hidden everywhere), its unpaid
 * bookings are cancelled and the seller is mailed. Dismiss: the listing stays. Who and when are recorded.
 */
export async function resolveReports(
  db: Db,
  listingsChanged: ListingsChanged,
  mailer: Mailer,
  admin: CurrentUser,
  productId: string,
  action: 'remove' | 'dismiss',
  now: Date,
  reason?: string,
) {
  const [product] = isUuid(productId)
    ? await db
        .select({ id: products.id, title: products.title, status: products.status, sellerId: products.sellerId })
        .from(products)
        .where(eq(products.id, productId))
    : []
  if (!product) throw new AppError(404, messages.products.notFound)
  const resolved = await db.transaction(async (tx) => {
    const done = await tx
      .update(reports)
      .set({
        status: action === 'remove' ? 'removed' : 'dismissed',
        resolvedBy: admin.id,
        resolvedAt: now,
        resolutionNote: action === 'remove' ? (reason ?? null) : null,
      })
      .where(and(eq(reports.productId, productId), eq(reports.status, 'open')))
      .returning({ id: reports.id })
    if (done.length === 0) throw new AppError(404, messages.reports.notFound)
    if (action === 'remove' && product.status === 'available') {
      await tx.update(products).set({ status: 'removed', advertisement: false }).where(eq(products.id, productId))
      await tx
        .update(bookings)
        .set({ status: 'cancelled' })
        .where(and(eq(bookings.productId, productId), eq(bookings.status, 'held')))
    }
    return done.length
  })
  listingsChanged()
  if (action === 'remove') {
    const [seller] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, product.sellerId))
    if (seller) {
      await mailer
        .send({
          to: seller.email,
          subject: `Your listing "${product.title}" was removed`,
          text: `Hello ${seller.name},\n\nAfter reports from shoppers, our team removed your listing "${product.title}" from Preloved Bags Co.\n\nReason: ${reason ?? 'not given'}\n\nIf you think this is a mistake, reply to this mail.\n`,
        })
        .catch(() => {})
    }
  }
  return resolved
}
