import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, payoutAccounts, payouts } from '../../src/db/schema/index.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { paidOrder } from '../order-fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * Hostile callers of the money routes (issue 16): generated query strings and bodies never make a 5xx or a stack
 * trace; the amount, the seller and the account's details come from the server only, so nobody can pay themselves
 * more than their available balance, or touch another seller's money.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

let t: TestApp
let now = Date.UTC(2026, 10, 25, 9)
let victim: Session
let attacker: Session
let customer: Session
let admin: Session

const post = (s: Session | undefined, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: s ? s.bearer : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const expectRefusalShape = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(500)
  if (res.statusCode >= 400) {
    const body = res.json()
    expect(
      Object.keys(body)
        .filter((k) => k !== 'code')
        .sort(),
    ).toEqual(['error', 'message', 'statusCode'])
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+/)
  }
}
const sellerSum = async (id: string) =>
  Number(
    (
      await t.database.db
        .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, id))
    )[0]!.s,
  )

async function completedSale(seller: Session, email: string) {
  const buyer = await signUp(t.app, { email, role: 'customer' })
  const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
  now += 1000
  await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'H1' })
  await post(buyer, `/api/orders/${id}/confirm`)
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000' }, { clock: () => now })
  ;[victim, attacker, customer, admin] = await Promise.all([
    signUp(t.app, { email: 'money-victim@example.test', role: 'seller' }),
    signUp(t.app, { email: 'money-attacker@example.test', role: 'seller' }),
    signUp(t.app, { email: 'money-customer@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  await post(victim, '/api/payout-account', { holderName: 'Victim', accountNumber: '99990000' })
  await completedSale(victim, 'money-buyer1@example.test')
  await completedSale(attacker, 'money-buyer2@example.test')
  now += 7 * 86_400_000 // past the new seller's reserve: the sales are available
})
afterAll(() => t.close())

describe('hostile callers of the money routes', () => {
  it('ignore the amount, seller and account fields a caller sends: the server decides them', async () => {
    const account = await post(attacker, '/api/payout-account', {
      holderName: 'Attacker',
      accountNumber: '1111 2222 3333',
      last4: '0000',
      provider: 'stripe',
      stripeAccountId: 'acct_evil',
      userId: victim.id,
    })
    expect(account.statusCode, account.body).toBe(200)
    const [row] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, attacker.id))
    expect(row).toMatchObject({ provider: 'test', last4: '3333', stripeAccountId: null })
    const [victimRow] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, victim.id))
    expect(victimRow).toMatchObject({ holderName: 'Victim', last4: '0000' })

    const res = await post(attacker, '/api/payouts', { amount: 1_000_000, sellerId: victim.id, account: victim.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().amount).toBe(85) // 100 − 15 % commission
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, victim.id))).toEqual([])
    expect(await sellerSum(victim.id)).toBe(8_500)
    expect(await sellerSum(attacker.id)).toBe(0)
  })

  it('refuse payouts to customers, admins and anonymous callers, and another seller earnings', async () => {
    for (const who of [customer, admin, undefined]) {
      const res = await post(who, '/api/payouts')
      expectRefusalShape(res)
      expect([401, 403]).toContain(res.statusCode)
    }
    const spy = await t.app.inject({ url: `/api/earnings?sellerId=${victim.id}`, headers: attacker.bearer })
    expect(spy.statusCode).toBe(403)
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, victim.id))).toEqual([])
  })

  it('generated query strings and bodies: never a 5xx, never the full account number stored', async () => {
    const seller = await signUp(t.app, { email: 'money-fuzz@example.test', role: 'seller' })
    const hostile = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
      { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.anything() },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record({ limit: hostile, cursor: hostile, sellerId: hostile }, { requiredKeys: [] }),
        fc.record({ holderName: hostile, accountNumber: hostile }, { requiredKeys: [] }),
        fc.constantFrom(seller, admin, customer),
        async (query, body, who) => {
          const pairs = Object.entries(query).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
          ])
          const qs = new URLSearchParams(pairs).toString()
          const read = await t.app.inject({ url: `/api/earnings?${qs}`, headers: who.bearer })
          expectRefusalShape(read)
          expect([200, 400, 403, 404]).toContain(read.statusCode)
          const saved = await post(who, '/api/payout-account', body)
          expectRefusalShape(saved)
          expect([200, 400, 403]).toContain(saved.statusCode)
          if (saved.statusCode === 200) expect(saved.json().last4).toMatch(/^\d{4}$/)
        },
      ),
      { seed: SEED, numRuns: RUNS },
    )
    const stored = await t.database.db.select().from(payoutAccounts)
    for (const r of stored) expect(r.last4 ?? '').toMatch(/^(\d{4})?$/)
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/payout-account',
      headers: { ...seller.bearer, 'content-type': 'application/json' },
      payload: '{"holderName": "x", "accountNumber": ',
    })
    expectRefusalShape(raw)
    expect(raw.statusCode).toBe(400)
  })

  it('a card chargeback close with hostile ids and reasons: 4xx only, no order touched', async () => {
    for (const id of [...HOSTILE.slice(0, 12), '00000000-0000-4000-8000-000000000000']) {
      const res = await post(admin, `/api/orders/${encodeURIComponent(id)}/chargeback/close`, { reason: id })
      expectRefusalShape(res)
      expect([400, 404]).toContain(res.statusCode)
    }
  })
})
