import { CARRIERS, orderSchema } from '@preloved/shared/orders'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, listingBody } from '../../../test/fixtures.ts'
import { ADDRESS, CARD, expectBalanced, paidOrder } from '../../../test/order-fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import {
  auditLog,
  bookings,
  ledgerEntries,
  outbox,
  payments,
  products,
  refunds,
  testCharges,
} from '../../db/schema/index.ts'
import { cleanupOrphanImages } from '../images/images.service.ts'

let t: TestApp
let now = Date.UTC(2026, 10, 22, 12)
let seller: Session
let otherSeller: Session
let stranger: Session
let admin: Session
let buyers = 0
const DAY = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  ;[seller, otherSeller, stranger, admin] = await Promise.all([
    signUp(t.app, { email: 'o-seller@example.test', name: 'Sally Seller', role: 'seller' }),
    signUp(t.app, { email: 'o-other@example.test', name: 'Otto Other', role: 'seller' }),
    signUp(t.app, { email: 'o-stranger@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
})
afterAll(() => t.close())

const newBuyer = () => signUp(t.app, { email: `o-buyer${++buyers}@example.test`, name: 'Bea Buyer', role: 'customer' })
const get = (s: Session | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: s?.bearer ?? {} })
const send = (s: Session | undefined, method: 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...(s?.bearer ?? {}), ...headers }, ...(payload ? { payload } : {}) })
const mailsTo = async (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to))

describe('an order is made when the payment succeeds', () => {
  it('with its money, ship-by date, address, timeline and ledger, in the shape every client reads', async () => {
    const buyer = await newBuyer()
    const { id, productId } = await paidOrder(t, seller, buyer, { priceCents: 20_000, shippingCents: 1_000 })
    const res = await get(buyer, `/api/orders/${id}`)
    expect(res.statusCode, res.body).toBe(200)
    const order = orderSchema.parse(res.json())
    expect(order).toMatchObject({
      _id: id,
      status: 'paid',
      product: { _id: productId },
      buyer: { _id: buyer.id, name: 'Bea Buyer' },
      seller: { _id: seller.id, name: 'Sally Seller' },
      price: 200,
      shipping: 10,
      discount: 30, // the first-order discount: 15 % of the price (under the $50 cap and the commission), never of shipping
      amount: 180,
      commission: 30, // 15 % of the price
      sellerAmount: 180, // 200 + 10 shipping − 30 commission
      refunded: 0,
      shipBy: new Date(now + 5 * DAY).toISOString(),
      carrier: null,
      address: ADDRESS,
      awaitingAddress: false,
      dispute: null,
      chargeback: false,
      audit: [],
    })
    expect(order.timeline).toEqual([{ status: 'paid', at: new Date(now).toISOString(), actor: 'buyer', note: 'Paid' }])
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id))
    expect(entries.map((e) => [e.account, e.kind, e.amountCents]).sort()).toEqual(
      [
        [seller.id, 'sale', 20_000],
        [seller.id, 'shipping', 1_000],
        [seller.id, 'commission', -3_000],
        ['shop', 'commission', 3_000],
        ['shop', 'discount_cost', -3_000],
      ].sort(),
    )
    await expectBalanced(t, id)
    // the booking (the original My Orders) keeps the price apart from the shipping
    const booking = (await get(buyer, `/api/bookings/${id}`)).json()
    expect(booking).toMatchObject({ price: 200, discount: 30, amountPaid: 180, paid: true })
    // the seller sees the address (to ship it), the admin the audit; others: not theirs to see
    expect((await get(seller, `/api/orders/${id}`)).json().address).toEqual(ADDRESS)
    expect((await get(admin, `/api/orders/${id}`)).statusCode).toBe(200)
    expect((await get(stranger, `/api/orders/${id}`)).statusCode).toBe(404)
    expect((await get(otherSeller, `/api/orders/${id}`)).statusCode).toBe(404)
    expect((await get(undefined, `/api/orders/${id}`)).statusCode).toBe(401)
    expect((await get(buyer, '/api/orders/not-an-id')).statusCode).toBe(404)
    // the buyer's receipt and the seller's sale mail with the ship-by date, and no more "details in the dashboard"
    const receipt = (await mailsTo(buyer.email)).find((m) => m.subject.startsWith('Your receipt'))
    expect(receipt!.text).toContain('Total paid: $180.00')
    const sold = (await mailsTo(seller.email)).find((m) => m.text.includes(`/dashboard/orders/${id}`))
    expect(sold!.text).toContain('Please ship it by')
    expect(sold!.text).not.toContain('contact details are in your dashboard')
  })

  it('charges price + shipping from the listing (never from the body)', async () => {
    const buyer = await newBuyer()
    const product = await insertProduct(t.database.db, seller.id, { resellPriceCents: 5_000, shippingCents: 750 })
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: buyer.bearer, payload })
    const booked = await post('/api/bookings', { product_id: product.id, number: '+1 555 0100', location: 'Leeds' })
    expect(booked.statusCode, booked.body).toBe(200)
    const bookingId = booked.json().insertedId as string
    // a price of one cent sent along is ignored: the intent charges the listing's 50.00 + 7.50, less the first-order
    // 15 % (7.50)
    const intent = await post('/api/create-payment-intent', { bookingId, price: 0.01 })
    expect(intent.statusCode, intent.body).toBe(200)
    expect(intent.json()).toMatchObject({ amount: 50, price: 50, shipping: 7.5, discount: 7.5 })
    const confirm = await post('/api/test-processor/confirm', { clientSecret: intent.json().clientSecret, card: CARD })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const paid = await post('/api/payments', { transactionId: confirm.json().transactionId, bookingId })
    expect(paid.statusCode, paid.body).toBe(200)
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.productId, product.id))
    expect(payment).toMatchObject({ amountCents: 5_000 + 750 - 750, discountCents: 750 })
  })

  it('lists own orders as buyer and sales as seller, newest first, with Link paging', async () => {
    const buyer = await newBuyer()
    const first = await paidOrder(t, otherSeller, buyer)
    now += 60_000
    const second = await paidOrder(t, otherSeller, buyer)
    const page1 = await get(buyer, '/api/orders?role=buyer&limit=1')
    expect(page1.statusCode).toBe(200)
    expect(page1.json().map((o: { _id: string }) => o._id)).toEqual([second.id])
    const next = /<([^>]+)>; rel="next"/.exec(String(page1.headers.link))![1]!
    const page2 = await get(buyer, next)
    expect(page2.json().map((o: { _id: string }) => o._id)).toEqual([first.id])
    const sales = (await get(otherSeller, '/api/orders?role=seller')).json() as { _id: string }[]
    expect(sales.map((o) => o._id).slice(0, 2)).toEqual([second.id, first.id])
    expect((await get(stranger, '/api/orders?role=buyer')).json()).toEqual([])
    expect((await get(buyer, '/api/orders?role=nobody')).statusCode).toBe(400)
    expect((await get(buyer, '/api/orders?limit=101')).json().message).toMatch(/^limit/)
    expect((await get(undefined, '/api/orders')).statusCode).toBe(401)
  })
})

describe('the moves', () => {
  it('ship: the seller only, a known carrier and a tracking number, paid only', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer)
    const body = { carrier: 'royal mail', trackingNumber: 'RM123456789GB' }
    expect((await send(buyer, 'POST', `/api/orders/${id}/ship`, body)).statusCode).toBe(403)
    expect((await send(admin, 'POST', `/api/orders/${id}/ship`, body)).statusCode).toBe(403)
    expect((await send(stranger, 'POST', `/api/orders/${id}/ship`, body)).statusCode).toBe(404)
    const badCarrier = await send(seller, 'POST', `/api/orders/${id}/ship`, { ...body, carrier: 'Pigeon' })
    expect(badCarrier.statusCode).toBe(400)
    expect(badCarrier.json().message).toBe(`carrier must be one of ${CARRIERS.join(', ')}`)
    expect((await send(seller, 'POST', `/api/orders/${id}/ship`, { ...body, trackingNumber: ' ' })).statusCode).toBe(
      400,
    )
    const long = await send(seller, 'POST', `/api/orders/${id}/ship`, { ...body, trackingNumber: 'x'.repeat(65) })
    expect(long.statusCode).toBe(400)
    const shipped = await send(seller, 'POST', `/api/orders/${id}/ship`, body)
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
      autoCompleteAt: new Date(now + 3 * DAY).toISOString(),
    })
    const again = await send(seller, 'POST', `/api/orders/${id}/ship`, body)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This order is shipped: that is not possible now.')
    expect(
      (await mailsTo(buyer.email)).some((m) => m.subject.startsWith('Shipped') && m.text.includes('RM123456789GB')),
    ).toBe(true)
  })

  it('confirm: the buyer only, shipped only; completes with the seller told the amount', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
    const early = await send(buyer, 'POST', `/api/orders/${id}/confirm`)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('This order is paid and waiting to be shipped: that is not possible now.')
    await send(seller, 'POST', `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999' })
    expect((await send(seller, 'POST', `/api/orders/${id}/confirm`)).statusCode).toBe(403)
    expect((await send(stranger, 'POST', `/api/orders/${id}/confirm`)).statusCode).toBe(404)
    const done = await send(buyer, 'POST', `/api/orders/${id}/confirm`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({
      status: 'completed',
      completedAt: new Date(now).toISOString(),
      sellerAmount: 85, // 100 − 15 % commission
    })
    expect(done.json().timeline.map((e: { actor: string }) => e.actor)).toEqual(['buyer', 'seller', 'buyer'])
    expect((await send(buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'damaged', note: 'x' })).statusCode).toBe(
      409,
    )
    const completedMail = (await mailsTo(seller.email)).find((m) => m.subject.startsWith('Completed'))
    expect(completedMail!.text).toContain('$85.00')
  })

  it('dispute, answer, and a partial refund resolving it: the rest goes to the seller, commission on what is left', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000, shippingCents: 500 })
    await send(seller, 'POST', `/api/orders/${id}/ship`, { carrier: 'DHL', trackingNumber: 'D1' })
    const dispute = { reason: 'not_as_described', note: 'The strap is broken.' }
    expect((await send(seller, 'POST', `/api/orders/${id}/dispute`, dispute)).statusCode).toBe(403)
    expect((await send(buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'meh', note: 'x' })).statusCode).toBe(400)
    const disputed = await send(buyer, 'POST', `/api/orders/${id}/dispute`, dispute)
    expect(disputed.statusCode, disputed.body).toBe(200)
    expect(disputed.json()).toMatchObject({
      status: 'disputed',
      dispute: { reason: 'not_as_described', note: 'The strap is broken.', photos: [], answer: null },
    })
    expect((await send(buyer, 'POST', `/api/orders/${id}/answer`, { note: 'no' })).statusCode).toBe(403)
    const answered = await send(seller, 'POST', `/api/orders/${id}/answer`, { note: 'It was fine when sent.' })
    expect(answered.json().dispute.answer).toBe('It was fine when sent.')
    const resolve = `/api/orders/${id}/resolve`
    expect((await send(seller, 'POST', resolve, { outcome: 'release', reason: 'x' })).statusCode).toBe(403)
    expect((await send(buyer, 'POST', resolve, { outcome: 'release', reason: 'x' })).statusCode).toBe(403)
    expect((await send(admin, 'POST', resolve, { outcome: 'release' })).statusCode).toBe(400)
    expect((await send(admin, 'POST', resolve, { outcome: 'release', amount: 5, reason: 'x' })).statusCode).toBe(400)
    expect((await send(admin, 'POST', resolve, { outcome: 'refund', amount: 0, reason: 'x' })).statusCode).toBe(400)
    expect((await send(admin, 'POST', resolve, { outcome: 'refund', amount: 1000, reason: 'x' })).statusCode).toBe(400)
    // paid 100 + 5 − 15 = 90; refund 30 keeps 2/3 of each: price ⌊66.666⌋ = 66.66, shipping ⌊3.333⌋ = 3.33, discount
    // cost 66.66 + 3.33 − 60 = 9.99; commission ⌈15 % × 66.66⌉ = 10.00; the seller 66.66 + 3.33 − 10 = 59.99
    const res = await send(admin, 'POST', resolve, { outcome: 'refund', amount: 30, reason: 'Strap damage shown' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'completed', refunded: 30, commission: 10, sellerAmount: 59.99 })
    const b = await expectBalanced(t, id)
    expect(b).toMatchObject({ refunded: 3_000, sellerShare: 5_999, commission: 1_000, discountCost: 999 })
    expect((await get(admin, `/api/orders/${id}`)).json().audit).toEqual([
      expect.objectContaining({ action: 'resolve', reason: 'Strap damage shown' }),
    ])
    expect((await get(buyer, `/api/orders/${id}`)).json().audit).toEqual([])
    expect((await send(admin, 'POST', resolve, { outcome: 'release', reason: 'x' })).statusCode).toBe(409)
  })

  it('cancel by the seller: refunded in full, the discount given back, the bag for sale again and sold again', async () => {
    const buyer = await newBuyer()
    const { id, productId } = await paidOrder(t, seller, buyer, { priceCents: 8_000, shippingCents: 400 })
    expect((await send(buyer, 'POST', `/api/orders/${id}/cancel`)).statusCode).toBe(403)
    expect((await send(stranger, 'POST', `/api/orders/${id}/cancel`)).statusCode).toBe(404)
    const res = await send(seller, 'POST', `/api/orders/${id}/cancel`, { reason: 'Damaged in my care' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: 72, sellerAmount: 0, commission: 0 })
    await expectBalanced(t, id)
    const db = t.database.db
    expect((await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe('cancelled')
    expect((await db.select().from(products).where(eq(products.id, productId)))[0]!.status).toBe('available')
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, id))
    expect(payment!.refundedAt).not.toBeNull()
    const [charge] = await db.select().from(testCharges).where(eq(testCharges.id, payment!.transactionId))
    expect(charge).toMatchObject({ status: 'refunded', refundedCents: 7_200 })
    expect((await db.select().from(refunds).where(eq(refunds.orderId, id))).map((r) => r.amountCents)).toEqual([7_200])
    const again = await send(seller, 'POST', `/api/orders/${id}/cancel`)
    expect(again.statusCode, again.body).toBe(409)
    expect((await mailsTo(buyer.email)).some((m) => m.subject.startsWith('Refund') && m.text.includes('$72.00'))).toBe(
      true,
    )
    // the same buyer has the first-order discount again, and the bag sells again
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: buyer.bearer, payload })
    const booked = await post('/api/bookings', { product_id: productId, number: '+1 555', location: 'Leeds' })
    expect(booked.statusCode, booked.body).toBe(200)
    const intent = await post('/api/create-payment-intent', { bookingId: booked.json().insertedId })
    expect(intent.json()).toMatchObject({ price: 80, shipping: 4, discount: 12, amount: 72 })
  })

  it('admin cancel needs a reason and is audited; admin refunds: partial (idempotent), then the rest', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
    expect((await send(admin, 'POST', `/api/orders/${id}/cancel`, {})).statusCode).toBe(400)
    const refund = `/api/orders/${id}/refund`
    expect((await send(seller, 'POST', refund, { reason: 'x' })).statusCode).toBe(403)
    expect((await send(buyer, 'POST', refund, { reason: 'x' })).statusCode).toBe(403)
    expect((await send(admin, 'POST', refund, { amount: 10 })).statusCode).toBe(400)
    expect((await send(admin, 'POST', refund, { amount: -1, reason: 'x' })).statusCode).toBe(400)
    expect((await send(admin, 'POST', refund, { amount: 85.01, reason: 'x' })).statusCode).toBe(400)
    const key = { 'idempotency-key': 'refund-abc-1' }
    const part = await send(admin, 'POST', refund, { amount: 20, reason: 'Late answer' }, key)
    expect(part.statusCode, part.body).toBe(200)
    expect(part.json()).toMatchObject({ status: 'paid', refunded: 20 })
    const repeat = await send(admin, 'POST', refund, { amount: 20, reason: 'Late answer' }, key)
    expect(repeat.json()).toMatchObject({ status: 'paid', refunded: 20 })
    await expectBalanced(t, id)
    const rest = await send(admin, 'POST', refund, { reason: 'Seller unreachable' })
    expect(rest.json()).toMatchObject({ status: 'refunded', refunded: 85, sellerAmount: 0, commission: 0 })
    await expectBalanced(t, id)
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, id), eq(auditLog.action, 'refund')))
    expect(audits.map((a) => [a.actorId, a.reason])).toEqual([
      [admin.id, 'Late answer'],
      [admin.id, 'Seller unreachable'],
    ])
    expect((await send(admin, 'POST', refund, { reason: 'again' })).statusCode).toBe(409)
  })

  it('an order paid without an address waits for it: no shipping, no clock, until the buyer gives it', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { address: null })
    const before = (await get(seller, `/api/orders/${id}`)).json()
    expect(before).toMatchObject({ awaitingAddress: true, shipBy: null, address: null })
    const ship = await send(seller, 'POST', `/api/orders/${id}/ship`, { carrier: 'USPS', trackingNumber: '9400' })
    expect(ship.statusCode).toBe(409)
    expect((await send(seller, 'PUT', `/api/orders/${id}/address`, ADDRESS)).statusCode).toBe(403)
    expect((await send(buyer, 'PUT', `/api/orders/${id}/address`, { ...ADDRESS, country: 'Narnia' })).statusCode).toBe(
      400,
    )
    now += 2 * DAY // days without an address never count against the seller
    const res = await send(buyer, 'PUT', `/api/orders/${id}/address`, ADDRESS)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ awaitingAddress: false, shipBy: new Date(now + 5 * DAY).toISOString() })
    expect((await get(seller, `/api/orders/${id}`)).json().address).toEqual(ADDRESS)
    await send(seller, 'POST', `/api/orders/${id}/ship`, { carrier: 'USPS', trackingNumber: '9400' })
    const late = await send(buyer, 'PUT', `/api/orders/${id}/address`, ADDRESS)
    expect(late.statusCode).toBe(409)
  })
})

describe('dispute photos', () => {
  it('are the buyer’s own uploads of our store, and are kept by the upload cleanup', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer)
    await send(seller, 'POST', `/api/orders/${id}/ship`, { carrier: 'Other', trackingNumber: 'HAND-1' })
    const photo = await uploadPhoto(t.app, buyer, '#aa3311')
    const someoneElses = await uploadPhoto(t.app, stranger, '#11aa33')
    const dispute = (photos: string[]) =>
      send(buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'damaged', note: 'Torn lining', photos })
    expect((await dispute(['https://evil.example/x.png'])).statusCode).toBe(400)
    expect((await dispute([someoneElses])).statusCode).toBe(403)
    expect((await dispute([photo, photo])).statusCode).toBe(400)
    expect((await dispute(Array(5).fill(photo))).statusCode).toBe(400)
    const res = await dispute([photo])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().dispute.photos).toEqual([photo])
    const store = t.app.images
    await cleanupOrphanImages(t.database.db, store, -1000)
    const kept = await t.app.inject({ url: photo })
    expect(kept.statusCode).toBe(200)
    expect((await t.app.inject({ url: someoneElses })).statusCode).toBe(404)
  })
})

describe('shipping on a listing', () => {
  it('the seller sets it (0 = free), the listing shows it, and the payment adds it to the price', async () => {
    const img = await uploadPhoto(t.app, seller, '#224466')
    const created = await send(
      seller,
      'POST',
      '/api/categoryDetails',
      listingBody(img, { resell_price: 100, shipping: 12.5 }),
    )
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().insertedId
    expect((await get(undefined, `/api/products/${id}`)).json().shipping).toBe(12.5)
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/categoryDetails/${id}`,
      headers: seller.bearer,
      payload: { shipping: -1 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('shipping cannot be negative (0 is free shipping)')
    const buyer = await newBuyer()
    const booked = await send(buyer, 'POST', '/api/bookings', { product_id: id, number: '+1 555', location: 'Leeds' })
    const intent = await send(buyer, 'POST', '/api/create-payment-intent', {
      bookingId: booked.json().insertedId,
      shipping: 0,
    })
    expect(intent.json()).toMatchObject({ price: 100, shipping: 12.5, discount: 15, amount: 97.5 })
  })
})
