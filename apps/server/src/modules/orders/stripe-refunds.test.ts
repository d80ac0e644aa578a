import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { expectBalanced } from '../../../test/order-fixtures.ts'
import { orders, refunds } from '../../db/schema/index.ts'

/** Orders paid with Stripe: the order comes from the webhook too, and refunds go through Stripe's refunds API. */
const WEBHOOK_SECRET = 'whsec_orders_test_secret'
let stripe: FakeStripe
let t: TestApp
let seller: Session
let admin: Session
const now = Date.UTC(2026, 10, 4, 12)
let buyers = 0

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await buildTestApp(
    {
      ADMIN_EMAIL,
      RATE_LIMIT_FACTOR: '100',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    { clock: () => now },
  )
  seller = await signUp(t.app, { email: 'sr-seller@example.test', role: 'seller' })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const post = (s: Session, url: string, payload?: object, headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...s.bearer, ...headers }, ...(payload ? { payload } : {}) })

/** A bag paid through (the stand-in of) Stripe; recorded by the page or, with `webhook`, by the signed event only. */
async function stripeOrder(priceCents: number, shippingCents: number, by: 'page' | 'webhook' = 'page') {
  const buyer = await signUp(t.app, { email: `sr-buyer${++buyers}@example.test`, role: 'customer' })
  const product = await insertProduct(t.database.db, seller.id, { resellPriceCents: priceCents, shippingCents })
  const booked = await post(buyer, '/api/bookings', { product_id: product.id, number: '+1 555', location: 'Porto' })
  const bookingId = booked.json().insertedId as string
  const intent = await post(buyer, '/api/create-payment-intent', { bookingId })
  expect(intent.json()).toMatchObject({ provider: 'stripe', shipping: shippingCents / 100 })
  const intentId = (intent.json().clientSecret as string).split('_secret_')[0]!
  const pi = stripe.succeed(intentId)
  if (by === 'page') {
    expect((await post(buyer, '/api/payments', { transactionId: intentId, bookingId })).statusCode).toBe(200)
  } else {
    const payload = JSON.stringify({
      id: `evt_${pi.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      livemode: false,
      data: { object: pi },
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    })
    expect(res.json()).toEqual({ received: true, result: 'recorded' })
  }
  return { id: bookingId, intentId, amount: pi.amount }
}

describe('orders paid with Stripe', () => {
  it('the webhook alone makes the order, with price + shipping charged', async () => {
    const { id, amount } = await stripeOrder(20_000, 1_500, 'webhook')
    expect(amount).toBe(20_000 + 1_500 - 3_000)
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id))
    expect(o).toMatchObject({ status: 'paid', priceCents: 20_000, shippingCents: 1_500, amountPaidCents: 18_500 })
    await expectBalanced(t, id)
  })

  it('refunds through Stripe: a partial refund once per Idempotency-Key, then the rest on cancel', async () => {
    const { id, intentId } = await stripeOrder(10_000, 0)
    const key = { 'idempotency-key': 'admin-click-1' }
    const first = await post(admin, `/api/orders/${id}/refund`, { amount: 25.5, reason: 'Missing strap' }, key)
    expect(first.statusCode, first.body).toBe(200)
    const again = await post(admin, `/api/orders/${id}/refund`, { amount: 25.5, reason: 'Missing strap' }, key)
    expect(again.statusCode).toBe(200)
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([2_550])
    const calls = stripe.calls.filter((c) => c.path === '/v1/refunds')
    expect(calls.at(-1)!.idempotencyKey).toBe(`order-${id}-key-admin-click-1`)
    const cancel = await post(seller, `/api/orders/${id}/cancel`)
    expect(cancel.json()).toMatchObject({ status: 'cancelled', refunded: 85 })
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([2_550, 5_950])
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, id))
    expect(rows.every((r) => r.provider === 'stripe' && r.providerRef?.startsWith('re_'))).toBe(true)
    await expectBalanced(t, id)
  })

  it('the same Idempotency-Key with another amount is a 422: Stripe is not asked again', async () => {
    const { id, intentId } = await stripeOrder(10_000, 0)
    const key = { 'idempotency-key': 'admin-click-9' }
    const first = await post(admin, `/api/orders/${id}/refund`, { amount: 10, reason: 'Missing strap' }, key)
    expect(first.statusCode, first.body).toBe(200)
    const calls = stripe.calls.filter((c) => c.path === '/v1/refunds').length
    const other = await post(admin, `/api/orders/${id}/refund`, { amount: 15, reason: 'Missing strap' }, key)
    expect(other.statusCode, other.body).toBe(422)
    expect(other.json().message).toContain('Idempotency-Key "admin-click-9"')
    expect(other.json().message).toContain('amount $10.00 then, $15.00 now')
    expect(stripe.calls.filter((c) => c.path === '/v1/refunds')).toHaveLength(calls)
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([1_000])
    await expectBalanced(t, id)
  })

  it('a refund Stripe refuses changes nothing (502)', async () => {
    const { id, intentId } = await stripeOrder(10_000, 0)
    stripe.intents.get(intentId)!.status = 'canceled' // Stripe will refuse any refund of it
    const res = await post(admin, `/api/orders/${id}/refund`, { reason: 'try' })
    expect(res.statusCode).toBe(502)
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(0)
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id))
    expect(o!.status).toBe('paid')
    await expectBalanced(t, id)
  })
})
