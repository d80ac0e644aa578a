import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { type Clock, DAY, orderIn, postReview } from '../../../test/review-fixtures.ts'

/**
 * A member's full name reaches only those who already see it (decision 032): themself, admins, everyone for a seller,
 * and the other party of a conversation, an offer or an order. A review shows its buyer as "Emma W." with her id;
 * an answer that names someone by id (blocks above all) must not turn that id into "Emma Wilson" for a stranger.
 */
let t: TestApp
const clock: Clock = { now: Date.parse('2026-11-02T10:00:00Z') }
let sam: Session
let olive: Session
let emma: Session
let carl: Session
let dora: Session
let admin: Session
let orderId: string
let reviewId: string

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => clock.now })
  ;[sam, olive, emma, carl, dora, admin] = await Promise.all([
    signUp(t.app, { email: 'sam@example.test', name: 'Sam Seller', role: 'seller' }),
    signUp(t.app, { email: 'olive@example.test', name: 'Olive Other', role: 'seller' }),
    signUp(t.app, { email: 'emma@example.test', name: 'Emma Wilson', role: 'customer' }),
    signUp(t.app, { email: 'carl@example.test', name: 'Carl Stranger', role: 'customer' }),
    signUp(t.app, { email: 'dora@example.test', name: 'Dora Dealer', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada Admin' }),
  ])
  // Emma bought from Sam and reviewed him: the review is public, with her id
  orderId = await orderIn(t, clock, sam, emma, 'completed')
  const review = await postReview(t, emma, orderId, { rating: 5, text: 'Lovely bag, quick shipping' })
  expect(review.statusCode, review.body).toBe(201)
  reviewId = review.json()._id
  clock.now += DAY
})
afterAll(() => t.close())

const call = (who: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) })
const block = async (who: Session, target: Session) => {
  const res = await call(who, 'POST', `/api/blocks/${target.id}`)
  expect(res.statusCode, res.body).toBe(200)
  const name = res.json().name as string
  const listed = (await call(who, 'GET', '/api/blocks')).json() as { _id: string; name: string }[]
  expect(listed.find((b) => b._id === target.id)?.name).toBe(name)
  expect((await call(who, 'DELETE', `/api/blocks/${target.id}`)).json().deletedCount).toBe(1)
  return name
}

describe('the name an answer gives of someone named by id', () => {
  it('a review shows its buyer as "Emma W.", with her id', async () => {
    const res = await t.app.inject({ url: `/api/sellers/${sam.id}/reviews` })
    expect(res.body).toContain(emma.id)
    expect(res.body).toContain('"name":"Emma W."')
    expect(res.body).not.toContain('Wilson')
  })

  it('blocking her by that id answers a stranger "Emma W.", never "Emma Wilson" (nor does the list of blocks)', async () => {
    expect(await block(carl, emma)).toBe('Emma W.')
    // another seller, who never dealt with her, is a stranger too
    expect(await block(olive, emma)).toBe('Emma W.')
  })

  it('answers the full name to those who see it already: her seller, an admin, and anyone of a seller', async () => {
    expect(await block(sam, emma)).toBe('Emma Wilson') // her order with him names her in full
    expect(await block(emma, sam)).toBe('Sam Seller')
    expect(await block(admin, emma)).toBe('Emma Wilson')
    expect(await block(carl, sam)).toBe('Sam Seller') // a seller's name is on their profile and listings
  })

  it('a conversation or an offer is dealing with each other: from then on, the full name', async () => {
    expect(await block(olive, dora)).toBe('Dora D.')
    const bag = await insertProduct(t.database.db, olive.id, { resellPriceCents: 30_000 })
    const started = await call(dora, 'POST', '/api/conversations', { productId: bag.id, text: 'Is it still there?' })
    expect(started.statusCode, started.body).toBe(201)
    expect(await block(olive, dora)).toBe('Dora Dealer')

    expect(await block(olive, carl)).toBe('Carl S.')
    const other = await insertProduct(t.database.db, olive.id, { resellPriceCents: 30_000 })
    const offered = await call(carl, 'POST', '/api/offers', { productId: other.id, amount: 250 })
    expect(offered.statusCode, offered.body).toBe(201)
    expect(await block(olive, carl)).toBe('Carl Stranger')
  })

  it('a stranger finds her surname in no answer that names her by id (every GET a customer may call)', async () => {
    const ids = [emma.id, sam.id, reviewId, orderId]
    const routes = t.app.apiRoutes.filter(
      (r) => r.method === 'GET' && ['public', 'signed-in', 'customer'].includes(r.access),
    )
    expect(routes.length).toBeGreaterThan(20)
    let asked = 0
    for (const route of routes) {
      const urls = route.url.includes(':')
        ? ids.map((id) => route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id)))
        : [route.url]
      for (const url of urls) {
        const res = await t.app.inject({ url, headers: carl.bearer })
        asked++
        expect(res.body, `GET ${url} → ${res.statusCode}`).not.toContain('Wilson')
      }
    }
    expect(asked).toBeGreaterThan(50)
  })
})
