import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { ADDRESS, expectBalanced, paidOrder } from '../../../test/order-fixtures.ts'
import { bookings, orderEvents, orders, outbox, products, refunds } from '../../db/schema/index.ts'
import { orderDepsOf } from './order-deps.ts'
import { sweepOrders } from './orders.service.ts'

/** SHIP_DAYS and AUTO_COMPLETE_DAYS with a moved clock: the sweeper, two sweepers at once, and reads catching up. */
let t: TestApp
let now = Date.UTC(2026, 10, 2, 9)
let seller: Session
let buyers = 0
const DAY = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100', SHIP_DAYS: '4', AUTO_COMPLETE_DAYS: '2' }, { clock: () => now })
  seller = await signUp(t.app, { email: 'd-seller@example.test', role: 'seller' })
})
afterAll(() => t.close())

const newBuyer = () => signUp(t.app, { email: `d-buyer${++buyers}@example.test`, role: 'customer' })
const sweep = () => sweepOrders(orderDepsOf(t.app), new Date(now))
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const mails = async (subject: string) =>
  (await t.database.db.select().from(outbox)).filter((m) => m.subject.startsWith(subject))

describe('order deadlines', () => {
  it('stores the rules on the order, reminds the seller once a day before ship-by, then cancels and refunds', async () => {
    const buyer = await newBuyer()
    const { id, productId } = await paidOrder(t, seller, buyer)
    expect(await orderRow(id)).toMatchObject({ shipDays: 4, autoCompleteDays: 2, commissionPercent: 15 })
    now += 2 * DAY
    expect(await sweep()).toMatchObject({ reminded: 0, cancelled: 0 })
    now += 1 * DAY + 60_000 // less than a day before ship-by
    expect((await sweep()).reminded).toBe(1)
    expect((await sweep()).reminded).toBe(0)
    expect((await mails('Reminder: ship')).length).toBe(1)
    expect((await orderRow(id)).status).toBe('paid')
    now += DAY
    expect((await sweep()).cancelled).toBe(1)
    const o = await orderRow(id)
    expect(o).toMatchObject({ status: 'cancelled' })
    expect(o.cancelledAt!.toISOString()).toBe(o.shipBy!.toISOString())
    await expectBalanced(t, id)
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, id))
    expect(refund).toMatchObject({ amountCents: o.amountPaidCents, actorId: null, provider: 'test' })
    expect((await t.database.db.select().from(products).where(eq(products.id, productId)))[0]!.status).toBe('available')
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe('cancelled')
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))
    expect(events.map((e) => [e.status, e.actorRole])).toEqual([
      ['paid', 'buyer'],
      ['cancelled', 'system'],
    ])
    // too late to ship: 409 naming the state
    const late = await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: '1Z' })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This order is cancelled: that is not possible now.')
  })

  it('never runs the clock while the address is missing', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { address: null })
    now += 30 * DAY
    await sweep()
    expect(await orderRow(id)).toMatchObject({ status: 'paid', shipBy: null, reminderSentAt: null })
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/address`,
      headers: buyer.bearer,
      payload: ADDRESS,
    })
    expect(put.json().shipBy).toBe(new Date(now + 4 * DAY).toISOString())
  })

  it('completes a shipped order AUTO_COMPLETE_DAYS after shipping; a read catches up without the sweeper', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'FedEx', trackingNumber: 'F1' })
    now += 2 * DAY - 1
    expect((await t.app.inject({ url: `/api/orders/${id}`, headers: buyer.bearer })).json().status).toBe('shipped')
    now += 1
    // no sweep: reading the order applies the deadline first (a server that was down catches up)
    const read = await t.app.inject({ url: `/api/orders/${id}`, headers: seller.bearer })
    expect(read.json()).toMatchObject({ status: 'completed', sellerAmount: 85 }) // 100 − 15 % commission
    expect(read.json().timeline.at(-1)).toMatchObject({ status: 'completed', actor: 'system' })
    // the buyer's dispute came too late
    const dispute = await post(buyer, `/api/orders/${id}/dispute`, { reason: 'damaged', note: 'x' })
    expect(dispute.statusCode).toBe(409)
    expect(dispute.json().message).toBe('This order is completed: that is not possible now.')
    expect((await sweep()).completed).toBe(0)
  })

  it('hides the address from the seller 30 days after completion; the buyer keeps it', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer)
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'DHL', trackingNumber: 'A30' })
    await post(buyer, `/api/orders/${id}/confirm`)
    const read = (s: Session) => t.app.inject({ url: `/api/orders/${id}`, headers: s.bearer })
    now += 30 * DAY
    expect((await read(seller)).json().address).toEqual(ADDRESS)
    now += 1
    expect((await read(seller)).json().address).toBeNull()
    expect((await read(buyer)).json().address).toEqual(ADDRESS)
  })

  it('a move after a passed deadline is refused, and the deadline is kept', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer)
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'DHL', trackingNumber: 'D9' })
    now += 3 * DAY
    const confirm = await post(buyer, `/api/orders/${id}/confirm`)
    expect(confirm.statusCode).toBe(409)
    expect((await orderRow(id)).status).toBe('completed')
  })

  it('two sweepers at once move each due order exactly once', async () => {
    now += 30 * DAY
    await sweep() // the earlier tests' orders are settled first
    const ids: string[] = []
    for (let i = 0; i < 4; i++) ids.push((await paidOrder(t, seller, await newBuyer(), { priceCents: 3_000 + i })).id)
    const shipped = ids.slice(0, 2)
    for (const id of shipped)
      await post(seller, `/api/orders/${id}/ship`, { carrier: 'USPS', trackingNumber: `U${id.slice(0, 4)}` })
    now += 10 * DAY
    const [a, b] = await Promise.all([sweep(), sweep()])
    expect(a.cancelled + b.cancelled).toBe(2)
    expect(a.completed + b.completed).toBe(2)
    for (const id of ids) {
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))
      expect(events.filter((e) => e.actorRole === 'system')).toHaveLength(1)
      const r = await t.database.db.select().from(refunds).where(eq(refunds.orderId, id))
      expect(r).toHaveLength(shipped.includes(id) ? 0 : 1)
      await expectBalanced(t, id)
    }
  })
})
