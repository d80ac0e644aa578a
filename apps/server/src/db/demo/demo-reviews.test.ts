import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/build-test-app.ts'
import { LocalImageStore } from '../../modules/images/image-store.ts'
import { sellerStandingOf } from '../../modules/reviews/reviews.service.ts'
import type { Database } from '../client.ts'
import { orders, payments, products, reviews, users } from '../schema/index.ts'
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './demo-data.ts'
import { DEMO_ORDER_REVIEWS, DEMO_PAST_SALE_LISTINGS, DEMO_PAST_SALES } from './demo-reviews.ts'
import { DEFAULT_ORDER_RULES, seedDemoData } from './seed.ts'

// The demo's reviews, each on a completed order within its window, with replies, and enough of
// them for badges; every bag of the demo's catalogue stays for sale, and the demo customers keep their first-order
// discount.

const DAY = 86_400_000
const NOW = new Date(Date.UTC(2026, 10, 25, 12))
const REVIEW_DAYS = 14

let dir: string
let database: Database
let drop: () => Promise<void>

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-demo-reviews-'))
  ;({ database, drop } = await openTestDatabase(dir))
  const store = new LocalImageStore(path.join(dir, 'uploads'))
  expect(
    await seedDemoData(database.db, store, undefined, DEMO_PASSWORD, undefined, {
      orderRules: DEFAULT_ORDER_RULES,
      now: NOW,
    }),
  ).toBe(true)
}, 600_000)

afterAll(async () => {
  await database?.close()
  await drop?.()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const db = () => database.db
const sellerId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!.id

describe('demo reviews', () => {
  it('are each on a completed order of its buyer and seller, written within REVIEW_DAYS, before the seed', async () => {
    const rows = await db()
      .select({ review: reviews, order: orders })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
    expect(rows).toHaveLength(DEMO_PAST_SALES.length + DEMO_ORDER_REVIEWS.length)
    for (const { review, order } of rows) {
      expect(order.status).toBe('completed')
      expect([review.buyerId, review.sellerId]).toEqual([order.buyerId, order.sellerId])
      expect(review.createdAt.getTime()).toBeGreaterThan(order.completedAt!.getTime())
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(order.completedAt!.getTime() + REVIEW_DAYS * DAY)
      expect(review.createdAt.getTime()).toBeLessThan(NOW.getTime())
      if (review.repliedAt) expect(review.repliedAt.getTime()).toBeLessThan(NOW.getTime())
    }
    expect(rows.filter((r) => r.review.reply !== null).length).toBeGreaterThanOrEqual(3)
  })

  it('give Daniel Okafor all three badges, Sofia Marquez stars only, and leave Amelia Hart without reviews', async () => {
    const daniel = await sellerStandingOf(db(), await sellerId('daniel.okafor@demo.preloved.test'))
    expect(daniel!.rating).toEqual({ average: 4.9, count: 10, badges: ['ships_fast', 'top_rated', 'verified'] })
    expect(daniel!.medianShipHours).toBeLessThanOrEqual(48)
    const sofia = await sellerStandingOf(db(), await sellerId('sofia.marquez@demo.preloved.test'))
    expect(sofia!.rating).toEqual({ average: 4.3, count: 3, badges: ['verified'] })
    const amelia = await sellerStandingOf(db(), await sellerId('amelia.hart@demo.preloved.test'))
    expect(amelia!.rating).toEqual({ average: null, count: 0, badges: ['verified'] })
  })

  it('sold only the past sales’ own bags, each with its pictures and first price', async () => {
    const pastTitles = new Set(DEMO_PAST_SALE_LISTINGS.map((l) => l.title))
    const bags = await db().select().from(products)
    const past = bags.filter((b) => pastTitles.has(b.title))
    expect(past).toHaveLength(DEMO_PAST_SALE_LISTINGS.length)
    for (const bag of past) {
      expect(bag.status).toBe('sold')
      expect(bag.photos.length).toBeGreaterThanOrEqual(2)
      expect(bag.photos[0]).toEqual({ url: bag.img, thumb: bag.thumb })
    }
    expect(DEMO_PAST_SALES.every((s) => pastTitles.has(s.listing))).toBe(true)
  })

  it('keep the demo customers’ first-order discount (the past sales were paid in full)', async () => {
    for (const c of DEMO_CUSTOMERS) {
      const [user] = await db().select().from(users).where(eq(users.email, c.email))
      const kept = await db()
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.customerId, user!.id), gt(payments.discountCents, 0), isNull(payments.refundedAt)))
      expect(kept, c.email).toEqual([])
    }
  })
})
