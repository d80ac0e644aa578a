import { messages } from '@preloved/shared/messages'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { expectBalanced, paidOrder } from '../../../test/order-fixtures.ts'
import { auditLog, refunds } from '../../db/schema/index.ts'

/**
 * An admin's Idempotency-Key on refund and resolve (decision 031): the same key with the same body is the same
 * answer and one refund; the same key with another body is a 422 naming the key and the difference, and changes
 * nothing, as Stripe answers it.
 */
let t: TestApp
let seller: Session
let admin: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' })
  seller = await signUp(t.app, { email: 'idem-seller@example.test', role: 'seller' })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(() => t.close())

const post = (s: Session, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...s.bearer, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })
const refundRows = async (orderId: string) =>
  (await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).map((r) => r.amountCents)
const newBuyer = () => signUp(t.app, { email: `idem-buyer${++buyers}@example.test`, role: 'customer' })

function expectKeyReused(res: { statusCode: number; json(): unknown; body: string }, key: string, what: string) {
  expect(res.statusCode, res.body).toBe(422)
  expect(res.json()).toEqual({
    statusCode: 422,
    error: 'Unprocessable Entity',
    message: messages.orderMoves.idempotencyKeyReused(key, what),
  })
}

describe('Idempotency-Key on an admin refund', () => {
  it('the same key and body answer as the first time; another amount, reason or route is a 422, nothing done', async () => {
    const { id } = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 })
    const url = `/api/orders/${id}/refund`
    const first = await post(admin, url, { amount: 20, reason: 'Scratched' }, 'click-1')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ status: 'paid', refunded: 20 })

    const again = await post(admin, url, { amount: 20, reason: 'Scratched' }, 'click-1')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())

    expectKeyReused(
      await post(admin, url, { amount: 30, reason: 'Scratched' }, 'click-1'),
      'click-1',
      'amount $20.00 then, $30.00 now',
    )
    expectKeyReused(
      await post(admin, url, { reason: 'Scratched' }, 'click-1'),
      'click-1',
      'amount $20.00 then, in full now',
    )
    expectKeyReused(await post(admin, url, { amount: 20, reason: 'Torn' }, 'click-1'), 'click-1', 'another reason')
    expectKeyReused(
      await post(admin, `/api/orders/${id}/resolve`, { outcome: 'refund', amount: 20, reason: 'Scratched' }, 'click-1'),
      'click-1',
      'it made a refund, this is a dispute resolution; outcome none then, refund now',
    )
    expect(await refundRows(id)).toEqual([2_000])
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, id), eq(auditLog.action, 'refund')))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.detail).toMatchObject({ amountCents: 2_000, idempotencyKey: 'click-1' })

    // a new key is a new refund; without a key each request is its own
    const second = await post(admin, url, { amount: 30, reason: 'Scratched' }, 'click-2')
    expect(second.json()).toMatchObject({ status: 'paid', refunded: 50 })
    expect(await refundRows(id)).toEqual([2_000, 3_000])
    await expectBalanced(t, id)
  })

  it('a key sent for a full refund replays it, and refuses a partial one under the same key', async () => {
    const { id } = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 })
    const url = `/api/orders/${id}/refund`
    const full = await post(admin, url, { reason: 'Lost in transit' }, 'full-1')
    expect(full.json()).toMatchObject({ status: 'refunded', refunded: 85 })
    const again = await post(admin, url, { reason: 'Lost in transit' }, 'full-1')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(full.json())
    expectKeyReused(
      await post(admin, url, { amount: 85, reason: 'Lost in transit' }, 'full-1'),
      'full-1',
      'amount in full then, $85.00 now',
    )
    expect(await refundRows(id)).toEqual([8_500])
  })

  it('a dispute resolved with a key: replayed as it was, another amount or outcome under it is a 422', async () => {
    const buyer = await newBuyer()
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'K1' })
    expect((await post(buyer, `/api/orders/${id}/dispute`, { reason: 'damaged', note: 'Torn' })).statusCode).toBe(200)
    const url = `/api/orders/${id}/resolve`
    const body = { outcome: 'refund', amount: 25.5, reason: 'Partly damaged' }
    const first = await post(admin, url, body, 'resolve-1')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ status: 'completed', refunded: 25.5 })
    const again = await post(admin, url, body, 'resolve-1')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())
    expectKeyReused(
      await post(admin, url, { ...body, amount: 40 }, 'resolve-1'),
      'resolve-1',
      'amount $25.50 then, $40.00 now',
    )
    expectKeyReused(
      await post(admin, url, { outcome: 'release', reason: 'Partly damaged' }, 'resolve-1'),
      'resolve-1',
      'outcome refund then, release now; amount $25.50 then, in full now',
    )
    expect(await refundRows(id)).toEqual([2_550])
    await expectBalanced(t, id)
  })

  it('a refund keyed before requests were kept is compared by its amount', async () => {
    const { id } = await paidOrder(t, seller, await newBuyer(), { priceCents: 10_000 })
    const url = `/api/orders/${id}/refund`
    expect((await post(admin, url, { amount: 10, reason: 'Old' }, 'old-1')).statusCode).toBe(200)
    // as an earlier version wrote it: no request in the audit detail
    await t.database.db
      .update(auditLog)
      .set({ detail: { amountCents: 1_000 } })
      .where(eq(auditLog.orderId, id))
    expect((await post(admin, url, { amount: 10, reason: 'Old' }, 'old-1')).statusCode).toBe(200)
    expectKeyReused(
      await post(admin, url, { amount: 11, reason: 'Old' }, 'old-1'),
      'old-1',
      'amount $10.00 then, $11.00 now',
    )
    expect(await refundRows(id)).toEqual([1_000])
  })
})
