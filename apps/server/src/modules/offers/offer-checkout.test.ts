import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { ADDRESS, CARD, expectBalanced } from '../../../test/order-fixtures.ts'
import { bookings, notifications, offers, orders } from '../../db/schema/index.ts'

/**
 * An accepted offer through the ordinary checkout: the buyer books at the agreed price (from the
 * offer, never the request), pays with the first-order discount on top, and the sale declines the other offers.
 */
const HOUR = 3_600_000
const MINUTE = 60_000

let t: TestApp
let now = Date.UTC(2026, 10, 26, 9)
let seller: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  seller = await signUp(t.app, { email: 'oc-seller@example.test', name: 'Sally Seller', role: 'seller' })
})
afterAll(() => t.close())

const newBuyer = () => signUp(t.app, { email: `oc-buyer${++buyers}@example.test`, name: 'Bea Buyer', role: 'customer' })
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const book = (s: Session, productId: string, extra: object = {}) =>
  post(s, '/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Leeds', ...extra })
const offerRow = async (id: string) => (await t.database.db.select().from(offers).where(eq(offers.id, id)))[0]!
const bookingRow = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!

/** An offer of `amount` on a new $200 bag (shipping $7), countered at `counter` and accepted by the buyer. */
async function acceptedCounter(amount = 150, counter = 170) {
  const buyer = await newBuyer()
  const bag = await insertProduct(t.database.db, seller.id, {
    resellPriceCents: 20_000,
    shippingCents: 700,
    title: 'Speedy 30',
  })
  const made = await post(buyer, '/api/offers', { productId: bag.id, amount })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json()._id as string
  expect((await post(seller, `/api/offers/${id}/counter`, { amount: counter })).statusCode).toBe(200)
  const accepted = await post(buyer, `/api/offers/${id}/accept`)
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { buyer, bag, id, holdUntil: new Date(accepted.json().holdUntil as string) }
}

describe('paying for an accepted offer', () => {
  it('books at the counter price, pays it less the first-order discount, and the order records the counter price', async () => {
    const { buyer, bag, id, holdUntil } = await acceptedCounter(150, 170)
    // another buyer's pending offer on the same bag: declined when it sells
    const other = await newBuyer()
    now += MINUTE
    // the bag is held: no new offers, but a standing one made before the hold…
    expect((await post(other, '/api/offers', { productId: bag.id, amount: 160 })).statusCode).toBe(409)
    await t.database.db.insert(offers).values({
      productId: bag.id,
      buyerId: other.id,
      sellerId: seller.id,
      listPriceCents: 20_000,
      amountCents: 15_500,
      expiresAt: new Date(now + 40 * HOUR),
    })
    // the price in the request is ignored: it comes from the accepted offer
    const booked = await book(buyer, bag.id, { price: 1, resell_price: 1 })
    expect(booked.statusCode, booked.body).toBe(200)
    const bookingId = booked.json().insertedId as string
    const booking = await bookingRow(bookingId)
    expect(booking).toMatchObject({ priceCents: 17_000, status: 'held', expiresAt: holdUntil })
    expect(await offerRow(id)).toMatchObject({ status: 'accepted', bookingId })
    const listed = (await t.app.inject({ url: '/api/offers?role=buyer', headers: buyer.bearer })).json()
    expect(listed[0]).toMatchObject({ _id: id, bookingId, bookingStatus: 'held', agreed: 170 })
    // the ordinary payment page: the booking's price, less 15 % for a first order, plus shipping
    const intent = await post(buyer, '/api/create-payment-intent', { bookingId, address: ADDRESS })
    expect(intent.statusCode, intent.body).toBe(200)
    expect(intent.json()).toMatchObject({ price: 170, discount: 25.5, shipping: 7, amount: 151.5 })
    const confirm = await post(buyer, '/api/test-processor/confirm', {
      clientSecret: intent.json().clientSecret,
      card: CARD,
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const paid = await post(buyer, '/api/payments', { transactionId: confirm.json().transactionId, bookingId })
    expect(paid.statusCode, paid.body).toBe(200)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, bookingId))
    expect(order).toMatchObject({ priceCents: 17_000, amountPaidCents: 15_150, discountCents: 2_550 })
    await expectBalanced(t, bookingId)
    const orderJson = (await t.app.inject({ url: `/api/orders/${bookingId}`, headers: buyer.bearer })).json()
    expect(orderJson).toMatchObject({ price: 170, amount: 151.5 })
    // the other buyer's offer is declined with the sale, and they are told
    const [theirs] = await t.database.db.select().from(offers).where(eq(offers.buyerId, other.id))
    expect(theirs).toMatchObject({ status: 'declined', decidedAt: new Date(now) })
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, other.id))
    expect(told.map((n) => [n.kind, n.text])).toEqual([
      ['offer_declined', '"Speedy 30" has been sold: your offer of $155.00 was declined'],
    ])
    // the accepted offer stays accepted, booked and paid
    expect((await offerRow(id)).status).toBe('accepted')
    const after = (await t.app.inject({ url: '/api/offers?role=buyer', headers: buyer.bearer })).json()
    expect(after[0]).toMatchObject({ status: 'accepted', bookingStatus: 'paid' })
  })

  it('booked in the last minutes of the hold, the booking still lasts HOLD_MINUTES', async () => {
    const { buyer, bag, holdUntil } = await acceptedCounter()
    now = holdUntil.getTime() - 5 * MINUTE
    const booked = await book(buyer, bag.id)
    expect(booked.statusCode, booked.body).toBe(200)
    expect((await bookingRow(booked.json().insertedId)).expiresAt).toEqual(new Date(now + 30 * MINUTE))
  })

  it('a booking on the offer that runs out unpaid frees the bag for everyone, at the listing price', async () => {
    const { buyer, bag, id, holdUntil } = await acceptedCounter()
    const booked = await book(buyer, bag.id)
    expect(booked.statusCode).toBe(200)
    now = holdUntil.getTime() + MINUTE
    const other = await newBuyer()
    const theirs = await book(other, bag.id)
    expect(theirs.statusCode, theirs.body).toBe(200)
    // the booking's hold ran out unpaid: the bag cools down, a payment hold for anyone (docs/decisions/034)
    expect(theirs.json().hold).toBe('payment')
    expect((await bookingRow(theirs.json().insertedId)).priceCents).toBe(20_000)
    const mine = (await t.app.inject({ url: '/api/offers?role=buyer', headers: buyer.bearer })).json()
    expect(mine.find((o: { _id: string }) => o._id === id)).toMatchObject({
      status: 'accepted',
      bookingStatus: 'expired',
    })
  })

  it("another customer's expired hold is not taken again while an accepted offer holds the bag", async () => {
    const early = await newBuyer()
    const bag = await insertProduct(t.database.db, seller.id, { resellPriceCents: 20_000 })
    const booked = await book(early, bag.id)
    expect(booked.statusCode).toBe(200)
    now += 31 * MINUTE
    const buyer = await newBuyer()
    const made = await post(buyer, '/api/offers', { productId: bag.id, amount: 150 })
    expect(made.statusCode, made.body).toBe(201)
    expect((await post(seller, `/api/offers/${made.json()._id}/accept`)).statusCode).toBe(200)
    const renew = await post(early, '/api/create-payment-intent', { bookingId: booked.json().insertedId })
    expect(renew.statusCode, renew.body).toBe(409)
    expect(renew.json().message).toBe(messages.payments.holdTaken)
    expect((await book(early, bag.id)).json().message).toBe(messages.offers.heldForOfferBooking)
    // the offer's buyer books it
    expect((await book(buyer, bag.id)).statusCode).toBe(200)
  })
})
