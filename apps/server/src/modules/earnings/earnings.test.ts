import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { expectBalanced, paidOrder } from '../../../test/order-fixtures.ts'
import { ledgerEntries, outbox, payoutAccounts, payouts } from '../../db/schema/index.ts'

/** Earnings, payout accounts and payouts in test mode (no STRIPE_SECRET_KEY), through the real routes. */
let t: TestApp
let now = Date.UTC(2026, 10, 10, 9)
let admin: Session
let customer: Session
let sellers = 0
let buyers = 0
const DAY = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
  customer = await signUp(t.app, { email: 'e-customer@example.test', role: 'customer' })
})
afterAll(() => t.close())

const newSeller = () => signUp(t.app, { email: `e-seller${++sellers}@example.test`, role: 'seller' })
const newBuyer = () => signUp(t.app, { email: `e-buyer${++buyers}@example.test`, role: 'customer' })
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const get = (s: Session, url: string) => t.app.inject({ url, headers: s.bearer })
const earnings = async (s: Session, query = '') => {
  const res = await get(s, `/api/earnings${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const ledgerSum = async (account: string) =>
  Number(
    (
      await t.database.db
        .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, account))
    )[0]!.s,
  )

/** A paid order moved on: shipped, then completed by its buyer. */
async function completedOrder(seller: Session, priceCents: number) {
  const buyer = await newBuyer()
  const { id } = await paidOrder(t, seller, buyer, { priceCents })
  now += 1000
  expect(
    (await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: `1Z${id.slice(0, 6)}` }))
      .statusCode,
  ).toBe(200)
  now += 1000
  expect((await post(buyer, `/api/orders/${id}/confirm`)).statusCode).toBe(200)
  now += 1000
  return { id, buyer }
}
const addAccount = (s: Session) =>
  post(s, '/api/payout-account', { holderName: 'Sam Seller', accountNumber: '1234 5678 9012' })

describe('GET /api/earnings', () => {
  it('starts empty: no balance, no entries, no payout account', async () => {
    const seller = await newSeller()
    expect(await earnings(seller)).toEqual({ pending: 0, available: 0, paidOut: 0, entries: [], account: null })
  })

  it('holds a paid order as pending, and makes it available once completed; each entry names its order', async () => {
    const seller = await newSeller()
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 20_000 }) // seller's share 200 − 15 % = 170
    const paid = await earnings(seller)
    expect(paid).toMatchObject({ pending: 170, available: 0, paidOut: 0 })
    expect(
      paid.entries.map((e: { kind: string; amount: number; orderId: string }) => [e.kind, e.amount, e.orderId]).sort(),
    ).toEqual([
      ['commission', -30, id],
      ['sale', 200, id],
    ])
    now += 1000
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'DHL', trackingNumber: 'JD0001' })
    expect(await earnings(seller)).toMatchObject({ pending: 170, available: 0 })
    // nobody confirms: the auto-completion date passes, and reading the earnings applies it; a new seller's first
    // sale then waits NEW_SELLER_HOLD_DAYS (7) more before it is available
    now += 4 * DAY + 7 * DAY
    expect(await earnings(seller)).toMatchObject({ pending: 0, available: 170, paidOut: 0 })
    expect(await ledgerSum(seller.id)).toBe(17_000)
    await expectBalanced(t, id)
  })

  it('a cancelled order leaves nothing, a partial refund in a dispute leaves the rest to the seller', async () => {
    const seller = await newSeller()
    const a = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 })
    expect((await post(seller, `/api/orders/${a.id}/cancel`, { reason: 'Damaged in my care' })).statusCode).toBe(200)
    expect(await earnings(seller)).toMatchObject({ pending: 0, available: 0 })

    const buyer = await newBuyer()
    const b = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
    await post(seller, `/api/orders/${b.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z1' })
    await post(buyer, `/api/orders/${b.id}/dispute`, { reason: 'damaged', note: 'Strap torn' })
    expect(await earnings(seller)).toMatchObject({ pending: 85, available: 0 })
    const resolved = await post(admin, `/api/orders/${b.id}/resolve`, { outcome: 'refund', amount: 40, reason: 'Torn' })
    expect(resolved.statusCode, resolved.body).toBe(200)
    // paid 85, 45 kept: gross ⌊100 × 45 / 85⌋ = 52.94, commission ⌈15 % of 52.94⌉ = 7.95: 44.99 to the seller,
    // available once the new seller's reserve (7 days after completion) is over
    now += 7 * DAY
    expect(await earnings(seller)).toMatchObject({ pending: 0, available: 44.99 })
    expect(await ledgerSum(seller.id)).toBe(4_499)
    await expectBalanced(t, b.id)
  })

  it('pages its entries newest first with a Link header; a bad cursor or limit is a 400', async () => {
    const seller = await newSeller()
    await completedOrder(seller, 10_000)
    await completedOrder(seller, 12_000)
    const all = (await earnings(seller)).entries as { _id: string; createdAt: string }[]
    expect(all).toHaveLength(4)
    const times = all.map((e) => e.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const first = await get(seller, '/api/earnings?limit=3')
    expect(first.json().entries.map((e: { _id: string }) => e._id)).toEqual(all.slice(0, 3).map((e) => e._id))
    const link = String(first.headers.link)
    expect(link).toMatch(/^<\/api\/earnings\?limit=3&cursor=[\w-]+>; rel="next"$/)
    const second = await get(seller, link.slice(1, link.indexOf('>')))
    expect(second.json().entries.map((e: { _id: string }) => e._id)).toEqual([all[3]!._id])
    expect(second.headers.link).toBeUndefined()
    // balances are the whole account's on every page
    expect(second.json().available).toBe(first.json().available)
    expect((await get(seller, '/api/earnings?limit=101')).statusCode).toBe(400)
    expect((await get(seller, '/api/earnings?limit=101')).json().message).toBe(
      'limit must be a whole number between 1 and 100',
    )
    expect((await get(seller, '/api/earnings?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400)
  })

  it('an admin reads a seller by sellerId; a customer, another seller or an unknown id may not', async () => {
    const seller = await newSeller()
    const other = await newSeller()
    await completedOrder(seller, 10_000)
    now += 7 * DAY // past the new seller's reserve
    expect(await earnings(admin, `?sellerId=${seller.id}`)).toMatchObject({ available: 85 })
    expect((await get(admin, '/api/earnings')).statusCode).toBe(400)
    expect((await get(admin, `/api/earnings?sellerId=${customer.id}`)).statusCode).toBe(404)
    expect((await get(admin, '/api/earnings?sellerId=nobody')).statusCode).toBe(404)
    expect((await get(customer, '/api/earnings')).statusCode).toBe(403)
    expect((await get(other, `/api/earnings?sellerId=${seller.id}`)).statusCode).toBe(403)
    expect(await earnings(other, `?sellerId=${other.id}`)).toMatchObject({ available: 0 })
    expect((await t.app.inject({ url: '/api/earnings' })).statusCode).toBe(401)
  })
})

describe('POST /api/payout-account (test mode)', () => {
  it('keeps the holder and the last four digits only: the full number is stored nowhere', async () => {
    const seller = await newSeller()
    const res = await post(seller, '/api/payout-account', {
      holderName: '  Sam Seller ',
      accountNumber: '9876 5432 1098 7654',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ provider: 'test', holderName: 'Sam Seller', last4: '7654' })
    const [row] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id))
    expect(row).toMatchObject({ provider: 'test', holderName: 'Sam Seller', last4: '7654', stripeAccountId: null })
    const stored = await t.database.db.execute(sql`select * from payout_account where user_id = ${seller.id}`)
    const dump = JSON.stringify((stored as unknown as { rows: unknown[] }).rows)
    expect(dump).toContain('7654')
    expect(dump).not.toContain('98765432')
    expect(dump).not.toContain('9876 5432')
    expect((await earnings(seller)).account).toEqual({ provider: 'test', holderName: 'Sam Seller', last4: '7654' })
    // a second account replaces the first
    await post(seller, '/api/payout-account', { holderName: 'Sam S.', accountNumber: '11112222' })
    expect((await earnings(seller)).account).toEqual({ provider: 'test', holderName: 'Sam S.', last4: '2222' })
  })

  it('refuses a bad body with a 400 naming the field, and everyone but a seller', async () => {
    const seller = await newSeller()
    const bad = await post(seller, '/api/payout-account', { holderName: 'Sam', accountNumber: '12ab' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('accountNumber must be 6 to 34 digits')
    const noName = await post(seller, '/api/payout-account', { accountNumber: '12345678' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().message).toContain('holderName is required')
    expect((await post(seller, '/api/payout-account')).statusCode).toBe(400)
    expect((await addAccount(customer)).statusCode).toBe(403)
    expect((await addAccount(admin)).statusCode).toBe(403)
    expect(await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id))).toEqual([])
  })
})

describe('POST /api/payouts (test mode)', () => {
  it('without a payout account: 409 saying so; with nothing available: 409', async () => {
    const seller = await newSeller()
    await completedOrder(seller, 10_000)
    const none = await post(seller, '/api/payouts')
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toBe('Add a payout account before asking for a payout.')
    const other = await newSeller()
    await addAccount(other)
    await paidOrder(t, other, await newBuyer(), { priceCents: 10_000 }) // pending only
    const empty = await post(other, '/api/payouts')
    expect(empty.statusCode).toBe(409)
    expect(empty.json().message).toBe('You have no available balance to pay out.')
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, other.id))).toEqual([])
  })

  it('pays out the whole available balance once: a payout row, a negative ledger entry, a mail', async () => {
    const seller = await newSeller()
    await addAccount(seller)
    const a = await completedOrder(seller, 10_000) // 85
    await completedOrder(seller, 25_000) // 212.50
    now += 7 * DAY // past the new seller's reserve
    await paidOrder(t, seller, await newBuyer(), { priceCents: 5_000 }) // 42.50 pending, not paid out
    const res = await post(seller, '/api/payouts')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ amount: 297.5, provider: 'test', status: 'paid' })
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.sellerId, seller.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: res.json()._id, amountCents: 29_750, status: 'paid' })
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, seller.id), eq(ledgerEntries.kind, 'payout')))
    expect(entries).toEqual([expect.objectContaining({ amountCents: -29_750, payoutId: rows[0]!.id, orderId: null })])
    expect(await earnings(seller)).toMatchObject({ pending: 42.5, available: 0, paidOut: 297.5 })
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, seller.email))
    const payoutMail = mail.find((m) => m.subject === 'Payout of $297.50 on its way')
    expect(payoutMail?.text).toContain('the bank account ending in 9012')
    // asked again: nothing left
    expect((await post(seller, '/api/payouts')).statusCode).toBe(409)
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, seller.id))).toHaveLength(1)
    await expectBalanced(t, a.id)
    expect(await ledgerSum(seller.id)).toBe(4_250)
  })

  it('two payout requests at once never pay more than available', async () => {
    for (let round = 0; round < 3; round++) {
      const seller = await newSeller()
      await addAccount(seller)
      await completedOrder(seller, 10_000)
      now += 7 * DAY // past the new seller's reserve
      const results = await Promise.all([
        post(seller, '/api/payouts'),
        post(seller, '/api/payouts'),
        post(seller, '/api/payouts'),
      ])
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
      const rows = await t.database.db.select().from(payouts).where(eq(payouts.sellerId, seller.id))
      expect(rows.map((r) => r.amountCents)).toEqual([8_500])
      expect(await ledgerSum(seller.id)).toBe(0)
      expect(await earnings(seller)).toMatchObject({ available: 0, paidOut: 85 })
    }
  })
})
