import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import { expectBalanced } from '../../../test/order-fixtures.ts'
import { deliverWebhook, disputeOf, onboardedSeller, stripeEnv, stripeOrder } from '../../../test/stripe-shop.ts'
import { auditLog, ledgerEntries, orders, payments, refunds } from '../../db/schema/index.ts'

/**
 * A lost card chargeback (`charge.dispute.closed` with status `lost`, decision 023): the card network took the
 * disputed amount back from the shop, so the order's money shows it as a refund of kind `chargeback` (never more than
 * is not yet refunded), through the refund arithmetic, once per dispute however often and wherever it is delivered.
 * Won chargebacks write nothing (earnings-stripe.test.ts). Runs on PGlite and, in the server-pg project, PostgreSQL.
 */
let stripe: FakeStripe
let t: TestApp
let admin: Session
let now = Date.UTC(2026, 10, 14, 12)
let sellers = 0
let disputes = 0
const DAY = 86_400_000

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', ...stripeEnv(stripe) }, { clock: () => now })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const tick = () => {
  now += 1000
}
const seller = () => onboardedSeller(t, stripe, `cb-seller${++sellers}@example.test`)
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const earnings = async (s: Session) => {
  const res = await t.app.inject({ url: '/api/earnings', headers: s.bearer })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))
/** The entries refunds and chargebacks wrote on an order: [account is the seller, kind, cents]. */
const correctionsOf = async (orderId: string, sellerId: string) =>
  (
    await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), isNotNull(ledgerEntries.refundId)))
  )
    .map((e) => [e.account === sellerId ? 'seller' : e.account, e.kind, e.amountCents] as const)
    .sort()
const sellerSum = async (s: Session) =>
  (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, s.id))).reduce(
    (sum, e) => sum + e.amountCents,
    0,
  )
const lost = (intentId: string, amount: number, id = `dp_lost_${++disputes}`) =>
  disputeOf(intentId, 'lost', { id, amount })

describe('a lost card chargeback', () => {
  it('takes the disputed amount back from the order once: a chargeback refund, the seller pays it back', async () => {
    const s = await seller()
    // price 100.00, the buyer's first order: 15.00 off, 85.00 paid; 85.00 to the seller (15 % commission)
    const a = await stripeOrder(t, stripe, s, 10_000, tick)
    now += 7 * DAY // past the new seller's reserve
    expect((await post(s, '/api/payouts')).json()).toMatchObject({ amount: 85, status: 'paid' })
    expect(
      (await deliverWebhook(t.app, 'charge.dispute.created', disputeOf(a.intentId, 'needs_response', { id: 'dp_a' })))
        .statusCode,
    ).toBe(200)
    expect(await earnings(s)).toMatchObject({ pending: 85, available: -85, paidOut: 85 })

    // the bank decides for the buyer: 10.00 of the 85.00 go back; delivered three times (twice the same event)
    tick()
    const closed = lost(a.intentId, 1000, 'dp_a')
    const first = await deliverWebhook(t.app, 'charge.dispute.closed', closed, 'evt_lost_a')
    expect(first.json()).toEqual({ received: true, result: 'chargeback' })
    await deliverWebhook(t.app, 'charge.dispute.closed', closed, 'evt_lost_a')
    await deliverWebhook(t.app, 'charge.dispute.closed', closed)

    expect(await refundsOf(a.id)).toEqual([
      expect.objectContaining({
        kind: 'chargeback',
        provider: 'stripe',
        providerRef: 'dp_a',
        amountCents: 1000,
        actorId: null,
        idempotencyKey: 'chargeback-dp_a',
        reason: 'Card chargeback lost (fraudulent)',
      }),
    ])
    // never sent to Stripe's refunds API: the card network took it already
    expect(stripe.refunds.filter((r) => r.payment_intent === a.intentId)).toEqual([])
    // the refund arithmetic: 75 of 85 kept, so the price ⌊100 × 75 / 85⌋ = 88.23, the discount cost 88.23 − 75 = 13.23,
    // the commission ⌈15 % of 88.23⌉ = 13.24: the seller gives back 85 − (88.23 − 13.24) = 10.01
    expect(await correctionsOf(a.id, s.id)).toEqual([
      ['seller', 'chargeback', -1177],
      ['seller', 'commission', 176],
      ['shop', 'commission', -176],
      ['shop', 'discount_cost', 177],
    ])
    const balanced = await expectBalanced(t, a.id)
    expect(balanced).toMatchObject({ refunded: 1000, sellerShare: 7499, commission: 1324, discountCost: 1323 })

    // the order keeps its status; it shows what was taken back, on its timeline too; the admin's audit has the amount
    const order = await t.app.inject({ url: `/api/orders/${a.id}`, headers: s.bearer })
    expect(order.json()).toMatchObject({ status: 'completed', chargeback: true, refunded: 10 })
    expect(order.json().timeline.at(-1)).toMatchObject({
      status: 'completed',
      actor: 'system',
      note: "Card chargeback lost: the buyer's bank took back $10.00",
    })
    const outcomes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, a.id), eq(auditLog.action, 'chargeback_closed_at_stripe')))
    expect(outcomes).toEqual([expect.objectContaining({ reason: 'lost' })])
    expect(outcomes[0]!.detail).toMatchObject({ disputeId: 'dp_a', chargedBackCents: 1000 })

    // the seller's earnings show the line; the order is still held, so pending drops
    const shown = await earnings(s)
    expect(shown).toMatchObject({ pending: 74.99, available: -85, paidOut: 85 })
    expect(shown.entries).toContainEqual(
      expect.objectContaining({
        kind: 'chargeback',
        amount: -11.77, // the price's share of the 10.00 (the discount cost takes the rest)
        orderId: a.id,
        note: "Card chargeback lost: the buyer's bank took the money back",
      }),
    )
    // the admin ends the hold: 10.01 paid out too much, a negative balance the next sale settles first
    tick()
    expect((await post(admin, `/api/orders/${a.id}/chargeback/close`, { reason: 'Lost at the bank' })).statusCode).toBe(
      200,
    )
    expect(await earnings(s)).toMatchObject({ pending: 0, available: -10.01, paidOut: 85 })
    await stripeOrder(t, stripe, s, 10_000, tick)
    now += 7 * DAY // past the new seller's reserve
    expect((await post(s, '/api/payouts')).json()).toMatchObject({ amount: 74.99 }) // 85 − 10.01
    expect(await sellerSum(s)).toBe(0)
  })

  it('two deliveries at once record it once', async () => {
    const s = await seller()
    const a = await stripeOrder(t, stripe, s, 20_000, tick)
    const closed = lost(a.intentId, 5000)
    const results = await Promise.all([
      deliverWebhook(t.app, 'charge.dispute.closed', closed, 'evt_same'),
      deliverWebhook(t.app, 'charge.dispute.closed', closed, 'evt_same'),
      deliverWebhook(t.app, 'charge.dispute.closed', closed),
    ])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(await refundsOf(a.id)).toEqual([expect.objectContaining({ kind: 'chargeback', amountCents: 5000 })])
    // 120 of 170 kept: the price ⌊200 × 120 / 170⌋ = 141.17, the discount cost 21.17, the commission ⌈21.1755⌉ = 21.18
    expect(await correctionsOf(a.id, s.id)).toEqual([
      ['seller', 'chargeback', -5883],
      ['seller', 'commission', 882],
      ['shop', 'commission', -882],
      ['shop', 'discount_cost', 883],
    ])
    await expectBalanced(t, a.id)
    // not held (no charge.dispute.created came): once past the new seller's reserve, the available balance is
    // what is left, 141.17 − 21.18
    now += 7 * DAY
    expect(await earnings(s)).toMatchObject({ pending: 0, available: 119.99 })
  })

  it('takes no more than is not yet refunded; then nothing is left to refund, and the cap trigger holds', async () => {
    const s = await seller()
    const a = await stripeOrder(t, stripe, s, 10_000, tick, 'shipped') // 85.00 paid
    const partial = await post(admin, `/api/orders/${a.id}/refund`, { amount: 20, reason: 'Scuffed corner' })
    expect(partial.statusCode, partial.body).toBe(200)
    tick()
    // the bank takes back the whole charge: 65.00 are left of it
    await deliverWebhook(t.app, 'charge.dispute.closed', lost(a.intentId, 8500, 'dp_cap'))
    expect((await refundsOf(a.id)).map((r) => [r.kind, r.amountCents]).sort()).toEqual([
      ['chargeback', 6500],
      ['refund', 2000],
    ])
    // everything paid came back: the sale is reversed, the shop's discount cost with it
    const b = await expectBalanced(t, a.id)
    // refunded, seller's share, commission, discount cost (−0 + 0 is 0)
    expect([b.refunded, b.sellerShare, b.commission, b.discountCost + 0]).toEqual([8500, 0, 0, 0])
    // the order stays shipped, and its payment stays the buyer's (decision 023)
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, a.id))
    expect(row!.status).toBe('shipped')
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, row!.paymentId))
    expect(payment!.refundedAt).toBeNull()

    const again = await post(admin, `/api/orders/${a.id}/refund`, { reason: 'Once more' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('Everything the buyer paid has been refunded already.')
    // a second lost dispute of the same charge finds nothing left: no refund row, the audit says 0
    await deliverWebhook(t.app, 'charge.dispute.closed', lost(a.intentId, 100, 'dp_cap_2'))
    expect(await refundsOf(a.id)).toHaveLength(2)
    const outcomes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, a.id), eq(auditLog.action, 'chargeback_closed_at_stripe')))
    expect(
      outcomes.map((o) => o.detail).sort((x, y) => String(x.disputeId).localeCompare(String(y.disputeId))),
    ).toEqual([
      expect.objectContaining({ disputeId: 'dp_cap', chargedBackCents: 6500 }),
      expect.objectContaining({ disputeId: 'dp_cap_2', chargedBackCents: 0 }),
    ])
    // the database refuses a refund above what was paid, whoever writes it
    const over = await t.database.db
      .insert(refunds)
      .values({
        orderId: a.id,
        amountCents: 1,
        reason: 'x',
        provider: 'stripe',
        kind: 'chargeback',
        idempotencyKey: 'chargeback-direct',
      })
      .then(
        () => undefined,
        (err: { cause?: { code?: string; constraint?: string } }) => err.cause,
      )
    expect(over).toMatchObject({ code: '23514', constraint: 'refund_within_paid' })

    // the buyer confirms the bag: the order completes with nothing in it for the seller
    expect((await post(a.buyer, `/api/orders/${a.id}/confirm`)).statusCode).toBe(200)
    expect(await earnings(s)).toMatchObject({ pending: 0, available: 0 })
  })

  it('on an order not shipped yet: the seller cancelling refunds only what the bank left', async () => {
    const s = await seller()
    const a = await stripeOrder(t, stripe, s, 10_000, tick, 'paid') // 85.00 paid
    await deliverWebhook(t.app, 'charge.dispute.closed', lost(a.intentId, 3000))
    // 55 of 85 kept: price ⌊100 × 55 / 85⌋ = 64.70, commission ⌈9.705⌉ = 9.71: 54.99 for the seller, pending while
    // the order is open
    expect((await earnings(s)).pending).toBe(54.99)
    const cancel = await post(s, `/api/orders/${a.id}/cancel`)
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().status).toBe('cancelled')
    expect(stripe.refunds.filter((r) => r.payment_intent === a.intentId).map((r) => r.amount)).toEqual([5500])
    expect((await refundsOf(a.id)).map((r) => [r.kind, r.amountCents]).sort()).toEqual([
      ['chargeback', 3000],
      ['refund', 5500],
    ])
    expect(await expectBalanced(t, a.id)).toMatchObject({ refunded: 8500, sellerShare: 0 })
    expect(await earnings(s)).toMatchObject({ pending: 0, available: 0 })
  })
})
