import { eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type FakeIntent, type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, outbox, paymentIntents, payments, products } from '../../db/schema/index.ts'
import { sweepHolds } from '../bookings/holds.service.ts'

const WEBHOOK_SECRET = 'whsec_local_test_secret'
let stripe: FakeStripe
let t: TestApp
let seller: Session
let now = Date.UTC(2026, 10, 22, 12)

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await buildTestApp(
    {
      RATE_LIMIT_FACTOR: '100',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    { clock: () => now },
  )
  seller = await signUp(t.app, { email: 'stripe-seller@example.test', name: 'Sam Seller', role: 'seller' })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const post = (s: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, payload })
let customers = 0
const newCustomer = () => signUp(t.app, { email: `stripe-buyer${++customers}@example.test`, role: 'customer' })
const newBag = async (priceCents = 20_000) =>
  (await insertProduct(t.database.db, seller.id, { resellPriceCents: priceCents, title: `Stripe bag ${priceCents}` }))
    .id

/** Books the bag and opens a PaymentIntent at (the stand-in of) Stripe. */
async function startPaying(s: Session, productId: string) {
  const booked = await post(s, '/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Porto' })
  const bookingId = booked.json().insertedId as string
  const res = await post(s, '/api/create-payment-intent', { bookingId, price: 1 })
  expect(res.statusCode).toBe(200)
  const intentId = (res.json().clientSecret as string).split('_secret_')[0]!
  return { bookingId, res, intentId, intent: stripe.intents.get(intentId)! }
}

/** A delivery as Stripe sends it: the raw JSON and its Stripe-Signature header. */
function webhook(
  payload: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
}
const succeededEvent = (pi: FakeIntent) =>
  JSON.stringify({
    id: `evt_${pi.id}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: pi },
  })

describe('the Stripe provider (stripe-node against a local stand-in of the Stripe API)', () => {
  it('opens a PaymentIntent for the amount the server decides, and reuses it when the page is loaded again', async () => {
    const s = await newCustomer()
    const { bookingId, res, intent } = await startPaying(s, await newBag(20_000))
    expect(res.json()).toMatchObject({ provider: 'stripe', price: 200, discount: 30, amount: 170 })
    expect(intent).toMatchObject({ amount: 17_000, currency: 'usd', metadata: { bookingId } })
    expect(intent.receipt_email).toBe(s.email)
    const creates = stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents')
    expect(creates.at(-1)!.idempotencyKey).toBe(`intent-${bookingId}-17000-0`)

    const again = await post(s, '/api/create-payment-intent', { bookingId })
    expect(again.json().clientSecret).toBe(res.json().clientSecret)
    expect(stripe.intents.size).toBe(creates.length)
  })

  it('records the payment only once Stripe says the intent succeeded, then sells the bag once', async () => {
    const s = await newCustomer()
    const productId = await newBag(20_000)
    const { bookingId, intentId } = await startPaying(s, productId)

    const early = await post(s, '/api/payments', { transactionId: intentId, bookingId, price: 0.5, paid: true })
    expect(early.statusCode).toBe(402)
    expect(early.json().message).toBe('The payment could not be confirmed with the card processor.')
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(0)

    stripe.succeed(intentId) // the buyer's card was accepted in Stripe Elements
    const res = await post(s, '/api/payments', { transactionId: intentId, bookingId, price: 0.5, paid: true })
    expect(res.statusCode).toBe(200)
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, intentId))
    expect(payment).toMatchObject({ id: res.json().insertedId, amountCents: 17_000, discountCents: 3_000, productId })
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('paid')
    const [product] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(product!.status).toBe('sold')
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, seller.email))
    expect(mails.some((m) => m.subject === 'Sold: Stripe bag 20000')).toBe(true)

    const again = await post(s, '/api/payments', { transactionId: intentId, bookingId })
    expect(again.json().insertedId).toBe(res.json().insertedId)
    // the signed webhook arriving after the page recorded it changes nothing
    const hook = await webhook(succeededEvent(stripe.intents.get(intentId)!))
    expect(hook.json()).toEqual({ received: true, result: 'recorded' })
    expect(await t.database.db.select().from(payments).where(eq(payments.productId, productId))).toHaveLength(1)
  })

  it('refuses an intent whose amount at Stripe differs from ours, and an intent of another booking', async () => {
    const s = await newCustomer()
    const { bookingId, intentId } = await startPaying(s, await newBag(30_000))
    stripe.succeed(intentId).amount = 50 // charged 50 cents instead of the price
    const res = await post(s, '/api/payments', { transactionId: intentId, bookingId })
    expect(res.statusCode).toBe(402)

    const other = await newCustomer()
    const theirs = await startPaying(other, await newBag(30_000))
    stripe.succeed(theirs.intentId)
    const mixed = await post(s, '/api/payments', { transactionId: theirs.intentId, bookingId })
    expect(mixed.statusCode).toBe(402)
    const stolen = await post(s, '/api/payments', { transactionId: theirs.intentId, bookingId: theirs.bookingId })
    expect(stolen.statusCode).toBe(403)
    expect(await t.database.db.select().from(payments).where(eq(payments.transactionId, theirs.intentId))).toHaveLength(
      0,
    )
  })

  it('records a payment from the signed webhook when the buyer closed the tab, once however often it arrives', async () => {
    const s = await newCustomer()
    const productId = await newBag(12_000)
    const { bookingId, intentId } = await startPaying(s, productId)
    const event = succeededEvent(stripe.succeed(intentId))
    const [a, b] = await Promise.all([webhook(event), webhook(event)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect([a.json().result, b.json().result]).toEqual(['recorded', 'recorded'])
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.email).toBe(s.email)
    // the buyer's page coming back later gets the same payment
    const res = await post(s, '/api/payments', { transactionId: intentId, bookingId })
    expect(res.json().insertedId).toBe(rows[0]!.id)
    expect((await t.app.inject(`/api/product/paid/${productId}`)).json()).toEqual({ isPaid: true })
  })

  it('refuses unsigned, forged and stale deliveries (400) and acknowledges events it does not need', async () => {
    const s = await newCustomer()
    const { bookingId, intentId } = await startPaying(s, await newBag())
    const event = succeededEvent(stripe.succeed(intentId))
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' })
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    for (const signature of [forged, stale, 't=1,v1=00']) {
      const res = await webhook(event, signature)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, message: 'Invalid Stripe webhook signature' })
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event,
    })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json().message).toBe('Missing Stripe-Signature header')
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(0)

    const other = JSON.stringify({ id: 'evt_x', object: 'event', type: 'charge.refunded', data: { object: {} } })
    expect((await webhook(other)).json()).toEqual({ received: true, result: 'ignored' })
    const unknown = succeededEvent({ ...stripe.intents.get(intentId)!, id: 'pi_not_ours' })
    expect((await webhook(unknown)).json()).toEqual({ received: true, result: 'ignored' })
  })

  it('lets one of two buyers have the bag and refunds the other at Stripe (page and webhook alike)', async () => {
    const a = await newCustomer()
    const b = await newCustomer()
    const productId = await newBag(15_000)
    const first = await startPaying(a, productId)
    now += 31 * 60_000 // A's hold runs out while A is still typing
    const second = await startPaying(b, productId)
    stripe.succeed(first.intentId)
    stripe.succeed(second.intentId)

    const [ra, rb] = await Promise.all([
      post(a, '/api/payments', { transactionId: first.intentId, bookingId: first.bookingId }),
      post(b, '/api/payments', { transactionId: second.intentId, bookingId: second.bookingId }),
    ])
    // A was charged in time (a late payment still wins while the bag is not sold); B paid within a payment hold while
    // the bag cooled down (docs/decisions/034): the first recorded wins, whichever it is, and the other is refunded
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409])
    const [won, lost] = ra.statusCode === 200 ? [first, second] : [second, first]
    const loser = ra.statusCode === 200 ? rb : ra
    expect(loser.json().message).toMatch(/Your payment has been refunded\.|It has been refunded\./)
    const sold = await t.database.db.select().from(payments).where(eq(payments.productId, productId))
    expect(sold.map((p) => p.transactionId)).toEqual([won.intentId])
    expect(stripe.refunds).toContainEqual(expect.objectContaining({ payment_intent: lost.intentId, amount: 12_750 }))
    expect(stripe.refunds.some((r) => r.payment_intent === won.intentId)).toBe(false)

    // the loser's webhook arriving afterwards is acknowledged and refunds nothing twice
    const hook = await webhook(succeededEvent(stripe.intents.get(lost.intentId)!))
    expect(hook.json()).toEqual({ received: true, result: 'refunded' })
    expect(stripe.refunds.filter((r) => r.payment_intent === lost.intentId)).toHaveLength(1)
  })
})

describe('payment holds with Stripe (docs/decisions/034)', () => {
  const sweep = () => sweepHolds({ db: t.database.db, listingsChanged: () => {}, stripe: t.app.stripe }, new Date(now))
  /** A bag whose hold just ran out: it cools down, and Book Now gives payment holds. */
  async function coolingBag() {
    const productId = await newBag(10_000)
    await startPaying(await newCustomer(), productId)
    now += 30 * 60_000 + 1000
    return productId
  }

  it('cancels the intent of a payment hold that ran out; once cancelled, the bag can be held again after its cool-down', async () => {
    const productId = await coolingBag()
    const late = await startPaying(await newCustomer(), productId)
    now += 5 * 60_000 + 1000
    await sweep()
    expect(stripe.intents.get(late.intentId)!.status).toBe('canceled')
    const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, late.intentId))
    expect(row!.status).toBe('superseded')
    now += 30 * 60_000
    const booked = await post(await newCustomer(), '/api/bookings', {
      product_id: productId,
      number: '+1 555 0100',
      location: 'Porto',
    })
    expect(booked.json()).toMatchObject({ hold: 'exclusive' })
  })

  it('one the buyer confirmed first cannot be cancelled: it is marked used, and its payment wins when it arrives', async () => {
    const productId = await coolingBag()
    const buyer = await newCustomer()
    const late = await startPaying(buyer, productId)
    stripe.succeed(late.intentId) // confirmed in the window; the page closed before recording it
    now += 40 * 60_000 // the payment hold and the cool-down are over
    await sweep()
    const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, late.intentId))
    expect(row!.status).toBe('used')
    // no exclusive hold while that charge is on its way
    const other = await post(await newCustomer(), '/api/bookings', {
      product_id: productId,
      number: '+1 555 0100',
      location: 'Porto',
    })
    expect(other.json()).toMatchObject({ hold: 'payment' })
    const hook = await webhook(succeededEvent(stripe.intents.get(late.intentId)!))
    expect(hook.json()).toEqual({ received: true, result: 'recorded' })
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.productId, productId))
    expect(payment).toMatchObject({ bookingId: late.bookingId, transactionId: late.intentId })
  })
})

describe('the first-order discount with Stripe', () => {
  it('cancels the superseded PaymentIntent at Stripe before it can be confirmed', async () => {
    const s = await newCustomer()
    const first = await startPaying(s, await newBag(5_000))
    expect(first.res.json()).toMatchObject({ discount: 7.5, amount: 42.5 })
    const second = await startPaying(s, await newBag(215_000))
    expect(second.res.json()).toMatchObject({ discount: 50, amount: 2100 }) // 15 % of $2,150 = $322.50, capped at $50
    expect(stripe.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/v1/payment_intents/${first.intentId}/cancel` }),
    )
    expect(stripe.intents.get(first.intentId)!.status).toBe('canceled')
    expect(() => stripe.succeed(first.intentId)).toThrow(/canceled/)
    // the first page loads again: a fresh intent at the full price
    const again = await post(s, '/api/create-payment-intent', { bookingId: first.bookingId })
    expect(again.json()).toMatchObject({ discount: 0, amount: 50 })
    expect(again.json().clientSecret).not.toBe(first.res.json().clientSecret)
  })

  it('gives the discount to no other bag when the superseded intent was confirmed first', async () => {
    const s = await newCustomer()
    const first = await startPaying(s, await newBag(10_000))
    stripe.succeed(first.intentId) // confirmed in the first tab, not recorded yet
    const second = await startPaying(s, await newBag(20_000))
    expect(second.res.json()).toMatchObject({ discount: 0, amount: 200 })
    const hook = await webhook(succeededEvent(stripe.intents.get(first.intentId)!))
    expect(hook.json().result).toBe('recorded')
    const [p] = await t.database.db.select().from(payments).where(eq(payments.transactionId, first.intentId))
    expect(p).toMatchObject({ amountCents: 8_500, discountCents: 1_500, discountConflictCents: 0 })
  })

  it('answers 502 when Stripe cannot cancel the earlier intent, and cancels it on the next attempt', async () => {
    const s = await newCustomer()
    const first = await startPaying(s, await newBag(10_000))
    const booked = await post(s, '/api/bookings', {
      product_id: await newBag(30_000),
      number: '555 0100',
      location: 'X',
    })
    const secondBooking = booked.json().insertedId as string
    stripe.failCancels = true
    const refused = await post(s, '/api/create-payment-intent', { bookingId: secondBooking })
    stripe.failCancels = false
    expect(refused.statusCode).toBe(502)
    expect(refused.json()).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The card processor could not be reached. Please try again in a moment.',
    })
    // nothing was opened for the second bag, and the first intent is still the one open discounted intent
    const [firstRow] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, first.intentId))
    expect(firstRow).toMatchObject({ status: 'open', discountCents: 1_500 })
    const again = await post(s, '/api/create-payment-intent', { bookingId: secondBooking })
    expect(again.json()).toMatchObject({ discount: 45, amount: 255 })
    expect(stripe.intents.get(first.intentId)!.status).toBe('canceled')
  })

  it('records a second discounted charge a webhook reports after the fact at what was charged, flagged to the admin', async () => {
    const s = await newCustomer()
    const admin = await signUp(t.app, { email: `stripe-admin${customers}@example.test` })
    await t.database.db.execute(sql`update "user" set role = 'admin' where id = ${admin.id}`)
    const before = (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.bearer })).json().admin
    const first = await startPaying(s, await newBag(10_000))
    const second = await startPaying(s, await newBag(30_000))
    expect(second.res.json()).toMatchObject({ discount: 45, amount: 255 })
    // the race the checks cannot stop: Stripe had accepted the first card a moment before our cancel reached it
    stripe.intents.get(first.intentId)!.status = 'succeeded'
    stripe.succeed(second.intentId)
    // both webhooks arrive: the money was taken twice with the discount, and both are recorded as charged
    expect((await webhook(succeededEvent(stripe.intents.get(first.intentId)!))).json().result).toBe('recorded')
    expect((await webhook(succeededEvent(stripe.intents.get(second.intentId)!))).json().result).toBe('recorded')
    const mine = await t.database.db.select().from(payments).where(eq(payments.customerId, s.id))
    expect(mine.map((p) => [p.transactionId, p.amountCents, p.discountCents, p.discountConflictCents]).sort()).toEqual(
      [
        [first.intentId, 8_500, 1_500, 0],
        [second.intentId, 25_500, 4_500, 4_500],
      ].sort(),
    )
    const after = (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.bearer })).json().admin
    expect(after.flaggedOrders - before.flaggedOrders).toBe(1)
    expect(Math.round((after.flaggedDifference - before.flaggedDifference) * 100)).toBe(4_500)
  })
})

describe('without Stripe keys', () => {
  it('answers the webhook with 404 and keeps the test-mode processor', async () => {
    const plain = await buildTestApp()
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Stripe webhooks are not enabled on this server')
      expect((await plain.app.inject('/api/config')).json()).toMatchObject({
        payments: { provider: 'test', publishableKey: null },
        holdMinutes: 30,
      })
    } finally {
      await plain.close()
    }
  })

  it('allows Stripe.js in the CSP only when Stripe is on', async () => {
    const csp = (await t.app.inject('/api/health')).headers['content-security-policy'] as string
    expect(csp).toContain("script-src 'self' https://js.stripe.com")
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com')
    const plain = await buildTestApp()
    try {
      const plainCsp = (await plain.app.inject('/api/health')).headers['content-security-policy'] as string
      expect(plainCsp).not.toContain('stripe')
      expect(plainCsp).toContain("script-src 'self';")
    } finally {
      await plain.close()
    }
  })
})
