import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import { onboardedSeller, stripeEnv, stripeOrder } from '../../../test/stripe-shop.ts'
import { buildApp } from '../../app.ts'
import { ledgerEntries, outbox, payouts } from '../../db/schema/index.ts'
import { sweepPayouts } from './earnings.service.ts'

/**
 * Stripe payouts that Stripe did not answer (decision 023): the payout sweeper sends them again a minute
 * later, keyed by the payout's id, each once however many sweeps run at once; a transfer refused for good gives the
 * money back with a ledger entry that names its payout, written once per payout. PGlite and PostgreSQL.
 */
let stripe: FakeStripe
let t: TestApp
let now = Date.UTC(2026, 10, 16, 8)
let sellers = 0
const MINUTE = 60_000

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100', ...stripeEnv(stripe) }, { clock: () => now })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const tick = () => {
  now += 1000
}
const sweep = () =>
  sweepPayouts({ db: t.database.db, mailer: t.app.mailer, stripe: t.app.stripe, log: undefined }, new Date(now))
const payoutsOf = (s: Session) => t.database.db.select().from(payouts).where(eq(payouts.sellerId, s.id))
const transferCalls = (payoutId: string) =>
  stripe.calls.filter((c) => c.path === '/v1/transfers' && c.idempotencyKey === payoutId).length
const earnings = async (s: Session) => {
  const res = await t.app.inject({ url: '/api/earnings', headers: s.bearer })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** A seller with 85.00 available whose payout request found Stripe unreachable: the payout is left pending. */
async function pendingPayout() {
  const seller = await onboardedSeller(t, stripe, `sweep-seller${++sellers}@example.test`)
  await stripeOrder(t, stripe, seller, 10_000, tick)
  now += 7 * 86_400_000 // past the new seller's reserve: 85.00 (100 − 15 % commission) available
  stripe.failTransfers = 500
  try {
    const res = await t.app.inject({ method: 'POST', url: '/api/payouts', headers: seller.bearer })
    expect(res.statusCode).toBe(502)
  } finally {
    stripe.failTransfers = undefined
  }
  const [payout] = await payoutsOf(seller)
  expect(payout).toMatchObject({ status: 'pending', amountCents: 8_500, attemptedAt: new Date(now) })
  return { seller, payout: payout! }
}

describe('the payout sweeper', () => {
  it('sends a pending payout again a minute on, with its id as the key, once', async () => {
    const { seller, payout } = await pendingPayout()
    const calls = transferCalls(payout.id)
    // within the minute the request that made it still owns it
    expect(await sweep()).toEqual({ paid: 0, failed: 0, pending: 0 })
    now += MINUTE - 1000
    expect(await sweep()).toEqual({ paid: 0, failed: 0, pending: 0 })
    expect(transferCalls(payout.id)).toBe(calls)

    now += 1000
    expect(await sweep()).toEqual({ paid: 1, failed: 0, pending: 0 })
    expect(transferCalls(payout.id)).toBe(calls + 1)
    const transfer = stripe.transfers.filter((tr) => tr.metadata.payoutId === payout.id)
    expect(transfer).toEqual([expect.objectContaining({ amount: 8_500 })])
    expect(await payoutsOf(seller)).toEqual([
      expect.objectContaining({ id: payout.id, status: 'paid', providerRef: transfer[0]!.id }),
    ])
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, seller.email))
    expect(mail.filter((m) => m.subject === 'Payout of $85.00 on its way')).toHaveLength(1)
    expect(await earnings(seller)).toMatchObject({ available: 0, paidOut: 85 })

    now += 5 * MINUTE
    expect(await sweep()).toEqual({ paid: 0, failed: 0, pending: 0 })
    expect(transferCalls(payout.id)).toBe(calls + 1)
  })

  it('Stripe still unreachable: the payout stays pending and waits another minute before the next try', async () => {
    const { seller, payout } = await pendingPayout()
    now += MINUTE
    stripe.failTransfers = 500
    try {
      expect(await sweep()).toEqual({ paid: 0, failed: 0, pending: 1 })
    } finally {
      stripe.failTransfers = undefined
    }
    expect(await payoutsOf(seller)).toEqual([
      expect.objectContaining({ status: 'pending', attemptedAt: new Date(now) }),
    ])
    const calls = transferCalls(payout.id)
    now += MINUTE - 1000
    expect(await sweep()).toEqual({ paid: 0, failed: 0, pending: 0 })
    expect(transferCalls(payout.id)).toBe(calls)
    now += 1000
    expect(await sweep()).toEqual({ paid: 1, failed: 0, pending: 0 })
    expect(stripe.transfers.filter((tr) => tr.metadata.payoutId === payout.id)).toHaveLength(1)
  })

  it('sweeps running at once send each payout once', async () => {
    const a = await pendingPayout()
    const b = await pendingPayout()
    const before = [transferCalls(a.payout.id), transferCalls(b.payout.id)]
    now += MINUTE
    const counts = await Promise.all([sweep(), sweep(), sweep()])
    expect(counts.reduce((n, c) => n + c.paid, 0)).toBe(2)
    expect([transferCalls(a.payout.id), transferCalls(b.payout.id)]).toEqual([before[0]! + 1, before[1]! + 1])
    for (const { seller, payout } of [a, b]) {
      expect(await payoutsOf(seller)).toEqual([expect.objectContaining({ id: payout.id, status: 'paid' })])
      expect(stripe.transfers.filter((tr) => tr.metadata.payoutId === payout.id)).toHaveLength(1)
    }
  })

  it('a transfer refused for good at the resend gives the money back once, naming its payout', async () => {
    const { seller, payout } = await pendingPayout()
    now += MINUTE
    stripe.failTransfers = 400
    try {
      const counts = await Promise.all([sweep(), sweep()])
      expect(counts.reduce((n, c) => n + c.failed, 0)).toBe(1)
    } finally {
      stripe.failTransfers = undefined
    }
    expect(await payoutsOf(seller)).toEqual([expect.objectContaining({ id: payout.id, status: 'failed' })])
    const linked = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, seller.id), eq(ledgerEntries.payoutId, payout.id)))
    expect(linked.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['payout', -8_500],
      ['payout', 8_500],
    ])
    // the earnings show both lines with their payout; the money is available again
    const shown = await earnings(seller)
    expect(shown).toMatchObject({ available: 85, paidOut: 0 })
    expect(shown.entries.filter((e: { kind: string }) => e.kind === 'payout')).toEqual([
      expect.objectContaining({ payoutId: payout.id, amount: 85, orderId: null }),
      expect.objectContaining({ payoutId: payout.id, amount: -85, orderId: null }),
    ])
    // the ledger takes no second give-back of the payout, whoever writes it
    const twice = await t.database.db
      .insert(ledgerEntries)
      .values({ account: seller.id, payoutId: payout.id, kind: 'payout', amountCents: 8_500, createdAt: new Date(now) })
      .then(
        () => undefined,
        (err: { cause?: { code?: string; constraint?: string } }) => err.cause,
      )
    expect(twice).toMatchObject({ code: '23505', constraint: 'ledger_entry_payout_reversal_uq' })
    // nor an entry of another kind naming a payout
    const otherKind = await t.database.db
      .insert(ledgerEntries)
      .values({ account: seller.id, payoutId: payout.id, kind: 'refund', amountCents: 1, createdAt: new Date(now) })
      .then(
        () => undefined,
        (err: { cause?: { code?: string; constraint?: string } }) => err.cause,
      )
    expect(otherKind).toMatchObject({ code: '23514', constraint: 'ledger_entry_payout_kind_ck' })

    // asked again, the seller is paid by a new payout
    const again = await t.app.inject({ method: 'POST', url: '/api/payouts', headers: seller.bearer })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ amount: 85, status: 'paid' })
    expect(again.json()._id).not.toBe(payout.id)
  })

  it("runs with the app's deadline sweep: an instance started later sends a payout left pending", async () => {
    const { seller, payout } = await pendingPayout()
    now += 2 * MINUTE
    // a second instance on the same database: it sweeps at start, and closing waits for that sweep
    const other = await buildApp(t.app.config, { database: t.database, clock: () => now })
    await other.close()
    expect(await payoutsOf(seller)).toEqual([expect.objectContaining({ id: payout.id, status: 'paid' })])
    expect(stripe.transfers.filter((tr) => tr.metadata.payoutId === payout.id)).toHaveLength(1)
  })
})
