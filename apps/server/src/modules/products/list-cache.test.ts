import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, listingBody } from '../../../test/fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'

/**
 * Every write that changes what a public list shows empties the cached pages at once (the services call
 * `listingsChanged` after their transaction commits). The cache keeps pages for a minute here, so a write that forgot
 * to invalidate leaves the page read before it unchanged.
 */
let t: TestApp
let now = Date.UTC(2026, 10, 24, 12)
let admin: Session
let seller: Session
let shopper: Session

interface Listing {
  _id: string
  title: string
  seller: string
  verified?: string
  reserved: boolean
}

const ALL = '/api/categoryDetails'
const list = async (url = ALL) => (await t.app.inject(url)).json() as Listing[]
const find = async (id: string, url = ALL) => (await list(url)).find((p) => p._id === id)
const send = (s: Session, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.bearer, ...(payload ? { payload } : {}) })
/** A bag written behind the cache's back (no service): the test empties the cache itself, then reads it in. */
const newBag = async (s = seller) => {
  const bag = await insertProduct(t.database.db, s.id, { createdAt: new Date(now) })
  t.app.productListCache.clear()
  return bag.id
}
const book = (s: Session, productId: string) =>
  send(s, 'POST', '/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Lisbon' })

beforeAll(async () => {
  t = await buildTestApp(
    { ADMIN_EMAIL, LIST_CACHE_MS: '60000', HOLD_MINUTES: '30', RATE_LIMIT_FACTOR: '100' },
    { clock: () => now },
  )
  ;[admin, seller, shopper] = await Promise.all([
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada Admin' }),
    signUp(t.app, { email: 'sam@example.test', name: 'Sam Seller', role: 'seller' }),
    signUp(t.app, { email: 'shay@example.test', name: 'Shay Shopper', role: 'customer' }),
  ])
})
afterAll(() => t.close())

describe('the list cache is emptied by every write that changes a list', () => {
  it('a seller renaming themselves (POST /api/users)', async () => {
    const bag = await newBag()
    expect((await find(bag))?.seller).toBe('Sam Seller')
    const res = await send(seller, 'POST', '/api/users', { email: seller.email, name: 'Samira Seller', role: 'seller' })
    expect(res.statusCode).toBe(200)
    expect((await find(bag))?.seller).toBe('Samira Seller')
  })

  it('an admin verifying a seller (PUT /api/users/admin/:id)', async () => {
    const bag = await newBag()
    expect(await find(bag)).not.toHaveProperty('verified')
    expect((await send(admin, 'PUT', `/api/users/admin/${seller.id}`)).statusCode).toBe(200)
    expect((await find(bag))?.verified).toBe('yes')
  })

  it('an admin withdrawing a verification (PUT /api/users/:id/unverify)', async () => {
    const bag = await newBag()
    expect((await send(admin, 'PUT', `/api/users/admin/${seller.id}`)).statusCode).toBe(200)
    expect((await find(bag))?.verified).toBe('yes')
    expect((await send(admin, 'PUT', `/api/users/${seller.id}/unverify`, { reason: 'Reported' })).statusCode).toBe(200)
    expect(await find(bag)).not.toHaveProperty('verified')
  })

  it('an admin deleting a seller (DELETE /api/users/:id)', async () => {
    const gone = await signUp(t.app, { email: 'gone@example.test', role: 'seller' })
    const bag = await newBag(gone)
    expect(await find(bag)).toBeDefined()
    expect((await send(admin, 'DELETE', `/api/users/${gone.id}`)).statusCode).toBe(200)
    expect(await find(bag)).toBeUndefined()
  })

  it('a new listing (POST /api/categoryDetails)', async () => {
    const img = await uploadPhoto(t.app, seller, '#335577', { width: 1000, height: 1000 })
    await list()
    const res = await send(seller, 'POST', ALL, listingBody(img, { title: 'Brand New Tote' }))
    expect(res.statusCode).toBe(200)
    expect((await find(res.json().insertedId))?.title).toBe('Brand New Tote')
  })

  it('advertising a listing (PUT /api/users/seller/:id)', async () => {
    const bag = await newBag()
    const ads = `${ALL}?advertised=true`
    expect(await find(bag, ads)).toBeUndefined()
    expect((await send(seller, 'PUT', `/api/users/seller/${bag}`)).statusCode).toBe(200)
    expect(await find(bag, ads)).toBeDefined()
  })

  it('removing a listing (DELETE /api/categoryDetails/:id)', async () => {
    const bag = await newBag()
    expect(await find(bag)).toBeDefined()
    expect((await send(seller, 'DELETE', `${ALL}/${bag}`)).statusCode).toBe(200)
    expect(await find(bag)).toBeUndefined()
  })

  it('an admin removing a reported listing (PATCH /api/reports/:productId)', async () => {
    const bag = await newBag()
    expect((await send(shopper, 'POST', '/api/reports', { product_id: bag, reason: 'scam' })).statusCode).toBe(200)
    expect(await find(bag)).toBeDefined()
    expect((await send(admin, 'PATCH', `/api/reports/${bag}`, { action: 'remove', reason: 'Fake' })).statusCode).toBe(
      200,
    )
    expect(await find(bag)).toBeUndefined()
  })

  it('a booking (POST /api/bookings)', async () => {
    const bag = await newBag()
    expect((await find(bag))?.reserved).toBe(false)
    expect((await book(shopper, bag)).statusCode).toBe(200)
    expect((await find(bag))?.reserved).toBe(true)
  })

  it('renewing a hold that ran out (POST /api/create-payment-intent)', async () => {
    const bag = await newBag()
    const bookingId = (await book(shopper, bag)).json().insertedId as string
    now += 61 * 60_000 // the hold ran out, and the cool-down after it (docs/decisions/034): the bag is free again
    expect((await find(bag))?.reserved).toBe(false)
    const intent = await send(shopper, 'POST', '/api/create-payment-intent', { bookingId })
    expect(intent.statusCode).toBe(200)
    expect((await find(bag))?.reserved).toBe(true)
  })

  it('a recorded payment (POST /api/payments)', async () => {
    const bag = await newBag()
    const bookingId = (await book(shopper, bag)).json().insertedId as string
    const intent = await send(shopper, 'POST', '/api/create-payment-intent', { bookingId })
    const confirm = await send(shopper, 'POST', '/api/test-processor/confirm', {
      clientSecret: intent.json().clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' },
    })
    expect(confirm.statusCode).toBe(200)
    expect((await find(bag))?.reserved).toBe(true)
    const paid = await send(shopper, 'POST', '/api/payments', {
      transactionId: confirm.json().transactionId,
      bookingId,
    })
    expect(paid.statusCode).toBe(200)
    expect(await find(bag)).toBeUndefined() // sold: off the lists
  })
})
