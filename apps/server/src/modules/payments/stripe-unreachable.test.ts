import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { ADDRESS } from '../../../test/order-fixtures.ts'
import { onboardedSeller, stripeEnv, stripeOrder } from '../../../test/stripe-shop.ts'
import { bookings, payoutAccounts, payouts, refunds } from '../../db/schema/index.ts'

/**
 * Every route that calls Stripe, while Stripe cannot be reached at all (decision 031): a 502 with a message saying so
 * (or the route's own 502 message), never a 500, and nothing half-done; once Stripe answers again, so do they.
 */
let stripe: FakeStripe
let t: TestApp
let admin: Session
let onboarded: Session
let now = Date.UTC(2026, 11, 2, 12)
const tick = () => {
  now += 1000
}

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', ...stripeEnv(stripe) }, { clock: () => now })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
  onboarded = await onboardedSeller(t, stripe, 'down-onboarded@example.test')
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })

function expectBadGateway(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(502)
  expect(res.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message })
}

/** Runs `calls` while every connection to Stripe is cut, and checks Stripe was indeed tried. */
async function whileStripeIsDown<T>(calls: () => Promise<T>): Promise<T> {
  const before = stripe.calls.length
  stripe.unreachable = true
  try {
    return await calls()
  } finally {
    stripe.unreachable = false
    expect(stripe.calls.length).toBeGreaterThan(before)
  }
}

describe('routes that call Stripe, while Stripe cannot be reached', () => {
  it('POST /api/payout-account: 502 for a new seller (no account kept) and for an onboarded one', async () => {
    const seller = await signUp(t.app, { email: 'down-new@example.test', role: 'seller' })
    await whileStripeIsDown(async () => {
      expectBadGateway(await post(seller, '/api/payout-account'), messages.payments.stripeUnreachable)
      expectBadGateway(await post(onboarded, '/api/payout-account'), messages.payments.stripeUnreachable)
    })
    expect(await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id))).toEqual([])
    const later = await post(seller, '/api/payout-account')
    expect(later.statusCode, later.body).toBe(200)
    expect(later.json()).toMatchObject({ provider: 'stripe' })
  }, 120_000)

  it('POST /api/payouts: 502, and no payout is made', async () => {
    await stripeOrder(t, stripe, onboarded, 10_000, tick)
    now += 8 * 86_400_000 // past the new seller's reserve: the sale is available
    await whileStripeIsDown(async () => {
      expectBadGateway(await post(onboarded, '/api/payouts'), messages.payments.stripeUnreachable)
    })
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, onboarded.id))).toEqual([])
    const later = await post(onboarded, '/api/payouts')
    expect(later.statusCode, later.body).toBe(200)
    expect(later.json()).toMatchObject({ amount: 85, status: 'paid' }) // $100 less the 15 % commission
  }, 120_000)

  it('POST /api/orders/{id}/refund and a seller cancel: 502, no refund recorded', async () => {
    const { id } = await stripeOrder(t, stripe, onboarded, 10_000, tick, 'paid')
    await whileStripeIsDown(async () => {
      expectBadGateway(await post(admin, `/api/orders/${id}/refund`, { reason: 'x' }), messages.orderMoves.refundFailed)
      expectBadGateway(await post(onboarded, `/api/orders/${id}/cancel`), messages.orderMoves.refundFailed)
    })
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, id))).toEqual([])
  }, 120_000)

  it('POST /api/create-payment-intent and POST /api/payments: 502, the booking stays unpaid', async () => {
    const buyer = await signUp(t.app, { email: 'down-buyer@example.test', role: 'customer' })
    // another buyer with no intent open anywhere, so that opening one is the only call to Stripe
    const first = await signUp(t.app, { email: 'down-first@example.test', role: 'customer' })
    const book = async (who: Session) => {
      const product = await insertProduct(t.database.db, onboarded.id, { resellPriceCents: 5_000 })
      const booked = await post(who, '/api/bookings', { product_id: product.id, number: '+1 555', location: 'Porto' })
      const bookingId = booked.json().insertedId as string
      await t.database.db.update(bookings).set({ address: ADDRESS }).where(eq(bookings.id, bookingId))
      return bookingId
    }
    const unopened = await book(first)
    const paidAtStripe = await book(buyer)
    const intent = await post(buyer, '/api/create-payment-intent', { bookingId: paidAtStripe })
    expect(intent.statusCode, intent.body).toBe(200)
    const intentId = (intent.json().clientSecret as string).split('_secret_')[0]!
    stripe.succeed(intentId)
    await whileStripeIsDown(async () => {
      expectBadGateway(
        await post(first, '/api/create-payment-intent', { bookingId: unopened }),
        messages.payments.stripeUnreachable,
      )
      expectBadGateway(
        await post(buyer, '/api/payments', { transactionId: intentId, bookingId: paidAtStripe }),
        messages.payments.stripeUnreachable,
      )
    })
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, paidAtStripe))
    expect(row!.status).not.toBe('paid')
    const later = await post(buyer, '/api/payments', { transactionId: intentId, bookingId: paidAtStripe })
    expect(later.statusCode, later.body).toBe(200)
  }, 120_000)
})
