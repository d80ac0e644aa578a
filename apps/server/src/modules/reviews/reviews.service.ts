import { messages } from '@preloved/shared/messages'
import {
  BADGE_LABELS,
  type Badge,
  type OrderReview,
  type ReviewBody,
  type SellerRating,
} from '@preloved/shared/reviews'
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import { orders, products, reviews, users } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import { type NotifyDeps, notify, notifyDepsOf } from '../notifications/notify.ts'
import { orderDepsOf } from '../orders/order-deps.ts'
import { findOrder, lockOrder, type OrderRow, type Viewer } from '../orders/orders.repository.ts'
import { applyDue } from '../orders/orders.service.ts'
import { medianShownOf, ratingOf } from './badges.ts'
import {
  findReview,
  findReviewOfOrder,
  findReviewViewOfOrder,
  forgetRatingSums,
  publicName,
  type ReviewRow,
  standingFigures,
  toReviewJson,
  writeReply,
} from './reviews.repository.ts'

const m = messages.reviews
const DAY = 86_400_000

/** What reviews need besides the database: the window, the order deadlines, and the way to tell people. */
export interface ReviewDeps {
  db: Db
  /** REVIEW_DAYS: how long after completion the buyer may review. */
  reviewDays: number
  /** Applies a deadline due on the order first (a shipped order past its auto-completion date completes). */
  applyDue?: (orderId: string, now: Date) => Promise<void>
  /** Notifications after a review or a reply (none in the demo's past). */
  notify?: NotifyDeps | undefined
  log?: FastifyBaseLogger | undefined
}

export const reviewDepsOf = (app: FastifyInstance, log?: FastifyBaseLogger): ReviewDeps => ({
  db: app.db,
  reviewDays: app.config.REVIEW_DAYS,
  applyDue: (orderId, now) => applyDue(orderDepsOf(app, log), orderId, now),
  notify: notifyDepsOf(app),
  log: log ?? app.log,
})

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })
const when = (d: Date) => `${dateFormat.format(d)} UTC`

/** The end of the review window of a completed order; null before completion. */
export const reviewByOf = (o: Pick<OrderRow, 'status' | 'completedAt'>, reviewDays: number): Date | null =>
  o.status === 'completed' && o.completedAt ? new Date(o.completedAt.getTime() + reviewDays * DAY) : null

/**
 * Who may see and act on an order's review (docs/product/storefront.md#status-precedence): someone who is neither its buyer,
 * its seller nor an admin gets 404 (the order is not theirs to see); a party who may not write the review gets 403.
 */
export async function assertOrderParty(db: DbOrTx, user: Viewer, orderId: string, who: 'any' | 'buyer') {
  const o = isUuid(orderId) ? await findOrder(db, orderId) : undefined
  if (!o || !(o.buyerId === user.id || o.sellerId === user.id || user.role === 'admin'))
    throw new AppError(404, m.orderNotFound)
  if (who === 'buyer' && o.buyerId !== user.id) throw new AppError(403, m.onlyBuyer)
  return o
}

/** A review is public: 404 only when there is none; 403 for anyone but the reviewed seller. */
export async function assertReviewedSeller(db: DbOrTx, user: Viewer, reviewId: string) {
  const review = isUuid(reviewId) ? await findReview(db, reviewId) : undefined
  if (!review) throw new AppError(404, m.notFound)
  if (review.sellerId !== user.id) throw new AppError(403, m.onlySeller)
  return review
}

/** The order's review, the window, and what the caller may do now (GET /api/orders/{id}/review). */
export async function orderReviewOf(deps: ReviewDeps, user: Viewer, orderId: string, now: Date): Promise<OrderReview> {
  await assertOrderParty(deps.db, user, orderId, 'any')
  await deps.applyDue?.(orderId, now)
  const o = (await findOrder(deps.db, orderId))!
  const view = await findReviewViewOfOrder(deps.db, orderId)
  const reviewBy = reviewByOf(o, deps.reviewDays)
  return {
    review: view ? toReviewJson(view) : null,
    reviewBy: reviewBy?.toISOString() ?? null,
    canReview: !view && o.buyerId === user.id && reviewBy !== null && now <= reviewBy,
    canReply: Boolean(view && view.review.reply === null && o.sellerId === user.id),
  }
}

/**
 * The buyer reviews a completed order, once, within REVIEW_DAYS of completion (docs/product/reviews.md): one transaction on
 * the locked order, so two reviews at once write one (the second is told 409; the unique index is the backstop).
 * Any deadline due is applied first: a shipped order past its auto-completion date completes, and can be reviewed.
 * The seller is told after the commit.
 */
export async function reviewOrder(
  deps: ReviewDeps,
  user: Viewer,
  orderId: string,
  body: ReviewBody,
  now: Date,
): Promise<ReviewRow> {
  if (!isUuid(orderId)) throw new AppError(404, m.orderNotFound)
  await deps.applyDue?.(orderId, now)
  let review: ReviewRow
  try {
    review = await deps.db.transaction(async (tx) => {
      const o = await lockOrder(tx, orderId)
      if (!o) throw new AppError(404, m.orderNotFound)
      if (o.buyerId !== user.id) throw new AppError(403, m.onlyBuyer)
      if (await findReviewOfOrder(tx, o.id)) throw new AppError(409, m.alreadyReviewed)
      const reviewBy = reviewByOf(o, deps.reviewDays)
      if (!reviewBy) throw new AppError(409, m.notCompleted(o.status))
      if (now > reviewBy) throw new AppError(409, m.windowClosed(deps.reviewDays, when(reviewBy)))
      const [row] = await tx
        .insert(reviews)
        .values({
          orderId: o.id,
          sellerId: o.sellerId,
          buyerId: o.buyerId,
          rating: body.rating,
          text: body.text,
          createdAt: now,
        })
        .returning()
      return row!
    })
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'review_order_uq')
      throw new AppError(409, m.alreadyReviewed)
    throw err
  }
  forgetRatingSums(deps.db, review.sellerId)
  if (deps.notify) await tellSeller(deps.notify, review)
  return review
}

/** The reviewed seller replies, once: a conditional UPDATE (two replies at once write one; the other is told 409). */
export async function replyToReview(
  deps: ReviewDeps,
  user: Viewer,
  reviewId: string,
  text: string,
  now: Date,
): Promise<ReviewRow> {
  await assertReviewedSeller(deps.db, user, reviewId)
  const row = await writeReply(deps.db, reviewId, text, now)
  if (!row) throw new AppError(409, m.alreadyReplied)
  if (deps.notify) await tellBuyer(deps.notify, row)
  return row
}

const buyerUser = alias(users, 'buyer')
const sellerUser = alias(users, 'seller')

/** The bag's title, the buyer's and the seller's names: for a notification's words. */
async function partiesOf(db: DbOrTx, review: ReviewRow) {
  const [row] = await db
    .select({
      title: products.title,
      buyerName: buyerUser.name,
      buyerDeleted: sql<boolean>`${buyerUser.deletedAt} is not null`,
      sellerName: sellerUser.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyerUser, eq(buyerUser.id, orders.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, orders.sellerId))
    .where(eq(orders.id, review.orderId))
  return {
    title: row?.title ?? 'your order',
    buyer: publicName(row?.buyerName ?? '', Boolean(row?.buyerDeleted)),
    buyerFullName: row?.buyerName ?? '',
    seller: row?.sellerName ?? 'The seller',
  }
}

const orderLink = (orderId: string) => `/dashboard/orders/${orderId}`

async function tellSeller(deps: NotifyDeps, review: ReviewRow) {
  try {
    const p = await partiesOf(deps.db, review)
    await notify(deps, {
      userId: review.sellerId,
      kind: 'review',
      text: m.reviewed(p.buyer, review.rating, p.title),
      link: orderLink(review.orderId),
      mail: {
        subject: m.reviewedSubject(p.title),
        text: m.reviewedMail({
          name: p.seller,
          buyer: p.buyer,
          rating: review.rating,
          title: p.title,
          text: review.text,
          link: `${deps.publicUrl}${orderLink(review.orderId)}`,
        }),
      },
    })
  } catch (err) {
    deps.log?.warn({ err, reviewId: review.id }, 'review notification not sent')
  }
}

async function tellBuyer(deps: NotifyDeps, review: ReviewRow) {
  try {
    const p = await partiesOf(deps.db, review)
    await notify(deps, {
      userId: review.buyerId,
      kind: 'review',
      text: m.replied(p.seller, p.title),
      link: orderLink(review.orderId),
      mail: {
        subject: m.repliedSubject(p.title),
        text: m.repliedMail({
          name: p.buyerFullName,
          seller: p.seller,
          title: p.title,
          reply: review.reply ?? '',
          link: `${deps.publicUrl}${orderLink(review.orderId)}`,
        }),
      },
    })
  } catch (err) {
    deps.log?.warn({ err, reviewId: review.id }, 'reply notification not sent')
  }
}

/** A seller's rating and badges (profile, product JSON); undefined for an unknown user. */
export async function sellerRatingOf(db: DbOrTx, sellerId: string): Promise<SellerRating | undefined> {
  const figures = await standingFigures(db, sellerId)
  return figures ? ratingOf(figures) : undefined
}

/** A seller's rating, badges and measured median ship time, for their profile. */
export async function sellerStandingOf(db: DbOrTx, sellerId: string) {
  const figures = await standingFigures(db, sellerId)
  if (!figures) return undefined
  return { rating: ratingOf(figures), medianShipHours: medianShownOf(figures) }
}

/** The badges as a profile reads them ("Ships fast", "Top rated", "Verified"). */
export const badgeLabelsOf = (badges: readonly Badge[]) => badges.map((b) => BADGE_LABELS[b])
