import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { payments } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'
import { orderFigures } from '../../lib/order-figures.ts'

// One paid order showed three different totals. Every screen's number for the same order
// must come from the stored payment through orderFigures.
let t: TestApp
const now = Date.UTC(2026, 10, 22, 12)
let seller: Session
let buyer: Session
let admin: Session

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  seller = await signUp(t.app, { email: 'figures-seller@example.test', role: 'seller' })
  buyer = await signUp(t.app, { email: 'figures-buyer@example.test', role: 'customer' })
  admin = await signUp(t.app, { email: 'figures-admin@example.test' })
  await t.database.db.execute(sql`update "user" set role = 'admin' where id = ${admin.id}`)
})
afterAll(() => t.close())

const post = (s: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, payload })
const get = (s: Session, url: string) => t.app.inject({ url, headers: s.bearer })

describe('one paid order, one set of figures on every screen', () => {
  it('shows what was charged, with the discount as its own line, in My Orders, the payment page and both summaries', async () => {
    const productId = (await insertProduct(t.database.db, seller.id, { resellPriceCents: 595_000 })).id
    const bookingId = (
      await post(buyer, '/api/bookings', { product_id: productId, number: '555 0100', location: 'X' })
    ).json().insertedId as string
    const intent = (await post(buyer, '/api/create-payment-intent', { bookingId })).json()
    // 15 % of $5,950 = $892.50, capped at $50
    expect(intent).toMatchObject({ price: 5950, discount: 50, amount: 5900 })
    const charged = await post(buyer, '/api/test-processor/confirm', {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' },
    })
    expect(
      (await post(buyer, '/api/payments', { transactionId: charged.json().transactionId, bookingId })).statusCode,
    ).toBe(200)

    const [stored] = await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))
    expect(stored).toMatchObject({ amountCents: 590_000, discountCents: 5_000, discountConflictCents: 0 })
    const f = orderFigures(stored!)
    const dollars = {
      price: centsToDollars(f.priceCents),
      discount: centsToDollars(f.discountCents),
      amountPaid: centsToDollars(f.paidCents),
    }
    expect(dollars).toEqual({ price: 5950, discount: 50, amountPaid: 5900 })

    // My Orders (the list) and the payment page (the booking by id, "already paid")
    const list = (await get(buyer, `/api/bookings?email=${encodeURIComponent(buyer.email)}`)).json() as {
      _id: string
    }[]
    expect(list.find((b) => b._id === bookingId)).toMatchObject({ ...dollars, paid: true, status: 'paid' })
    expect((await get(buyer, `/api/bookings/${bookingId}`)).json()).toMatchObject({ ...dollars, paid: true })
    // the seller is owed the listing price: the shop bears the first-order discount
    const sellerSummary = (await get(seller, '/api/dashboard/summary')).json()
    expect(sellerSummary.seller.salesTotal).toBe(centsToDollars(f.sellerOwedCents))
    expect(sellerSummary.seller.salesTotal).toBe(5950)
    // the admin sees what buyers were charged, and the discounts beside it
    const adminSummary = (await get(admin, '/api/dashboard/summary')).json()
    expect(adminSummary.admin).toMatchObject({
      salesThisWeek: 1,
      salesThisWeekTotal: dollars.amountPaid,
      discountsThisWeek: dollars.discount,
      flaggedOrders: 0,
      flaggedDifference: 0,
    })
    // an order not paid yet has no paid amount and no discount line
    const unpaid = (
      await post(buyer, '/api/bookings', {
        product_id: (await insertProduct(t.database.db, seller.id, { resellPriceCents: 10_000 })).id,
        number: '555 0100',
        location: 'X',
      })
    ).json().insertedId as string
    expect((await get(buyer, `/api/bookings/${unpaid}`)).json()).toMatchObject({
      price: 100,
      discount: 0,
      amountPaid: null,
    })
  })
})
