import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { expectBalanced, paidOrder } from '../../../test/order-fixtures.ts'
import { ledgerEntries, orders, payments, refunds, testCharges } from '../../db/schema/index.ts'
import { balanceOf } from './ledger.ts'
import { orderDepsOf } from './order-deps.ts'
import { sweepOrders } from './orders.service.ts'

/** Money rules under concurrency: refunds never exceed what was paid, balances are sums of the ledger. */
let t: TestApp
let now = Date.UTC(2026, 10, 3, 9)
let seller: Session
let admin: Session
let buyers = 0
const DAY = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  seller = await signUp(t.app, { email: 'm-seller@example.test', role: 'seller' })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(() => t.close())

const newBuyer = () => signUp(t.app, { email: `m-buyer${++buyers}@example.test`, role: 'customer' })
const post = (s: Session, url: string, payload?: object, headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...s.bearer, ...headers }, ...(payload ? { payload } : {}) })
const refundedOf = async (id: string) =>
  Number(
    (
      await t.database.db
        .select({ s: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
        .from(refunds)
        .where(eq(refunds.orderId, id))
    )[0]!.s,
  )

describe('refunds under concurrency', () => {
  it('two partial refunds at once never exceed what was paid', async () => {
    const { id } = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 }) // paid 85.00
    const results = await Promise.all([
      post(admin, `/api/orders/${id}/refund`, { amount: 60, reason: 'first' }),
      post(admin, `/api/orders/${id}/refund`, { amount: 60, reason: 'second' }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe(
      'amount is more than what is left to refund ($25.00)',
    )
    expect(await refundedOf(id)).toBe(6_000)
    await expectBalanced(t, id)
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, id))
    const [charge] = await t.database.db.select().from(testCharges).where(eq(testCharges.id, payment!.transactionId))
    expect(charge).toMatchObject({ refundedCents: 6_000, status: 'succeeded' })
  })

  it('an admin refund racing the auto-completion: one of them wins, the money stays exact', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 })
      await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: `R${round}` })
      now += 3 * DAY + 1
      const [refund, sweep] = await Promise.all([
        post(admin, `/api/orders/${id}/refund`, { reason: 'race' }),
        sweepOrders(orderDepsOf(t.app), new Date(now)),
      ])
      const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id))
      // the read inside the refund applies the due completion first: the refund then finds it completed (409)
      expect(o!.status).toBe('completed')
      expect(refund.statusCode).toBe(409)
      expect(sweep.completed).toBeLessThanOrEqual(1)
      expect(await refundedOf(id)).toBe(0)
      await expectBalanced(t, id)
    }
  })

  it('a refund while shipped, before the deadline, beats the completion that comes after it', async () => {
    const { id } = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 })
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'R9' })
    const res = await post(admin, `/api/orders/${id}/refund`, { amount: 10, reason: 'Scuffed corner' })
    // paid 85.00 (15.00 off a first order); $10 back is 10/85 of it: the price kept is ⌊10,000 × 75/85⌋ = 8,823 cents,
    // its commission ⌈1,323.45⌉ = 13.24 (the shop's favour)
    expect(res.json()).toMatchObject({ status: 'shipped', refunded: 10, commission: 13.24 })
    now += 3 * DAY + 1
    expect((await sweepOrders(orderDepsOf(t.app), new Date(now))).completed).toBeGreaterThanOrEqual(1)
    const { order } = await expectBalanced(t, id)
    expect(order.status).toBe('completed')
  })
})

describe('balances are sums of the ledger', () => {
  it('pending while open, available once completed, nothing for a cancelled order', async () => {
    const s = await signUp(t.app, { email: 'm-seller2@example.test', role: 'seller' })
    expect(await balanceOf(t.database.db, s.id, new Date(now))).toEqual({ pending: 0, available: 0, paidOut: 0 })
    const a = await paidOrder(t, s, await newBuyer(), { priceCents: 10_000, shippingCents: 500 })
    const b = await paidOrder(t, s, await newBuyer(), { priceCents: 5_000 })
    // 15 % commission on the price, never on shipping: 10,000 + 500 − 1,500, and 5,000 − 750
    expect(await balanceOf(t.database.db, s.id, new Date(now))).toEqual({
      pending: 9_000 + 4_250,
      available: 0,
      paidOut: 0,
    })
    await post(s, `/api/orders/${a.id}/ship`, { carrier: 'UPS', trackingNumber: 'B1' })
    now += 6 * DAY
    await sweepOrders(orderDepsOf(t.app), new Date(now)) // a completes, b was never shipped: cancelled
    // a new seller's first completed sale waits NEW_SELLER_HOLD_DAYS (7) after its completion before payout
    const [completed] = await t.database.db.select().from(orders).where(eq(orders.id, a.id))
    expect(completed!.availableAt!.getTime() - completed!.completedAt!.getTime()).toBe(7 * DAY)
    expect(await balanceOf(t.database.db, s.id, new Date(now))).toEqual({ pending: 9_000, available: 0, paidOut: 0 })
    expect(await balanceOf(t.database.db, s.id, completed!.availableAt!)).toEqual({
      pending: 0,
      available: 9_000,
      paidOut: 0,
    })
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, s.id))
    expect(rows.reduce((sum, e) => sum + e.amountCents, 0)).toBe(9_000)
    await expectBalanced(t, b.id)
  })
})

describe('deleting an account with money in it', () => {
  it('is refused (409) while the user has open orders, as buyer or seller, or a balance', async () => {
    const s = await signUp(t.app, { email: 'm-leaving-seller@example.test', role: 'seller' })
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, s, buyer, { priceCents: 10_000 })
    const del = (userId: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: admin.bearer })
    const bySeller = await del(s.id)
    expect(bySeller.statusCode).toBe(409)
    expect(bySeller.json().message).toBe(
      'This account has 1 open order (paid, shipped or disputed): it can be deleted once they are closed.',
    )
    expect((await del(buyer.id)).statusCode).toBe(409)
    await post(s, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'DEL1' })
    await post(buyer, `/api/orders/${id}/confirm`)
    // the buyer's side is closed; the seller still has the sale's money to be paid out
    expect((await del(buyer.id)).json()).toEqual({ acknowledged: true, deletedCount: 1 })
    const withBalance = await del(s.id)
    expect(withBalance.statusCode).toBe(409)
    expect(withBalance.json().message).toBe(
      'This account has a balance of $85.00: it can be deleted once it is paid out or settled.',
    )
  })
})
