import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { ADDRESS, paidOrder } from '../../../test/order-fixtures.ts'
import { DAY, HOUR, orderIn, reviewedOrder } from '../../../test/review-fixtures.ts'
import { users } from '../../db/schema/index.ts'
import { standingFigures } from './reviews.repository.ts'

// The badges at their edges, through the real routes (docs/product/reviews.md#badges): 4 vs 5 shipped orders, 48 h vs 48 h and a
// minute, 9 vs 10 reviews, an average of 4.8 vs below it; the seller JSON and the product JSON agree.

const clock = { now: Date.UTC(2026, 9, 1, 8) }
let t: TestApp
let buyer: Session
let sellers = 0

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100' }, { clock: () => clock.now })
  buyer = await signUp(t.app, { email: 's-buyer@example.test', name: 'Bo Buyer', role: 'customer' })
})
afterAll(() => t.close())

const newSeller = () => signUp(t.app, { email: `s-seller${++sellers}@example.test`, role: 'seller' })
const profileOf = async (s: Session) => {
  const res = await t.app.inject(`/api/sellers/${s.id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    rating: { average: number | null; count: number; badges: string[] }
    badges: string[]
    medianShipHours: number | null
    items: { _id: string }[]
  }
}

describe('Ships fast', () => {
  it('needs 5 shipped orders: 4 shipped in 48 h earn nothing, the fifth earns the badge (48 h exactly is in)', async () => {
    const seller = await newSeller()
    for (let i = 0; i < 4; i++) await orderIn(t, clock, seller, buyer, 'shipped', 48 * HOUR)
    expect(await profileOf(seller)).toMatchObject({
      rating: { average: null, count: 0, badges: [] },
      badges: [],
      medianShipHours: null,
    })
    await orderIn(t, clock, seller, buyer, 'shipped', 48 * HOUR)
    expect(await profileOf(seller)).toMatchObject({
      rating: { badges: ['ships_fast'] },
      badges: ['Ships fast'],
      medianShipHours: 48,
    })
  })

  it('is not earned with a median of 48 h and a minute', async () => {
    const seller = await newSeller()
    for (let i = 0; i < 5; i++) await orderIn(t, clock, seller, buyer, 'completed', 48 * HOUR + 60_000)
    expect(await profileOf(seller)).toMatchObject({
      rating: { badges: [] },
      badges: [],
      medianShipHours: 48.1,
    })
  })

  it('is the median: two slow shipments among five do not take it away, three do', async () => {
    const seller = await newSeller()
    for (const hours of [10, 110, 20, 100, 30]) await orderIn(t, clock, seller, buyer, 'shipped', hours * HOUR)
    expect(await profileOf(seller)).toMatchObject({ rating: { badges: ['ships_fast'] }, medianShipHours: 30 })
    await orderIn(t, clock, seller, buyer, 'shipped', 90 * HOUR) // 10 20 30 90 100 110: the median is 60
    expect(await profileOf(seller)).toMatchObject({ rating: { badges: [] }, medianShipHours: 60 })
  })

  it('counts from the address arriving when the buyer paid without one (the ship-by clock starts then)', async () => {
    const seller = await newSeller()
    const { id } = await paidOrder(t, seller, buyer, { address: null })
    clock.now += 4 * DAY
    const address = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/address`,
      headers: buyer.bearer,
      payload: ADDRESS,
    })
    expect(address.statusCode, address.body).toBe(200)
    clock.now += 6 * HOUR
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/ship`,
      headers: seller.bearer,
      payload: { carrier: 'DHL', trackingNumber: 'JD0001' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(await standingFigures(t.database.db, seller.id)).toEqual({
      verified: false,
      reviewCount: 0,
      ratingSum: 0,
      shippedCount: 1,
      medianShipHours: 6,
    })
  })
})

describe('Top rated', () => {
  it('needs 10 reviews averaging 4.8: nine 5-star reviews earn nothing; a tenth of 3 stars (4.8) earns it; a 4 more (4.7) loses it', async () => {
    const seller = await newSeller()
    // shipped after 3 days: no Ships fast badge to muddle the answers
    for (let i = 0; i < 9; i++) await reviewedOrder(t, clock, seller, buyer, 5, 72 * HOUR)
    expect((await profileOf(seller)).rating).toEqual({ average: 5, count: 9, badges: [] })
    await reviewedOrder(t, clock, seller, buyer, 3, 72 * HOUR)
    const top = await profileOf(seller)
    expect(top.rating).toEqual({ average: 4.8, count: 10, badges: ['top_rated'] })
    expect(top.badges).toEqual(['Top rated'])
    await reviewedOrder(t, clock, seller, buyer, 4, 72 * HOUR)
    expect((await profileOf(seller)).rating).toEqual({ average: 4.7, count: 11, badges: [] }) // 52 / 11 = 4.72…
  })

  it('shows with Verified and Ships fast on the product JSON, beside the seller', async () => {
    const seller = await newSeller()
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, seller.id))
    for (let i = 0; i < 10; i++) await reviewedOrder(t, clock, seller, buyer, 5, 2 * HOUR)
    const { productId } = await paidOrder(t, seller, buyer)
    const bag = await t.app.inject(`/api/products/${productId}`)
    expect(bag.statusCode, bag.body).toBe(200)
    expect(bag.json().sellerRating).toEqual({
      average: 5,
      count: 10,
      badges: ['ships_fast', 'top_rated', 'verified'],
    })
    expect((await profileOf(seller)).badges).toEqual(['Ships fast', 'Top rated', 'Verified'])
  })
})
