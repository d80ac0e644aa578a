import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import { expect } from 'vitest'
import { bookings, payoutAccounts } from '../src/db/schema/index.ts'
import { type Session, signUp } from './auth-helpers.ts'
import type { TestApp } from './build-test-app.ts'
import type { FakeStripe } from './fakes/stripe-api.ts'
import { insertProduct } from './fixtures.ts'
import { ADDRESS } from './order-fixtures.ts'

/**
 * A shop on the local stand-in of Stripe's API (orders and their money with Stripe): the app's settings, signed webhook
 * deliveries, card disputes, and orders paid through the stand-in.
 */
export const STRIPE_WEBHOOK_SECRET = 'whsec_earnings_test_secret'

/** The settings of an app that pays, refunds and pays out through the stand-in. */
export const stripeEnv = (stripe: FakeStripe) => ({
  PUBLIC_URL: 'https://shop.example.test',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local_standin',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
})

/** A signed delivery of Stripe's webhook; `eventId` repeats a delivery of the same event. */
export function deliverWebhook(app: FastifyInstance, type: string, object: object, eventId?: string) {
  const payload = JSON.stringify({
    id: eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: 1,
    livemode: false,
    data: { object },
  })
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    payload,
  })
}

/** A card dispute (Stripe's Dispute object) of a PaymentIntent. */
export const disputeOf = (intentId: string, status: string, opts: { id?: string; amount?: number } = {}) => ({
  id: opts.id ?? 'dp_test_1',
  object: 'dispute',
  amount: opts.amount ?? 1000,
  currency: 'usd',
  charge: `ch_${intentId}`,
  payment_intent: intentId,
  reason: 'fraudulent',
  status,
})

const post = (t: TestApp, s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })

let buyers = 0

/**
 * A bag of `seller` paid through the stand-in, then shipped and confirmed by its buyer unless `until` stops earlier;
 * `tick` moves the test's clock a little between the moves.
 */
export async function stripeOrder(
  t: TestApp,
  stripe: FakeStripe,
  seller: Session,
  priceCents: number,
  tick: () => void,
  until: 'paid' | 'shipped' | 'completed' = 'completed',
) {
  const buyer = await signUp(t.app, { email: `stripe-buyer${++buyers}@example.test`, role: 'customer' })
  const product = await insertProduct(t.database.db, seller.id, { resellPriceCents: priceCents })
  const booked = await post(t, buyer, '/api/bookings', { product_id: product.id, number: '+1 555', location: 'Porto' })
  const bookingId = booked.json().insertedId as string
  await t.database.db.update(bookings).set({ address: ADDRESS }).where(eq(bookings.id, bookingId))
  const intent = await post(t, buyer, '/api/create-payment-intent', { bookingId })
  const intentId = (intent.json().clientSecret as string).split('_secret_')[0]!
  stripe.succeed(intentId)
  expect((await post(t, buyer, '/api/payments', { transactionId: intentId, bookingId })).statusCode).toBe(200)
  tick()
  if (until !== 'paid') {
    const shipped = await post(t, seller, `/api/orders/${bookingId}/ship`, { carrier: 'UPS', trackingNumber: '1Z9' })
    expect(shipped.statusCode, shipped.body).toBe(200)
    tick()
  }
  if (until === 'completed') {
    expect((await post(t, buyer, `/api/orders/${bookingId}/confirm`)).statusCode).toBe(200)
    tick()
  }
  return { id: bookingId, intentId, buyer }
}

/** A seller whose Stripe Connect account is opened and onboarded. */
export async function onboardedSeller(t: TestApp, stripe: FakeStripe, email: string) {
  const seller = await signUp(t.app, { email, role: 'seller' })
  expect((await post(t, seller, '/api/payout-account')).statusCode).toBe(200)
  const [account] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id))
  stripe.activate(account!.stripeAccountId!)
  return seller
}
