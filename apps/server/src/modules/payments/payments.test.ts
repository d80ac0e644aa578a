import { PassThrough } from 'node:stream'
import { messages } from '@preloved/shared/messages'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, outbox, payments, products } from '../../db/schema/index.ts'

let t: TestApp
let logs = ''
let now = Date.UTC(2026, 10, 22, 12)
let seller: Session

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' }

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (c: Buffer) => {
    logs += c.toString()
  })
  t = await buildTestApp(
    { ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', LOG_LEVEL: 'debug' },
    { clock: () => now, logStream: stream },
  )
  seller = await signUp(t.app, { email: 'seller@example.test', name: 'Sid Seller', role: 'seller' })
})
afterAll(() => t.close())

const post = (s: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, payload })
const newCustomer = (() => {
  let n = 0
  return () => signUp(t.app, { email: `buyer${++n}@example.test`, role: 'customer' })
})()
const newBag = async (priceCents = 20_000) =>
  (await insertProduct(t.database.db, seller.id, { resellPriceCents: priceCents, title: `Bag at ${priceCents}` })).id
const bookBag = async (s: Session, productId: string) =>
  (await post(s, '/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Lisbon' })).json()
    .insertedId as string

/** Book, start paying, charge the card, record: the browser's whole sequence. */
async function buy(s: Session, productId: string, card = CARD) {
  const bookingId = await bookBag(s, productId)
  const intent = await post(s, '/api/create-payment-intent', { bookingId, price: 0.01 })
  const confirm = await post(s, '/api/test-processor/confirm', {
    clientSecret: intent.json().clientSecret,
    card,
    billing: { name: 'B', email: s.email },
  })
  return { bookingId, intent, confirm }
}

describe('paying a booking', () => {
  it('charges the server-side price minus 15 % on the first order, marks the booking paid and the bag sold', async () => {
    const s = await newCustomer()
    const productId = await newBag(20_000)
    const { bookingId, intent, confirm } = await buy(s, productId)
    expect(intent.json()).toMatchObject({ provider: 'test', price: 200, discount: 30, amount: 170 })
    expect(confirm.statusCode).toBe(200)
    const transactionId = confirm.json().transactionId
    const res = await post(s, '/api/payments', {
      transactionId,
      bookingId,
      price: 0.01,
      email: 'x@example.test',
      paid: true,
    })
    expect(res.statusCode).toBe(200)
    const insertedId = res.json().insertedId

    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, insertedId))
    expect(payment).toMatchObject({
      amountCents: 17_000,
      discountCents: 3_000,
      email: s.email,
      transactionId,
      productId,
    })
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('paid')
    const [product] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(product!.status).toBe('sold')

    // the bag is gone from the shop, the order reads Paid, and the original lookups agree
    const tote = (await t.app.inject('/api/categoryDetails/Tote')).json() as { _id: string }[]
    expect(tote.some((p) => p._id === productId)).toBe(false)
    const order = (await t.app.inject({ url: `/api/bookings/${bookingId}`, headers: s.bearer })).json()
    expect(order).toMatchObject({ paid: true, status: 'paid' })
    expect((await t.app.inject(`/api/product/paid/${productId}}`)).json()).toEqual({ isPaid: true })
    expect((await t.app.inject({ url: '/api/bookingPaid', headers: s.bearer })).json()).toEqual({ paid: [bookingId] })

    // the seller is told
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, 'seller@example.test'))
    expect(mails.some((m) => m.subject === 'Sold: Bag at 20000')).toBe(true)

    // posting the same transaction again is harmless
    const again = await post(s, '/api/payments', { transactionId, bookingId })
    expect(again.json().insertedId).toBe(insertedId)
    expect(await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId))).toHaveLength(1)
  })

  it('charges the full price from the second order on', async () => {
    const s = await newCustomer()
    const first = await buy(s, await newBag(10_000))
    await post(s, '/api/payments', { transactionId: first.confirm.json().transactionId, bookingId: first.bookingId })
    const second = await buy(s, await newBag(10_000))
    expect(second.intent.json()).toMatchObject({ price: 100, discount: 0, amount: 100 })
  })

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    [
      '4111 1111 1111 1111',
      'TEST MODE: use a test card such as 4242 4242 4242 4242. No real card is ever charged here.',
    ],
  ])('refuses card %s with 402 and leaves the order unpaid', async (number, message) => {
    const s = await newCustomer()
    const productId = await newBag()
    const { bookingId, confirm } = await buy(s, productId, { ...CARD, number })
    expect(confirm.statusCode).toBe(402)
    expect(confirm.json().message).toBe(message)
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('held')
    expect((await t.app.inject(`/api/product/paid/${productId}`)).json()).toEqual({ isPaid: false })
  })

  it("refuses someone else's booking (403) and an unconfirmed transaction (402)", async () => {
    const a = await newCustomer()
    const b = await newCustomer()
    const { bookingId, confirm } = await buy(a, await newBag())
    expect((await post(b, '/api/create-payment-intent', { bookingId })).statusCode).toBe(403)
    expect(
      (await post(b, '/api/payments', { transactionId: confirm.json().transactionId, bookingId })).statusCode,
    ).toBe(403)
    const made = await post(a, '/api/payments', { transactionId: 'tx_test_made_up', bookingId })
    expect(made.statusCode).toBe(402)
    expect(made.json().message).toBe('The payment could not be confirmed with the card processor.')
  })

  it('refuses to start paying an order already paid (409)', async () => {
    const s = await newCustomer()
    const { bookingId, confirm } = await buy(s, await newBag())
    await post(s, '/api/payments', { transactionId: confirm.json().transactionId, bookingId })
    const res = await post(s, '/api/create-payment-intent', { bookingId })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This order has already been paid.')
  })

  it('records exactly one payment when the same transaction is posted twice at once (many rounds)', async () => {
    const s = await newCustomer()
    for (let round = 0; round < 8; round++) {
      const { bookingId, confirm } = await buy(s, await newBag())
      const body = { transactionId: confirm.json().transactionId, bookingId }
      const [r1, r2] = await Promise.all([post(s, '/api/payments', body), post(s, '/api/payments', body)])
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200])
      expect(r1.json().insertedId).toBe(r2.json().insertedId)
      expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1)
    }
  })

  it('lets only one of two customers buy the bag when the first hold ran out, and refunds the other', async () => {
    const a = await newCustomer()
    const b = await newCustomer()
    const productId = await newBag()
    const first = await buy(a, productId) // charged in time; recorded late
    now += 31 * 60_000 // A's hold runs out before A's payment is recorded
    const second = await buy(b, productId) // the bag cools down: B pays within a payment hold (docs/decisions/034)
    expect(second.confirm.statusCode).toBe(200)
    const [ra, rb] = await Promise.all([
      post(a, '/api/payments', { transactionId: first.confirm.json().transactionId, bookingId: first.bookingId }),
      post(b, '/api/payments', { transactionId: second.confirm.json().transactionId, bookingId: second.bookingId }),
    ])
    // the first payment recorded wins, whichever it is; the other is refunded with a message saying why
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409])
    const [won, lost] = ra.statusCode === 200 ? [first, second] : [second, first]
    const loser = ra.statusCode === 200 ? rb : ra
    expect(loser.json().message).toBe(
      lost === second ? messages.payments.paidFirstRefunded : messages.payments.soldToOtherRefunded,
    )
    const sold = await t.database.db.select().from(payments).where(eq(payments.productId, productId))
    expect(sold.map((p) => p.bookingId)).toEqual([won.bookingId])
    const refunded = await t.database.db.execute(
      sql`select status from test_charge where id = ${lost.confirm.json().transactionId}`,
    )
    expect((refunded as unknown as { rows: { status: string }[] }).rows[0]!.status).toBe('refunded')
  })

  it('never stores or logs card numbers', async () => {
    const s = await newCustomer()
    await buy(s, await newBag())
    const dump =
      JSON.stringify(await t.database.db.execute(sql`select * from test_charge`)) +
      JSON.stringify(await t.database.db.execute(sql`select * from payment_intent`))
    expect(dump).not.toContain('4242424242424242')
    expect(dump).not.toContain('4242 4242 4242 4242')
    expect(logs).not.toContain('4242 4242 4242 4242')
    expect(logs).not.toContain('4242424242424242')
  })
})
