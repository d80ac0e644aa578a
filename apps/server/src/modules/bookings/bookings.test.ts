import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, products } from '../../db/schema/index.ts'

let t: TestApp
let now = Date.UTC(2026, 10, 22, 12, 0, 0)
let seller: Session
let ann: Session
let bob: Session

beforeAll(async () => {
  // many bookings per customer here: the booking rate limit is raised (it has its own test below)
  // and so is MAX_OPEN_HOLDS (its own tests, with the default, are in holds.test.ts)
  t = await buildTestApp({ HOLD_MINUTES: '30', RATE_LIMIT_FACTOR: '100', MAX_OPEN_HOLDS: '100' }, { clock: () => now })
  ;[seller, ann, bob] = await Promise.all([
    signUp(t.app, { email: 'seller@example.test', name: 'Sam Seller', role: 'seller' }),
    signUp(t.app, { email: 'ann@example.test', name: 'Ann', role: 'customer' }),
    signUp(t.app, { email: 'bob@example.test', name: 'Bob', role: 'customer' }),
  ])
})
afterAll(() => t.close())

const newBag = async (over: Parameters<typeof insertProduct>[2] = {}) =>
  (await insertProduct(t.database.db, seller.id, { resellPriceCents: 12_345, ...over })).id
const book = (s: Session, productId: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: s.bearer,
    payload: { product_id: productId, number: '+1 555 0100', location: 'Lisbon', ...extra },
  })
const liveRows = async (productId: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.productId, productId))).filter(
    (b) => b.status === 'held' || b.status === 'paid',
  )

describe('POST /api/bookings', () => {
  it('holds the bag for the customer at the listing price, whatever the body says', async () => {
    const id = await newBag()
    const res = await book(ann, id, { price: 1, email: 'mallory@example.test', customer: 'Ann B.', img: 'x', bag: 'y' })
    expect(res.statusCode).toBe(200)
    expect(res.json().acknowledged).toBe(true)
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().insertedId))
    expect(row).toMatchObject({
      priceCents: 12_345,
      email: 'ann@example.test',
      customer: 'Ann B.',
      status: 'held',
      customerId: ann.id,
    })
    expect(row!.expiresAt.getTime()).toBe(now + 30 * 60_000)
    // others see it reserved
    const listing = (await t.app.inject(`/api/products/${id}`)).json()
    expect(listing.reserved).toBe(true)
  })

  it('uses the display name when no name is given', async () => {
    const res = await book(bob, await newBag())
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().insertedId))
    expect(row!.customer).toBe('Bob')
  })

  it('refuses a second customer with 409 while the hold lives, and the holder with a message of their own', async () => {
    const id = await newBag()
    expect((await book(ann, id)).statusCode).toBe(200)
    const other = await book(bob, id)
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toBe('This bag is reserved by another customer right now. Try again later.')
    const again = await book(ann, id)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('You have already booked this bag. Find it in My Orders.')
  })

  it('lets the hold run out: the order says expired, the bag is for sale again, and another customer can book it', async () => {
    const id = await newBag()
    const first = (await book(ann, id)).json().insertedId
    now += 31 * 60_000
    const listing = (await t.app.inject(`/api/products/${id}`)).json()
    expect(listing.reserved).toBe(false)
    const orders = (await t.app.inject({ url: '/api/bookings?email=ann@example.test', headers: ann.bearer })).json()
    expect(orders.find((o: { _id: string }) => o._id === first)).toMatchObject({
      status: 'expired',
      paid: false,
      canBookAgain: true,
    })
    // the bag cools down after the hold ran out (docs/decisions/034): Bob gets a payment hold, which keeps nobody out
    const cooling = await book(bob, id)
    expect(cooling.statusCode).toBe(200)
    expect(cooling.json()).toMatchObject({ hold: 'payment' })
    const [old] = await t.database.db.select().from(bookings).where(eq(bookings.id, first))
    expect(old!.status).toBe('expired')
    const during = (await t.app.inject({ url: '/api/bookings?email=ann@example.test', headers: ann.bearer })).json()
    expect(during.find((o: { _id: string }) => o._id === first).canBookAgain).toBe(true)
    // once the cool-down is over, Bob's booking holds the bag for him alone
    now += 30 * 60_000
    const held = await book(bob, id)
    expect(held.statusCode).toBe(200)
    expect(held.json()).toMatchObject({ hold: 'exclusive' })
    const later = (await t.app.inject({ url: '/api/bookings?email=ann@example.test', headers: ann.bearer })).json()
    expect(later.find((o: { _id: string }) => o._id === first).canBookAgain).toBe(false)
  })

  it('refuses your own bag (403), a sold bag (409) and a removed or unknown one (404)', async () => {
    const own = await book(seller, await newBag())
    expect(own.statusCode).toBe(403)
    expect(own.json().message).toBe('You cannot book your own bag.')
    const sold = await book(ann, await newBag({ status: 'sold' }))
    expect(sold.statusCode).toBe(409)
    expect(sold.json().message).toBe('Sorry, this bag has already been sold.')
    expect((await book(ann, await newBag({ status: 'removed' }))).statusCode).toBe(404)
    expect((await book(ann, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await book(ann, 'not-an-id')).statusCode).toBe(404)
  })

  it.each([
    [{ number: '' }, 'Phone Number is required'],
    [{ number: 'call me' }, 'Phone number may contain only digits, spaces, +, ( ) and -'],
    [{ location: '' }, 'Location is required'],
    [{ product_id: '' }, 'product_id is required'],
  ])('refuses %o with 400', async (over, message) => {
    const res = await book(ann, await newBag(), over)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('gives exactly one hold when two customers book at once (many rounds)', async () => {
    for (let round = 0; round < 15; round++) {
      const id = await newBag()
      const results = await Promise.all([book(ann, id), book(bob, id)])
      const statuses = results.map((r) => r.statusCode).sort()
      expect(statuses).toEqual([200, 409])
      expect(await liveRows(id)).toHaveLength(1)
    }
  })
})

describe('GET /api/bookings and /api/bookings/:id', () => {
  it('lists only your orders, newest first, with the bag, its image and the price', async () => {
    const id = await newBag({ title: 'Listed for Ann' })
    now += 1000
    const bookingId = (await book(ann, id)).json().insertedId
    const list = (await t.app.inject({ url: '/api/bookings?email=ann@example.test', headers: ann.bearer })).json()
    expect(list[0]).toMatchObject({
      _id: bookingId,
      bag: 'Listed for Ann',
      price: 123.45,
      paid: false,
      status: 'held',
      product_id: id,
    })
    expect(list[0].img).toMatch(/^\/uploads\//)
    expect(list.every((b: { email: string }) => b.email === 'ann@example.test')).toBe(true)
    expect((await t.app.inject({ url: '/api/bookings?email=ann@example.test', headers: bob.bearer })).statusCode).toBe(
      403,
    )
    const one = await t.app.inject({ url: `/api/bookings/${bookingId}`, headers: ann.bearer })
    expect(one.json()._id).toBe(bookingId)
    expect((await t.app.inject({ url: `/api/bookings/${bookingId}`, headers: bob.bearer })).statusCode).toBe(403)
    expect(
      (await t.app.inject({ url: '/api/bookings/00000000-0000-4000-8000-000000000000', headers: ann.bearer }))
        .statusCode,
    ).toBe(404)
  })

  it('tells an order whose bag was sold to someone else', async () => {
    const id = await newBag()
    const bookingId = (await book(ann, id)).json().insertedId
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId))
    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, id))
    const one = (await t.app.inject({ url: `/api/bookings/${bookingId}`, headers: ann.bearer })).json()
    expect(one).toMatchObject({ soldToSomeoneElse: true, paid: false, canBookAgain: false })
  })
})

describe('wishlists', () => {
  it('adds a bag once however often it is added, lists it and removes it', async () => {
    const id = await newBag({ title: 'Wished bag' })
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/wishlists',
      headers: ann.bearer,
      payload: { product_id: id, price: 1 },
    })
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/wishlists',
      headers: ann.bearer,
      payload: { product_id: id },
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ acknowledged: true, alreadySaved: false })
    expect(second.json()).toMatchObject({ insertedId: first.json().insertedId, alreadySaved: true })
    const list = (await t.app.inject({ url: '/api/wishlists?email=ann@example.test', headers: ann.bearer })).json()
    const entry = list.filter((w: { product_id: string }) => w.product_id === id)
    expect(entry).toHaveLength(1)
    expect(entry[0]).toMatchObject({
      bag: 'Wished bag',
      price: 123.45,
      category: 'Tote',
      email: 'ann@example.test',
      status: 'available',
    })
    expect((await t.app.inject({ url: '/api/wishlists?email=ann@example.test', headers: bob.bearer })).statusCode).toBe(
      403,
    )
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/wishlists/${entry[0]._id}`, headers: bob.bearer })).statusCode,
    ).toBe(403)
    const del = await t.app.inject({ method: 'DELETE', url: `/api/wishlists/${entry[0]._id}`, headers: ann.bearer })
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 })
  })

  it('refuses a sold bag with 409: it can no longer be bought', async () => {
    const sold = await newBag({ status: 'sold' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wishlists',
      headers: ann.bearer,
      payload: { product_id: sold },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Sorry, this bag has already been sold.')
  })

  it("refuses the seller's own bag with 403 and a clear message; another seller may save it", async () => {
    const id = await newBag()
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/wishlists',
      headers: seller.bearer,
      payload: { product_id: id },
    })
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({ statusCode: 403, message: 'You cannot add your own bag to your wishlist.' })
    const stored = (
      await t.app.inject({ url: '/api/wishlists?email=seller@example.test', headers: seller.bearer })
    ).json() as { product_id: string }[]
    expect(stored.some((w) => w.product_id === id)).toBe(false)
    const other = await signUp(t.app, { email: 'other-seller@example.test', role: 'seller' })
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/wishlists',
      headers: other.bearer,
      payload: { product_id: id },
    })
    expect(theirs.statusCode).toBe(200)
    const visitor = await t.app.inject({ method: 'POST', url: '/api/wishlists', payload: { product_id: id } })
    expect(visitor.statusCode).toBe(401)
  })

  it('refuses a removed or unknown bag with 404', async () => {
    const removed = await newBag({ status: 'removed' })
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/wishlists',
          headers: ann.bearer,
          payload: { product_id: removed },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/wishlists', headers: ann.bearer, payload: { product_id: 'x' } }))
        .statusCode,
    ).toBe(404)
  })
})

describe('booking rate limit', () => {
  it('answers 429 after 20 bookings in ten minutes from one account', async () => {
    const limited = await buildTestApp({ MAX_OPEN_HOLDS: '100' }, { clock: () => now })
    const s = await signUp(limited.app, { email: 'eager@example.test', role: 'customer' })
    const owner = await signUp(limited.app, { email: 'owner@example.test', role: 'seller' })
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const id = (await insertProduct(limited.database.db, owner.id)).id
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: s.bearer,
        payload: { product_id: id, number: '555 0100', location: 'X' },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 20).every((c) => c === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
    await limited.close()
  })
})

describe('cached listing pages and bookings', () => {
  let c: TestApp
  let shopper: Session
  let lister: Session
  beforeAll(async () => {
    // a long cache time: what the test reads from memory cannot expire while it runs
    c = await buildTestApp({ LIST_CACHE_MS: '60000', RATE_LIMIT_FACTOR: '100' })
    ;[lister, shopper] = await Promise.all([
      signUp(c.app, { email: 'lister@example.test', name: 'Lister', role: 'seller' }),
      signUp(c.app, { email: 'shopper@example.test', name: 'Shopper', role: 'customer' }),
    ])
  })
  afterAll(() => c.close())

  it('shows the bag reserved at once on the pages that list it, and keeps the other pages cached', async () => {
    const bag = await insertProduct(c.database.db, lister.id, { category: 'Shoulder', createdAt: new Date() })
    const shoulder = (await c.app.inject('/api/categoryDetails/Shoulder')).json()
    expect(shoulder.find((p: { _id: string }) => p._id === bag.id).reserved).toBe(false)
    const backpacks = (await c.app.inject('/api/categoryDetails/Backpacks')).json()
    // a new backpack written behind the cache's back: it shows only once its page is read again
    await insertProduct(c.database.db, lister.id, { category: 'Backpacks', title: 'Unseen Backpack' })

    const res = await c.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: shopper.bearer,
      // the id in capitals is the same bag
      payload: { product_id: bag.id.toUpperCase(), number: '+1 555 0100', location: 'Lisbon' },
    })
    expect(res.statusCode).toBe(200)

    const after = (await c.app.inject('/api/categoryDetails/Shoulder')).json()
    expect(after.find((p: { _id: string }) => p._id === bag.id).reserved).toBe(true)
    expect((await c.app.inject('/api/categoryDetails/Backpacks')).json()).toEqual(backpacks)
    c.app.productListCache.clear()
    const fresh = (await c.app.inject('/api/categoryDetails/Backpacks')).json()
    expect(fresh.map((p: { title: string }) => p.title)).toContain('Unseen Backpack')
  })
})
