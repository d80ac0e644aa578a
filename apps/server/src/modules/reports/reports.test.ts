import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, outbox, products, reports } from '../../db/schema/index.ts'

let t: TestApp
let seller: Session
let ann: Session
let bob: Session
let admin: Session

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '10' })
  ;[seller, ann, bob, admin] = await Promise.all([
    signUp(t.app, { email: 'rs@example.test', name: 'Rita Seller', role: 'seller' }),
    signUp(t.app, { email: 'ra@example.test', role: 'customer' }),
    signUp(t.app, { email: 'rb@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' }),
  ])
})
afterAll(() => t.close())

const report = (s: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers: s.bearer, payload })
const reported = (status = 'open') =>
  t.app.inject({ url: `/api/reports?status=${status}`, headers: admin.bearer }).then((r) => r.json())
const resolve = (productId: string, action: string, reason?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/reports/${productId}`,
    headers: admin.bearer,
    payload: { action, ...(reason === undefined ? {} : { reason }) },
  })

describe('reporting a listing', () => {
  it('records one open report per user and listing, with thanks', async () => {
    const p = await insertProduct(t.database.db, seller.id)
    const res = await report(ann, { product_id: p.id, reason: 'counterfeit', note: 'Stitching is off' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Thanks — our team will review this listing.')
    const twice = await report(ann, { product_id: p.id, reason: 'scam' })
    expect(twice.statusCode).toBe(409)
    expect((await report(bob, { product_id: p.id, reason: 'scam' })).statusCode).toBe(200)
    const item = (await reported()).find((r: { product_id: string }) => r.product_id === p.id)
    expect(item).toMatchObject({ count: 2, seller: 'Rita Seller', status: 'open' })
    expect(item.reasons.sort()).toEqual(['counterfeit', 'scam'])
    expect(item.notes).toEqual(['Stitching is off'])
  })

  it.each([
    [{ reason: 'counterfeit', product_id: '00000000-0000-4000-8000-000000000000' }, 404, 'Product not found'],
    [
      { reason: 'ugly', product_id: 'PID' },
      400,
      'reason must be one of counterfeit, misleading, prohibited, scam, other',
    ],
    [{ reason: 'other', note: 'x'.repeat(1001), product_id: 'PID' }, 400, 'note must be at most 1,000 characters'],
  ])('refuses %o with %i', async (body, status, message) => {
    const p = await insertProduct(t.database.db, seller.id)
    const res = await report(ann, { ...body, product_id: body.product_id === 'PID' ? p.id : body.product_id })
    expect(res.statusCode).toBe(status)
    expect(res.json().message).toBe(message)
  })

  it("refuses the seller's own listing with 403 and a clear message, and stores nothing", async () => {
    const p = await insertProduct(t.database.db, seller.id)
    const res = await report(seller, { product_id: p.id, reason: 'scam' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ statusCode: 403, message: 'You cannot report your own listing.' })
    const stored = await t.database.db.select().from(reports).where(eq(reports.productId, p.id))
    expect(stored).toHaveLength(0)
    expect((await report(ann, { product_id: p.id, reason: 'scam' })).statusCode).toBe(200)
  })

  it('refuses a removed listing with 404', async () => {
    const p = await insertProduct(t.database.db, seller.id, { status: 'removed' })
    expect((await report(ann, { product_id: p.id, reason: 'scam' })).statusCode).toBe(404)
  })
})

describe('moderation', () => {
  it('removes a reported listing: hidden everywhere, unpaid bookings cancelled, seller mailed, who and when kept', async () => {
    const p = await insertProduct(t.database.db, seller.id, {
      title: 'Fake Birkin',
      advertisement: true,
      createdAt: new Date(),
    })
    await report(ann, { product_id: p.id, reason: 'counterfeit' })
    const [held] = await t.database.db
      .insert(bookings)
      .values({
        productId: p.id,
        customerId: bob.id,
        customer: 'B',
        email: bob.email,
        number: '1',
        location: 'x',
        priceCents: 1,
        expiresAt: new Date(Date.now() + 600_000),
      })
      .returning()
    const res = await resolve(p.id, 'remove', 'The logo and stitching are not original.')
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await t.app.inject(`/api/products/${p.id}`)).statusCode).toBe(404)
    expect(
      ((await t.app.inject('/api/categoryDetails?advertised=true')).json() as { _id: string }[]).some(
        (x) => x._id === p.id,
      ),
    ).toBe(false)
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, held!.id)))[0]!.status).toBe('cancelled')
    expect((await t.database.db.select().from(products).where(eq(products.id, p.id)))[0]!.status).toBe('removed')
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, 'rs@example.test'))
    const mail = mails.find((m) => m.subject.includes('Fake Birkin'))
    expect(mail?.text).toContain('Reason: The logo and stitching are not original.')
    const [row] = await t.database.db.select().from(reports).where(eq(reports.productId, p.id))
    expect(row).toMatchObject({
      status: 'removed',
      resolvedBy: admin.id,
      resolutionNote: 'The logo and stitching are not original.',
    })
    expect(row!.resolvedAt).toBeInstanceOf(Date)
    expect((await reported()).some((r: { product_id: string }) => r.product_id === p.id)).toBe(false)
    expect((await reported('resolved')).find((r: { product_id: string }) => r.product_id === p.id)).toMatchObject({
      status: 'removed',
      resolvedBy: 'Ada',
      resolutionNote: 'The logo and stitching are not original.',
    })
  })

  it('dismisses reports and keeps the listing', async () => {
    const p = await insertProduct(t.database.db, seller.id)
    await report(ann, { product_id: p.id, reason: 'misleading' })
    expect((await resolve(p.id, 'dismiss')).json().modifiedCount).toBe(1)
    expect((await t.app.inject(`/api/products/${p.id}`)).statusCode).toBe(200)
    expect((await resolve(p.id, 'dismiss')).statusCode).toBe(404) // nothing open any more
    // the same user may report it again later
    expect((await report(ann, { product_id: p.id, reason: 'misleading' })).statusCode).toBe(200)
  })

  it('refuses a removal without a reason with 400 naming the field, and changes nothing', async () => {
    const p = await insertProduct(t.database.db, seller.id)
    await report(ann, { product_id: p.id, reason: 'other' })
    for (const reason of [undefined, '', '   ']) {
      const res = await resolve(p.id, 'remove', reason)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'reason is required' })
    }
    expect((await resolve(p.id, 'remove', 'x'.repeat(1001))).json().message).toBe(
      'reason must be at most 1,000 characters',
    )
    expect((await t.database.db.select().from(products).where(eq(products.id, p.id)))[0]!.status).toBe('available')
    expect((await reported()).some((r: { product_id: string }) => r.product_id === p.id)).toBe(true)
  })

  it('refuses a bad action with 400 and non-admins with 403', async () => {
    const p = await insertProduct(t.database.db, seller.id)
    await report(ann, { product_id: p.id, reason: 'other' })
    const bad = await resolve(p.id, 'burn')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('action must be remove or dismiss')
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/reports/${p.id}`,
          headers: seller.bearer,
          payload: { action: 'dismiss' },
        })
      ).statusCode,
    ).toBe(403)
    expect((await t.app.inject({ url: '/api/reports', headers: ann.bearer })).statusCode).toBe(403)
  })
})

describe('GET /api/dashboard/summary', () => {
  it('gives each role its figures', async () => {
    const customer = (await t.app.inject({ url: '/api/dashboard/summary', headers: bob.bearer })).json()
    expect(customer).toMatchObject({ role: 'customer', customer: { paidOrders: 0 } })
    const sellerView = (await t.app.inject({ url: '/api/dashboard/summary', headers: seller.bearer })).json()
    expect(sellerView.role).toBe('seller')
    expect(sellerView.seller.available).toBeGreaterThan(0)
    expect(sellerView.seller).toMatchObject({ sold: 0, salesTotal: 0, verified: false })
    const adminView = (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.bearer })).json()
    expect(adminView.admin).toMatchObject({ customers: 2, sellers: 1, unverifiedSellers: 1, salesThisWeek: 0 })
    expect(adminView.admin.openReports).toBeGreaterThanOrEqual(1)
  })
})
