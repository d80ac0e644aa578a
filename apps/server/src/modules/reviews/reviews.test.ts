import { messages } from '@preloved/shared/messages'
import { orderReviewSchema, reviewSchema } from '@preloved/shared/reviews'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { DAY, orderIn, postReply, postReview } from '../../../test/review-fixtures.ts'
import { notifications, orders, outbox, products, reviews } from '../../db/schema/index.ts'

const m = messages.reviews
const clock = { now: Date.UTC(2026, 10, 20, 9) }
let t: TestApp
let seller: Session
let otherSeller: Session
let stranger: Session
let admin: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => clock.now })
  ;[seller, otherSeller, stranger, admin] = await Promise.all([
    signUp(t.app, { email: 'r-seller@example.test', name: 'Sally Seller', role: 'seller' }),
    signUp(t.app, { email: 'r-other@example.test', name: 'Otto Other', role: 'seller' }),
    signUp(t.app, { email: 'r-stranger@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
})
afterAll(() => t.close())

const newBuyer = () =>
  signUp(t.app, { email: `r-buyer${++buyers}@example.test`, name: 'Bea van Buyer', role: 'customer' })
const get = (who: Session | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who?.bearer ?? {} })
const reviewRows = (orderId: string) => t.database.db.select().from(reviews).where(eq(reviews.orderId, orderId))
/** An error body; a 400 names its field (the word its message starts with: 'rating must be …'). */
const errorOf = (status: number, message: string) => ({
  statusCode: status,
  error: { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[status],
  message,
  ...(status === 400 ? { field: message.split(' ')[0] } : {}),
})

describe('POST /api/orders/{id}/review', () => {
  it('lets the buyer of a completed order review it once: the stored row, the answer, and the seller told', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id))
    const before = orderReviewSchema.parse((await get(buyer, `/api/orders/${id}/review`)).json())
    expect(before).toEqual({
      review: null,
      reviewBy: new Date(order!.completedAt!.getTime() + 14 * DAY).toISOString(),
      canReview: true,
      canReply: false,
    })

    const res = await postReview(t, buyer, id, { rating: 5, text: '  Exactly as described, and so well packed.  ' })
    expect(res.statusCode, res.body).toBe(201)
    const review = reviewSchema.parse(res.json())
    const [product] = await t.database.db.select().from(products).where(eq(products.id, order!.productId))
    expect(review).toEqual({
      _id: expect.any(String),
      orderId: id,
      rating: 5,
      text: 'Exactly as described, and so well packed.',
      sellerId: seller.id,
      buyer: { _id: buyer.id, name: 'Bea B.' },
      product: { _id: product!.id, title: product!.title, thumb: product!.thumb },
      reply: null,
      repliedAt: null,
      createdAt: new Date(clock.now).toISOString(),
    })
    const rows = await reviewRows(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: review._id,
      sellerId: seller.id,
      buyerId: buyer.id,
      rating: 5,
      text: 'Exactly as described, and so well packed.',
      reply: null,
    })

    // the seller: an in-app notification linking to the order, and a mail
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'review')))
    expect(told.map((n) => [n.text, n.link])).toEqual([
      [m.reviewed('Bea B.', 5, product!.title), `/dashboard/orders/${id}`],
    ])
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, m.reviewedSubject(product!.title)))
    expect(mails.map((x) => x.to)).toEqual([seller.email])
    expect(mails[0]!.text).toContain('5 stars out of 5')
    expect(mails[0]!.text).toContain(`/dashboard/orders/${id}`)

    // read back by each party: the buyer can no longer review, the seller can reply, the admin only reads
    const asBuyer = orderReviewSchema.parse((await get(buyer, `/api/orders/${id}/review`)).json())
    expect(asBuyer).toMatchObject({ review, canReview: false, canReply: false })
    expect((await get(seller, `/api/orders/${id}/review`)).json()).toMatchObject({ canReview: false, canReply: true })
    expect((await get(admin, `/api/orders/${id}/review`)).json()).toMatchObject({ canReview: false, canReply: false })
  })

  it('refuses a second review of the same order with 409, and keeps the first', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    expect((await postReview(t, buyer, id, { rating: 4, text: 'Good' })).statusCode).toBe(201)
    const again = await postReview(t, buyer, id, { rating: 1, text: 'Changed my mind' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual(errorOf(409, m.alreadyReviewed))
    expect((await reviewRows(id)).map((r) => [r.rating, r.text])).toEqual([[4, 'Good']])
  })

  it('writes one review when two arrive at once (the other is told 409)', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    const answers = await Promise.all([
      postReview(t, buyer, id, { rating: 5, text: 'First' }),
      postReview(t, buyer, id, { rating: 2, text: 'Second' }),
      postReview(t, buyer, id, { rating: 3, text: 'Third' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409])
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(m.alreadyReviewed)
    const rows = await reviewRows(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id).toBe(answers.find((a) => a.statusCode === 201)!.json()._id)
  })

  it.each(['paid', 'shipped', 'disputed'] as const)(
    'refuses a %s order with 409 naming its state, and writes nothing',
    async (state) => {
      const buyer = await newBuyer()
      const id = await orderIn(t, clock, seller, buyer, state)
      const res = await postReview(t, buyer, id, { rating: 5, text: 'Too early' })
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json()).toEqual(errorOf(409, m.notCompleted(state)))
      expect(await reviewRows(id)).toEqual([])
      expect((await get(buyer, `/api/orders/${id}/review`)).json()).toEqual({
        review: null,
        reviewBy: null,
        canReview: false,
        canReply: false,
      })
    },
  )

  it('refuses a cancelled and a refunded order with 409 naming the state', async () => {
    const buyer = await newBuyer()
    const cancelled = await orderIn(t, clock, seller, buyer, 'paid')
    const c = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled}/cancel`,
      headers: seller.bearer,
      payload: { reason: 'Cannot ship' },
    })
    expect(c.statusCode, c.body).toBe(200)
    expect((await postReview(t, buyer, cancelled, { rating: 3 })).json()).toEqual(
      errorOf(409, m.notCompleted('cancelled')),
    )
    const refunded = await orderIn(t, clock, seller, buyer, 'shipped')
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${refunded}/refund`,
      headers: admin.bearer,
      payload: { reason: 'Lost in transit' },
    })
    expect(r.statusCode, r.body).toBe(200)
    expect((await postReview(t, buyer, refunded, { rating: 3 })).json()).toEqual(
      errorOf(409, m.notCompleted('refunded')),
    )
  })

  it('reviews a shipped order whose auto-completion date passed: the deadline is applied first', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer, 'shipped')
    expect((await postReview(t, buyer, id, { rating: 4 })).statusCode).toBe(409)
    clock.now += 3 * DAY + 1000 // AUTO_COMPLETE_DAYS (3) after shipping
    const res = await postReview(t, buyer, id, { rating: 4 })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().text).toBe('') // text is optional
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id))
    expect(order!.status).toBe('completed')
  })

  it('takes a review until REVIEW_DAYS after completion, and refuses it a minute later with 409', async () => {
    const buyer = await newBuyer()
    const onTime = await orderIn(t, clock, seller, buyer)
    const late = await orderIn(t, clock, seller, buyer)
    const closesOf = async (id: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.completedAt!.getTime() + 14 * DAY
    clock.now = await closesOf(onTime)
    expect((await postReview(t, buyer, onTime, { rating: 5 })).statusCode).toBe(201)
    const closes = await closesOf(late)
    clock.now = closes + 60_000
    const res = await postReview(t, buyer, late, { rating: 5 })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual(
      errorOf(
        409,
        m.windowClosed(
          14,
          `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(closes))} UTC`,
        ),
      ),
    )
    expect(await reviewRows(late)).toEqual([])
    expect((await get(buyer, `/api/orders/${late}/review`)).json()).toMatchObject({
      review: null,
      reviewBy: new Date(closes).toISOString(),
      canReview: false,
    })
  })

  it.each([
    [{ rating: 0 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: 6 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: -1 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: 4.5 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: '5' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: null }, 'rating must be a whole number from 1 to 5'],
    [{ text: 'No stars' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: 5, text: 'x'.repeat(1001) }, 'text must be at most 1000 characters'],
    [{ rating: 5, text: 42 }, 'text: Invalid input: expected string, received number'],
  ])('refuses %j with 400 naming the field, and writes nothing', async (body, message) => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    const res = await postReview(t, buyer, id, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toContain(message.split(': ').at(-1)!)
    expect(await reviewRows(id)).toEqual([])
  })

  it('takes 1,000 characters of text (and every whole rating from 1 to 5)', async () => {
    const buyer = await newBuyer()
    for (const rating of [1, 2, 3, 4, 5]) {
      const id = await orderIn(t, clock, otherSeller, buyer)
      const res = await postReview(t, buyer, id, { rating, text: 'é'.repeat(1000) })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ rating, text: 'é'.repeat(1000) })
    }
  })

  it('answers 401, then 404 for a stranger or no such order, then 403 for the other parties, then 400, then 409', async () => {
    const buyer = await newBuyer()
    const paid = await orderIn(t, clock, seller, buyer, 'paid')
    const bad = { rating: 9 }
    const cases: [Session | undefined, string, unknown, number, string][] = [
      [undefined, paid, bad, 401, messages.auth.signInRequired],
      [stranger, paid, bad, 404, m.orderNotFound],
      [otherSeller, paid, bad, 404, m.orderNotFound],
      [buyer, '00000000-0000-4000-8000-000000000000', bad, 404, m.orderNotFound],
      [buyer, 'not-a-uuid', bad, 404, m.orderNotFound],
      [seller, paid, bad, 403, m.onlyBuyer],
      [admin, paid, bad, 403, m.onlyBuyer],
      [buyer, paid, bad, 400, 'rating must be a whole number from 1 to 5'],
      [buyer, paid, { rating: 5 }, 409, m.notCompleted('paid')],
    ]
    for (const [who, id, body, status, message] of cases) {
      const res = await postReview(t, who, id, body)
      expect(res.statusCode, `${who?.email} ${id} ${res.body}`).toBe(status)
      expect(res.json()).toEqual(errorOf(status, message))
    }
    expect(await reviewRows(paid)).toEqual([])
  })

  it('GET /api/orders/{id}/review: 401, 404 for a stranger, 200 for the parties', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    expect((await get(undefined, `/api/orders/${id}/review`)).statusCode).toBe(401)
    for (const who of [stranger, otherSeller]) {
      const res = await get(who, `/api/orders/${id}/review`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(errorOf(404, m.orderNotFound))
    }
    for (const who of [buyer, seller, admin]) expect((await get(who, `/api/orders/${id}/review`)).statusCode).toBe(200)
  })
})

describe('POST /api/reviews/{id}/reply', () => {
  it('lets the reviewed seller reply once; the buyer is told; a second reply is 409', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    const review = (await postReview(t, buyer, id, { rating: 3, text: 'Slow to ship' })).json()
    const res = await postReply(t, seller, review._id, { text: '  Sorry: it was a bank holiday.  ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(reviewSchema.parse(res.json())).toMatchObject({
      _id: review._id,
      reply: 'Sorry: it was a bank holiday.',
      repliedAt: new Date(clock.now).toISOString(),
    })
    const [row] = await reviewRows(id)
    expect([row!.reply, row!.repliedAt?.getTime()]).toEqual(['Sorry: it was a bank holiday.', clock.now])
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.kind, 'review')))
    expect(told.map((n) => n.link)).toEqual([`/dashboard/orders/${id}`])
    expect(told[0]!.text).toMatch(/^Sally Seller replied to your review of /)
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, buyer.email))
    expect(mails.some((x) => x.text.includes('Sorry: it was a bank holiday.'))).toBe(true)
    expect((await get(seller, `/api/orders/${id}/review`)).json()).toMatchObject({ canReply: false })

    const again = await postReply(t, seller, review._id, { text: 'And another thing' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual(errorOf(409, m.alreadyReplied))
    expect((await reviewRows(id))[0]!.reply).toBe('Sorry: it was a bank holiday.')
  })

  it('writes one reply when two arrive at once', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    const review = (await postReview(t, buyer, id, { rating: 5 })).json()
    const answers = await Promise.all([
      postReply(t, seller, review._id, { text: 'One' }),
      postReply(t, seller, review._id, { text: 'Two' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const winner = answers.find((a) => a.statusCode === 200)!.json().reply
    expect((await reviewRows(id))[0]!.reply).toBe(winner)
  })

  it('answers 401, 404 for no such review, 403 for anyone but the reviewed seller, then 400', async () => {
    const buyer = await newBuyer()
    const id = await orderIn(t, clock, seller, buyer)
    const review = (await postReview(t, buyer, id, { rating: 4 })).json()
    const bad = { text: '' }
    const cases: [Session | undefined, string, unknown, number, string][] = [
      [undefined, review._id, bad, 401, messages.auth.signInRequired],
      [seller, '00000000-0000-4000-8000-000000000000', bad, 404, m.notFound],
      [seller, "x' or 1=1", bad, 404, m.notFound],
      [buyer, review._id, bad, 403, m.onlySeller],
      [otherSeller, review._id, bad, 403, m.onlySeller],
      [admin, review._id, bad, 403, m.onlySeller],
      [stranger, review._id, bad, 403, m.onlySeller],
      [seller, review._id, bad, 400, 'text is required'],
      [seller, review._id, { text: '   ' }, 400, 'text is required'],
      [seller, review._id, {}, 400, 'text is required'],
      [seller, review._id, { text: 'y'.repeat(1001) }, 400, 'text must be at most 1000 characters'],
    ]
    for (const [who, reviewId, body, status, message] of cases) {
      const res = await postReply(t, who, reviewId, body)
      expect(res.statusCode, `${who?.email} ${reviewId} ${res.body}`).toBe(status)
      expect(res.json()).toEqual(errorOf(status, message))
    }
    expect((await reviewRows(id))[0]!.reply).toBeNull()
  })
})

describe('GET /api/sellers/{id}/reviews', () => {
  let fresh: Session
  let ids: string[]

  beforeAll(async () => {
    fresh = await signUp(t.app, { email: 'r-fresh@example.test', name: 'Fresh Seller', role: 'seller' })
    const buyer = await signUp(t.app, { email: 'r-single@example.test', name: 'Cher', role: 'customer' })
    ids = []
    for (const rating of [5, 4, 3, 5, 2]) {
      const orderId = await orderIn(t, clock, fresh, buyer)
      clock.now += 1000
      ids.unshift((await postReview(t, buyer, orderId, { rating, text: `${rating}!` })).json()._id)
    }
    await postReply(t, fresh, ids[1]!, { text: 'Thanks, Cher' })
  })

  it('answers the reviews newest first with their replies, in Link pages, each once', async () => {
    const seen: { _id: string; reply: string | null; buyer: { name: string } }[] = []
    let url: string | undefined = `/api/sellers/${fresh.id}/reviews?limit=2`
    let pages = 0
    while (url) {
      const res = await get(undefined, url)
      expect(res.statusCode, res.body).toBe(200)
      seen.push(...reviewSchema.array().parse(res.json()))
      const link = res.headers.link as string | undefined
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined
      pages++
    }
    expect(pages).toBe(3)
    expect(seen.map((r) => r._id)).toEqual(ids)
    expect(seen[1]!.reply).toBe('Thanks, Cher')
    expect(seen.every((r) => r.buyer.name === 'Cher')).toBe(true)
    // without limit: one page of ten
    const all = await get(undefined, `/api/sellers/${fresh.id}/reviews`)
    expect(all.json()).toHaveLength(5)
    expect(all.headers.link).toBeUndefined()
  })

  it.each([
    ['limit=0', 'limit must be a whole number between 1 and 100'],
    ['limit=101', 'limit must be a whole number between 1 and 100'],
    ['cursor=bm90LWEtY3Vyc29y', messages.common.invalidCursor],
  ])('refuses ?%s with 400', async (query, message) => {
    const res = await get(undefined, `/api/sellers/${fresh.id}/reviews?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('answers 404 for an unknown id, a customer and an admin', async () => {
    for (const id of ['nobody', stranger.id, admin.id]) {
      const res = await get(undefined, `/api/sellers/${encodeURIComponent(id)}/reviews`)
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual(errorOf(404, messages.listings.sellerNotFound))
    }
  })

  it("puts the seller's stars in the seller JSON and beside the seller on the product JSON", async () => {
    const profile = (await get(undefined, `/api/sellers/${fresh.id}`)).json()
    expect(profile.rating).toEqual({ average: 3.8, count: 5, badges: ['ships_fast'] }) // 19 / 5, five shipped in 1 h
    expect(profile.badges).toEqual(['Ships fast'])
    expect(profile.medianShipHours).toBe(1)
    const [product] = await t.database.db.select().from(products).where(eq(products.sellerId, fresh.id)).limit(1)
    const listing = (await get(undefined, `/api/products/${product!.id}`)).json()
    expect(listing.sellerRating).toEqual({ average: 3.8, count: 5, badges: ['ships_fast'] })
  })
})

describe('a buyer name on a review', () => {
  it('is the first name and the initial of the last', async () => {
    const { publicName } = await import('./reviews.repository.ts')
    expect(publicName('Bea van Buyer', false)).toBe('Bea B.')
    expect(publicName('  Émile   zola ', false)).toBe('Émile Z.')
    expect(publicName('Cher', false)).toBe('Cher')
    expect(publicName('   ', false)).toBe('A buyer')
    expect(publicName('Bea Buyer', true)).toBe('Former member')
  })
})
