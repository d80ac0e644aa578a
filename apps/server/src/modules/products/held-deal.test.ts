import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { ADDRESS, CARD, expectBalanced } from '../../../test/order-fixtures.ts'
import { bookings, orders, products } from '../../db/schema/index.ts'

/**
 * A deal that holds (docs/decisions/035): once a bag is held, or an offer on it accepted, its shipping, title,
 * description and photos are frozen for that buyer; a price drop still goes through, and the buyer pays the lower
 * price. Shipping is kept on the hold, and a listing asks at most MAX_SHIPPING for it.
 */
const MINUTE = 60_000
let t: TestApp
let now = Date.UTC(2026, 10, 27, 9)
let seller: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100', HOLD_MINUTES: '30' }, { clock: () => now })
  seller = await signUp(t.app, { email: 'hd-seller@example.test', name: 'Sally Seller', role: 'seller' })
})
afterAll(() => t.close())

const newBuyer = () => signUp(t.app, { email: `hd-buyer${++buyers}@example.test`, role: 'customer' })
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/categoryDetails/${id}`, headers: seller.bearer, payload })
const book = async (s: Session, productId: string) => {
  const res = await post(s, '/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Leeds' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().insertedId as string
}
const bag = (over: { priceCents?: number; shippingCents?: number } = {}) =>
  insertProduct(t.database.db, seller.id, {
    resellPriceCents: over.priceCents ?? 10_000,
    shippingCents: over.shippingCents ?? 0,
    title: 'Held Tote',
    description: 'A tote in good order.',
  })

describe('a held bag', () => {
  it('refuses new shipping, title or description with 409 naming why; a lower price goes through to the buyer', async () => {
    const buyer = await newBuyer()
    const product = await bag()
    const bookingId = await book(buyer, product.id)
    // $1,000 is no shipping at all (400 before 409); $90 is, but not for this buyer
    expect((await patch(product.id, { shipping: 1_000 })).statusCode).toBe(400)
    const shipping = await patch(product.id, { shipping: 90 })
    expect(shipping.statusCode).toBe(409)
    expect(shipping.json().message).toBe(
      'This bag is held for a buyer until 2026-11-27 09:30 UTC: its shipping cannot change while it is held. You can still lower its price.',
    )
    const words = await patch(product.id, { title: 'A different bag', description: 'Not the one you held.' })
    expect(words.statusCode).toBe(409)
    expect(words.json().message).toContain('its title, description cannot change')
    expect((await patch(product.id, { resell_price: 120 })).statusCode).toBe(409)
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id))
    expect(row).toMatchObject({ shippingCents: 0, title: 'Held Tote', resellPriceCents: 10_000 })
    // the form sends every field: unchanged ones are no change, and the lower price goes through
    const drop = await patch(product.id, { title: 'Held Tote', shipping: 0, resell_price: 80 })
    expect(drop.statusCode, drop.body).toBe(200)
    const [held] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(held).toMatchObject({ priceCents: 8_000, shippingCents: 0 })
    // the payment asks the lower price (less the first order's 15 %), shipping as held: $80 − $12 = $68
    const intent = await post(buyer, '/api/create-payment-intent', { bookingId, address: ADDRESS })
    expect(intent.json()).toMatchObject({ amount: 68, price: 80, shipping: 0, discount: 12 })
  })

  it('a payment opened before the price drop is refused with the fresh amount, then paid at the lower price', async () => {
    const buyer = await newBuyer()
    const product = await bag({ priceCents: 10_000, shippingCents: 500 })
    const bookingId = await book(buyer, product.id)
    const first = await post(buyer, '/api/create-payment-intent', { bookingId, address: ADDRESS })
    expect(first.json()).toMatchObject({ amount: 90, price: 100, shipping: 5 })
    expect((await patch(product.id, { resell_price: 90 })).statusCode).toBe(200)
    const stale = await post(buyer, '/api/test-processor/confirm', {
      clientSecret: first.json().clientSecret,
      card: CARD,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toContain('$81.50') // $90 − $13.50 + $5
    const fresh = await post(buyer, '/api/create-payment-intent', { bookingId })
    expect(fresh.json()).toMatchObject({ amount: 81.5, price: 90, shipping: 5, discount: 13.5 })
    const charged = await post(buyer, '/api/test-processor/confirm', {
      clientSecret: fresh.json().clientSecret,
      card: CARD,
    })
    expect(charged.statusCode, charged.body).toBe(200)
    const paid = await post(buyer, '/api/payments', { transactionId: charged.json().transactionId, bookingId })
    expect(paid.statusCode, paid.body).toBe(200)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, bookingId))
    expect(order).toMatchObject({ priceCents: 9_000, shippingCents: 500, amountPaidCents: 8_150, discountCents: 1_350 })
    await expectBalanced(t, bookingId)
  })

  it('pays the shipping of the hold, and the details may change again once the hold has run out', async () => {
    const buyer = await newBuyer()
    const product = await bag({ shippingCents: 500 })
    await book(buyer, product.id)
    now += 31 * MINUTE
    const edit = await patch(product.id, { shipping: 20, title: 'Held Tote, new strap' })
    expect(edit.statusCode, edit.body).toBe(200)
  })

  it('an accepted offer freezes the deal too, and its buyer pays the lower of the agreed amount and the price', async () => {
    const buyer = await newBuyer()
    const product = await bag({ priceCents: 20_000, shippingCents: 700 })
    const made = await post(buyer, '/api/offers', { productId: product.id, amount: 160 })
    expect(made.statusCode, made.body).toBe(201)
    expect((await post(seller, `/api/offers/${made.json()._id}/accept`)).statusCode).toBe(200)
    expect((await patch(product.id, { shipping: 50 })).statusCode).toBe(409)
    expect((await patch(product.id, { resell_price: 150 })).statusCode).toBe(200)
    const bookingId = await book(buyer, product.id)
    const [held] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(held).toMatchObject({ priceCents: 15_000, shippingCents: 700 })
  })
})

describe('MAX_SHIPPING', () => {
  it('refuses shipping above $100 on a new or changed listing, naming the field', async () => {
    const product = await bag()
    const res = await patch(product.id, { shipping: 100.01 })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('shipping must be at most $100.00')
    expect((await patch(product.id, { shipping: 100 })).statusCode).toBe(200)
  })
})
