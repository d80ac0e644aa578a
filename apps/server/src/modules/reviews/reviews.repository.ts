import type { Review } from '@preloved/shared/reviews'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { orders, products, reviews, riskFlags, users } from '../../db/schema/index.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'
import { publicName } from '../../lib/public-name.ts'
import { SHIP_SAMPLE, type StandingFigures } from './badges.ts'

export type ReviewRow = typeof reviews.$inferSelect

const reviewColumns = {
  review: reviews,
  buyerName: users.name,
  buyerDeleted: sql<boolean>`${users.deletedAt} is not null`,
  productId: products.id,
  productTitle: products.title,
  productThumb: products.thumb,
}

const reviewQuery = (db: DbOrTx) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.buyerId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(products, eq(products.id, orders.productId))

export type ReviewViewRow = Awaited<ReturnType<typeof reviewQuery>>[number]

export const findReview = async (db: DbOrTx, id: string) =>
  (await db.select().from(reviews).where(eq(reviews.id, id)))[0]

export const findReviewOfOrder = async (db: DbOrTx, orderId: string) =>
  (await db.select().from(reviews).where(eq(reviews.orderId, orderId)))[0]

export const findReviewView = async (db: DbOrTx, id: string) => (await reviewQuery(db).where(eq(reviews.id, id)))[0]

export const findReviewViewOfOrder = async (db: DbOrTx, orderId: string) =>
  (await reviewQuery(db).where(eq(reviews.orderId, orderId)))[0]

/** A seller's reviews, newest first, after the cursor (review_seller_idx). */
export const listSellerReviews = (db: DbOrTx, sellerId: string, cursor: Cursor | undefined, limit: number) =>
  reviewQuery(db)
    .where(and(eq(reviews.sellerId, sellerId), cursor ? afterCursor(reviews.createdAt, reviews.id, cursor) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)

/** The one reply, written only if there is none yet (a conditional UPDATE: two replies at once write one). */
export const writeReply = async (db: DbOrTx, id: string, text: string, at: Date) =>
  (
    await db
      .update(reviews)
      .set({ reply: text, repliedAt: at })
      .where(and(eq(reviews.id, id), isNull(reviews.reply)))
      .returning()
  )[0]

/** A seller as the public knows them: undefined for an unknown id, a customer, an admin or a deleted account. */
export const findPublicSeller = async (db: DbOrTx, id: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, verified: users.verified })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'seller'), isNull(users.deletedAt)))
  )[0]

/** How long a seller's review count and star sum are kept in memory: writes here forget them at once. */
export const RATING_CACHE_MS = 60_000
const RATING_CACHE_MAX = 10_000

interface RatingSums {
  reviewCount: number
  ratingSum: number
  at: number
}

/** Per database (so per app): seller id → their review count and star sum. */
const ratingCaches = new WeakMap<object, Map<string, RatingSums>>()

/**
 * A seller's review count and star sum. Kept RATING_CACHE_MS in memory: a seller with 20,000 reviews costs 13–28 ms to
 * sum (scripts/bench-standing.ts) and is read on every listing of theirs. A review written through this instance
 * forgets it at once (forgetRatingSums); one written through another instance shows within RATING_CACHE_MS.
 */
async function ratingSums(db: DbOrTx, sellerId: string): Promise<RatingSums> {
  const cache = ratingCaches.get(db)
  const hit = cache?.get(sellerId)
  if (hit && Date.now() - hit.at < RATING_CACHE_MS) return hit
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    // a review between accounts an admin confirmed are one person's counts for nothing (docs/decisions/029)
    .where(and(eq(reviews.sellerId, sellerId), sql`not ${confirmedLink(reviews.buyerId, reviews.sellerId)}`))
  const sums = { reviewCount: Number(row?.n ?? 0), ratingSum: Number(row?.sum ?? 0), at: Date.now() }
  const map = cache ?? new Map<string, RatingSums>()
  if (!cache) ratingCaches.set(db, map)
  if (map.size >= RATING_CACHE_MAX) map.delete(map.keys().next().value!)
  map.set(sellerId, sums)
  return sums
}

/**
 * SQL true when an admin confirmed that a buyer and a seller are one person's accounts (a linked-accounts flag naming
 * both, docs/decisions/029): their orders with each other count for no rating or badge.
 */
const confirmedLink = (buyerId: unknown, sellerId: unknown) =>
  sql`exists (select 1 from ${riskFlags} where ${riskFlags.kind} = 'linked_accounts' and ${riskFlags.status} = 'confirmed' and ${riskFlags.userIds} @> array[${buyerId}, ${sellerId}]::text[])`

/** After a review of the seller was written, or a link of theirs confirmed: their sums are read afresh. */
export const forgetRatingSums = (db: DbOrTx, sellerId: string) => ratingCaches.get(db)?.delete(sellerId)

/**
 * What a seller's rating and badges are computed from: the admin's check, the count and star sum of their reviews
 * (review_seller_idx; kept a minute in memory, see ratingSums), and the median ship time of their SHIP_SAMPLE most
 * recent shipped orders (order_seller_idx), each measured from payment, or from the address arriving when it came
 * later (the start of the ship-by clock: ship_by − ship_days), to shipping. Undefined for an unknown user.
 */
export async function standingFigures(db: DbOrTx, sellerId: string): Promise<StandingFigures | undefined> {
  const [shipping, sums] = await Promise.all([
    db.execute(sql`
      select u.verified as "verified", s.n as "shippedCount", s.median as "medianShipHours"
      from ${users} u
      cross join lateral (
        select count(*)::int as n, percentile_cont(0.5) within group (order by t.hours) as median
        from (
          select (extract(epoch from o.shipped_at - (o.ship_by - make_interval(days => o.ship_days))) / 3600)::float8 as hours
          from ${orders} o
          where o.seller_id = u.id and o.shipped_at is not null and o.ship_by is not null
            and not ${confirmedLink(sql.raw('o.buyer_id'), sql.raw('o.seller_id'))}
          order by o.created_at desc
          limit ${SHIP_SAMPLE}
        ) t
      ) s
      where u.id = ${sellerId}
    `) as unknown as Promise<{ rows: Record<string, unknown>[] }>,
    ratingSums(db, sellerId),
  ])
  const row = shipping.rows[0]
  if (!row) return undefined
  return {
    verified: Boolean(row.verified),
    reviewCount: sums.reviewCount,
    ratingSum: sums.ratingSum,
    shippedCount: Number(row.shippedCount),
    medianShipHours: row.medianShipHours === null ? null : Number(row.medianShipHours),
  }
}

/** "Emma W.": the buyer as a review shows them to everyone (lib/public-name.ts). */
export { publicName }

/** A review as every client reads it (docs/product/reviews.md). */
export const toReviewJson = (row: ReviewViewRow): Review => ({
  _id: row.review.id,
  orderId: row.review.orderId,
  rating: row.review.rating,
  text: row.review.text,
  sellerId: row.review.sellerId,
  buyer: { _id: row.review.buyerId, name: publicName(row.buyerName, row.buyerDeleted) },
  product: { _id: row.productId, title: row.productTitle, thumb: row.productThumb },
  reply: row.review.reply,
  repliedAt: row.review.repliedAt?.toISOString() ?? null,
  createdAt: row.review.createdAt.toISOString(),
})
