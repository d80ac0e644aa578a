import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import {
  deliverWebhook,
  disputeOf,
  onboardedSeller as onboarded,
  stripeEnv,
  stripeOrder,
} from '../../../test/stripe-shop.ts'
import { auditLog, ledgerEntries, orders, outbox, payoutAccounts, payouts, refunds } from '../../db/schema/index.ts'

/**
 * Payouts with Stripe Connect (stripe-node against the local stand-in of Stripe's API): Express accounts and their
 * onboarding links, transfers with the payout's id as idempotency key, and card chargebacks from signed webhooks.
 */
let stripe: FakeStripe
let t: TestApp
let admin: Session
let now = Date.UTC(2026, 10, 12, 12)
let sellers = 0

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', ...stripeEnv(stripe) }, { clock: () => now })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const newSeller = () => signUp(t.app, { email: `es-seller${++sellers}@example.test`, role: 'seller' })
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const earnings = async (s: Session) => {
  const res = await t.app.inject({ url: '/api/earnings', headers: s.bearer })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const accountOf = async (s: Session) =>
  (await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, s.id)))[0]
const payoutsOf = (s: Session) => t.database.db.select().from(payouts).where(eq(payouts.sellerId, s.id))
const webhook = (type: string, object: object) => deliverWebhook(t.app, type, object)
const dispute = (intentId: string, status: string) => disputeOf(intentId, status)
const tick = () => {
  now += 1000
}

/**
 * A bag of `seller` paid through (the stand-in of) Stripe, shipped and confirmed by its buyer; the clock then moves past
 * the new seller's reserve (NEW_SELLER_HOLD_DAYS, 7 days), so that the sale is available.
 */
const completedStripeOrder = async (seller: Session, priceCents: number) => {
  const order = await stripeOrder(t, stripe, seller, priceCents, tick)
  now += 7 * 86_400_000
  return order
}

/** A seller whose Stripe account is opened and onboarded. */
const onboardedSeller = () => onboarded(t, stripe, `es-seller${++sellers}@example.test`)

describe('POST /api/payout-account with Stripe', () => {
  it('opens one Express account per seller and answers a fresh onboarding link each time', async () => {
    const seller = await newSeller()
    const res = await post(seller, '/api/payout-account')
    expect(res.statusCode, res.body).toBe(200)
    const account = await accountOf(seller)
    expect(account).toMatchObject({ provider: 'stripe', holderName: null, last4: null })
    const acct = stripe.accounts.get(account!.stripeAccountId!)
    expect(acct).toMatchObject({ type: 'express', email: seller.email, metadata: { userId: seller.id } })
    const link = stripe.accountLinks.at(-1)!
    expect(res.json()).toEqual({ provider: 'stripe', url: link.url })
    expect(link).toMatchObject({
      account: acct!.id,
      return_url: 'https://shop.example.test/dashboard/earnings?onboarding=done',
      refresh_url: 'https://shop.example.test/dashboard/earnings?onboarding=refresh',
    })
    const create = stripe.calls.filter((c) => c.path === '/v1/accounts').at(-1)!
    expect(create.idempotencyKey).toBe(`connect-account-${seller.id}`)

    const again = await post(seller, '/api/payout-account')
    expect(again.json().url).not.toBe(res.json().url)
    expect((await accountOf(seller))!.stripeAccountId).toBe(acct!.id)
    expect([...stripe.accounts.values()].filter((a) => a.metadata.userId === seller.id)).toHaveLength(1)
    expect((await earnings(seller)).account).toEqual({ provider: 'stripe', holderName: null, last4: null })
  })
})

describe('POST /api/payouts with Stripe', () => {
  it('waits for the onboarding, then transfers the available balance once, keyed by the payout id', async () => {
    const seller = await newSeller()
    await completedStripeOrder(seller, 10_000)
    expect((await post(seller, '/api/payouts')).json().message).toBe('Add a payout account before asking for a payout.')
    await post(seller, '/api/payout-account')
    const early = await post(seller, '/api/payouts')
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('Finish setting up your payout account with Stripe before asking for a payout.')
    expect(await payoutsOf(seller)).toEqual([])

    const acctId = (await accountOf(seller))!.stripeAccountId!
    stripe.activate(acctId)
    const res = await post(seller, '/api/payouts')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ amount: 85, provider: 'stripe', status: 'paid' }) // 100 − 15 % commission
    const transfer = stripe.transfers.find((tr) => tr.metadata.payoutId === res.json()._id)!
    expect(transfer).toMatchObject({ amount: 8_500, destination: acctId })
    const call = stripe.calls.filter((c) => c.path === '/v1/transfers').at(-1)!
    expect(call.idempotencyKey).toBe(res.json()._id)
    expect(await payoutsOf(seller)).toEqual([
      expect.objectContaining({ amountCents: 8_500, status: 'paid', providerRef: transfer.id }),
    ])
    expect(await earnings(seller)).toMatchObject({ available: 0, paidOut: 85 })
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, seller.email))
    expect(mail.find((m) => m.subject === 'Payout of $85.00 on its way')?.text).toContain('your Stripe account')
    expect((await post(seller, '/api/payouts')).statusCode).toBe(409)
    expect(stripe.transfers.filter((tr) => tr.destination === acctId)).toHaveLength(1)
  })

  it('a transfer Stripe refuses gives the money back to the available balance', async () => {
    const seller = await onboardedSeller()
    await completedStripeOrder(seller, 10_000)
    stripe.failTransfers = 400
    try {
      const res = await post(seller, '/api/payouts')
      expect(res.statusCode).toBe(502)
      expect(res.json().message).toBe(
        'Stripe refused the payout. Your balance is unchanged; check your payout account and try again.',
      )
    } finally {
      stripe.failTransfers = undefined
    }
    const [failed] = await payoutsOf(seller)
    expect(failed).toMatchObject({ amountCents: 8_500, status: 'failed' })
    // the give-back names its payout, as the payout's own entry does
    const shown = await earnings(seller)
    expect(shown).toMatchObject({ available: 85, paidOut: 0 })
    const payoutLines = shown.entries.filter((e: { kind: string }) => e.kind === 'payout')
    expect(payoutLines.map((e: { amount: number; payoutId: string }) => [e.amount, e.payoutId]).sort()).toEqual([
      [-85, failed!.id],
      [85, failed!.id],
    ])
    const again = await post(seller, '/api/payouts')
    expect(again.statusCode, again.body).toBe(200)
    expect(await earnings(seller)).toMatchObject({ available: 0, paidOut: 85 })
  })

  it('Stripe unreachable: the payout stays pending and is sent with the same key on the next request', async () => {
    const seller = await onboardedSeller()
    await completedStripeOrder(seller, 10_000)
    stripe.failTransfers = 500
    let first: string
    try {
      const res = await post(seller, '/api/payouts')
      expect(res.statusCode).toBe(502)
      const rows = await payoutsOf(seller)
      expect(rows).toEqual([expect.objectContaining({ amountCents: 8_500, status: 'pending' })])
      first = rows[0]!.id
    } finally {
      stripe.failTransfers = undefined
    }
    // the money is spoken for while the payout is pending: no second payout of it
    expect(await earnings(seller)).toMatchObject({ available: 0, paidOut: 85 })
    const res = await post(seller, '/api/payouts')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ _id: first, status: 'paid', amount: 85 })
    expect(stripe.transfers.filter((tr) => tr.metadata.payoutId === first)).toHaveLength(1)
    expect(await payoutsOf(seller)).toEqual([expect.objectContaining({ id: first, status: 'paid' })])
  })
})

describe('card chargebacks', () => {
  it('hold the order from payout until an admin closes them; later sales settle a negative balance first', async () => {
    const seller = await onboardedSeller()
    const a = await completedStripeOrder(seller, 10_000) // 85 to the seller
    expect((await post(seller, '/api/payouts')).statusCode).toBe(200)

    const opened = await webhook('charge.dispute.created', dispute(a.intentId, 'needs_response'))
    expect(opened.json()).toEqual({ received: true, result: 'chargeback' })
    // delivered twice: one hold, one audit line
    await webhook('charge.dispute.created', dispute(a.intentId, 'needs_response'))
    const [held] = await t.database.db.select().from(orders).where(eq(orders.id, a.id))
    expect(held!.chargebackAt).not.toBeNull()
    expect(held!.chargebackClosedAt).toBeNull()
    const opens = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, a.id), eq(auditLog.action, 'chargeback_opened')))
    expect(opens).toHaveLength(1)
    // the paid-out order is held: available goes below zero, and no payout is possible
    expect(await earnings(seller)).toMatchObject({ pending: 85, available: -85, paidOut: 85 })
    expect((await post(seller, '/api/payouts')).statusCode).toBe(409)
    const order = await t.app.inject({ url: `/api/orders/${a.id}`, headers: seller.bearer })
    expect(order.json().chargeback).toBe(true)

    // a later sale settles the negative balance first
    await completedStripeOrder(seller, 25_000) // 212.50
    expect(await earnings(seller)).toMatchObject({ available: 127.5 }) // 212.50 − 85
    const settled = await post(seller, '/api/payouts')
    expect(settled.json()).toMatchObject({ amount: 127.5 })

    // Stripe closes it (won): recorded once, no money moves; the hold stays for the admin
    const closed = dispute(a.intentId, 'won')
    expect((await webhook('charge.dispute.closed', closed)).json().result).toBe('chargeback')
    await webhook('charge.dispute.closed', closed)
    const outcomes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, a.id), eq(auditLog.action, 'chargeback_closed_at_stripe')))
    expect(outcomes).toEqual([expect.objectContaining({ reason: 'won', actorId: null })])
    expect(outcomes[0]!.detail).not.toHaveProperty('chargedBackCents')
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, a.id))).toEqual([])
    expect(await earnings(seller)).toMatchObject({ pending: 85, available: 0, paidOut: 212.5 })

    // the admin closes the hold: the buyer and the seller may not, the reason is required
    expect((await post(seller, `/api/orders/${a.id}/chargeback/close`, { reason: 'x' })).statusCode).toBe(403)
    expect((await post(a.buyer, `/api/orders/${a.id}/chargeback/close`, { reason: 'x' })).statusCode).toBe(403)
    const stranger = await newSeller()
    expect((await post(stranger, `/api/orders/${a.id}/chargeback/close`, { reason: 'x' })).statusCode).toBe(404)
    const noReason = await post(admin, `/api/orders/${a.id}/chargeback/close`, { reason: ' ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().message).toContain('reason is required')
    now += 1000
    const close = await post(admin, `/api/orders/${a.id}/chargeback/close`, { reason: 'Won at the bank' })
    expect(close.statusCode, close.body).toBe(200)
    expect(close.json()).toMatchObject({ _id: a.id, status: 'completed', chargeback: false })
    const closes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, a.id), eq(auditLog.action, 'close_chargeback')))
    expect(closes).toEqual([expect.objectContaining({ actorId: admin.id, reason: 'Won at the bank' })])
    expect(await earnings(seller)).toMatchObject({ pending: 0, available: 85, paidOut: 212.5 })
    const twice = await post(admin, `/api/orders/${a.id}/chargeback/close`, { reason: 'again' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('This order has no open card chargeback (it is closed already).')
    const sum = (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, seller.id))).reduce(
      (s, e) => s + e.amountCents,
      0,
    )
    expect(sum).toBe(8_500)
  })

  it('an order without a chargeback: 409; an unknown order: 404; a dispute of no order of ours is ignored', async () => {
    const seller = await onboardedSeller()
    const a = await completedStripeOrder(seller, 10_000)
    const res = await post(admin, `/api/orders/${a.id}/chargeback/close`, { reason: 'nothing' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This order has no open card chargeback (it is without a chargeback).')
    const unknown = await post(admin, '/api/orders/00000000-0000-4000-8000-000000000000/chargeback/close', {
      reason: 'x',
    })
    expect(unknown.statusCode).toBe(404)
    expect((await post(admin, '/api/orders/not-an-id/chargeback/close', { reason: 'x' })).statusCode).toBe(404)
    const stray = await webhook('charge.dispute.created', dispute('pi_unknown', 'needs_response'))
    expect(stray.json()).toEqual({ received: true, result: 'ignored' })
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: JSON.stringify({ type: 'charge.dispute.created', data: { object: dispute(a.intentId, 'x') } }),
    })
    expect(bad.statusCode).toBe(400)
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, a.id))
    expect(row!.chargebackAt).toBeNull()
  })
})
