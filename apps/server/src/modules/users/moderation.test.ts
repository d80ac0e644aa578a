import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { outbox, reports, users } from '../../db/schema/index.ts'

// An admin sees a seller's record before deciding, and withdraws a verification with a reason.

let t: TestApp
let admin: Session
let seller: Session
let customer: Session

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL })
  ;[admin, seller, customer] = await Promise.all([
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' }),
    signUp(t.app, { email: 'mod-seller@example.test', name: 'Mona Seller', role: 'seller' }),
    signUp(t.app, { email: 'mod-customer@example.test', name: 'Carl', role: 'customer' }),
  ])
})
afterAll(() => t.close())

const summaryOf = (id: string, headers?: Record<string, string>) =>
  t.app.inject({ url: `/api/users/${id}/summary`, ...(headers ? { headers } : {}) })
const unverify = (id: string, payload: unknown, headers: Record<string, string> = admin.bearer) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/unverify`, headers, payload: payload as object })

describe('GET /api/users/:id/summary', () => {
  it("gives the seller's join date, listings, sales and reports", async () => {
    const s = await signUp(t.app, { email: 'sum@example.test', name: 'Sue Summary', role: 'seller' })
    const [live] = await Promise.all([
      insertProduct(t.database.db, s.id),
      insertProduct(t.database.db, s.id),
      insertProduct(t.database.db, s.id, { status: 'sold' }),
      insertProduct(t.database.db, s.id, { status: 'removed' }),
    ])
    await t.database.db.insert(reports).values([
      { productId: live!.id, reporterId: customer.id, reason: 'scam' },
      { productId: live!.id, reporterId: admin.id, reason: 'other', status: 'dismissed' },
    ])
    const res = await summaryOf(s.id, admin.bearer)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      _id: s.id,
      name: 'Sue Summary',
      email: 'sum@example.test',
      role: 'seller',
      verified: false,
      listings: 2,
      sales: 1,
      reports: 2,
      openReports: 1,
      unverifiedReason: null,
    })
    expect(Date.now() - Date.parse(body.joined)).toBeLessThan(60_000)
  })

  it('answers the role matrix: visitor 401, customer 403, seller 403, admin 200, unknown id 404', async () => {
    expect((await summaryOf(seller.id)).statusCode).toBe(401)
    expect((await summaryOf(seller.id, customer.bearer)).statusCode).toBe(403)
    expect((await summaryOf(seller.id, seller.bearer)).statusCode).toBe(403)
    expect((await summaryOf(seller.id, admin.bearer)).statusCode).toBe(200)
    const unknown = await summaryOf('no-such-user', admin.bearer)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'User not found' })
  })
})

describe('PUT /api/users/:id/unverify', () => {
  it('withdraws the badge, keeps the reason, mails the seller and shows them why; verifying again clears it', async () => {
    const s = await signUp(t.app, { email: 'unv@example.test', name: 'Una Verified', role: 'seller' })
    const product = await insertProduct(t.database.db, s.id, { category: 'Tote' })
    await t.app.inject({ method: 'PUT', url: `/api/users/admin/${s.id}`, headers: admin.bearer })
    const reason = 'Two listings were reported as counterfeit.'
    const res = await unverify(s.id, { reason: `  ${reason}  ` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 })
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.id))
    expect(row).toMatchObject({ verified: false, unverifiedReason: reason })
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'unv@example.test'), like(outbox.subject, '%no longer verified%')))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your seller account is no longer verified')
    expect(mails[0]!.text).toContain(`Reason: ${reason}`)
    // the badge leaves the listing at once
    const listed = (await t.app.inject('/api/categoryDetails/Tote')).json() as { _id: string }[]
    expect(listed.find((p) => p._id === product.id)).not.toHaveProperty('verified')
    // the seller sees why with their status; the admin's summary shows it too
    const lookup = await t.app.inject({ url: '/api/seller/verified/unv@example.test', headers: s.bearer })
    expect(lookup.json()).toEqual({ isVerified: false, reason })
    expect((await summaryOf(s.id, admin.bearer)).json().unverifiedReason).toBe(reason)
    // a second withdrawal has nothing to withdraw
    const again = await unverify(s.id, { reason: 'again' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This seller is not verified.')
    // verified again: the reason goes
    await t.app.inject({ method: 'PUT', url: `/api/users/admin/${s.id}`, headers: admin.bearer })
    const back = await t.app.inject({ url: '/api/seller/verified/unv@example.test', headers: s.bearer })
    expect(back.json()).toEqual({ isVerified: true })
    expect((await summaryOf(s.id, admin.bearer)).json()).toMatchObject({ verified: true, unverifiedReason: null })
  })

  it.each([
    [{}, 'reason is required'],
    [{ reason: '   ' }, 'reason is required'],
    [{ reason: 'x'.repeat(1001) }, 'reason must be at most 1,000 characters'],
  ])('refuses %o with 400 naming the field', async (payload, message) => {
    const res = await unverify(seller.id, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
  })

  it('answers the role matrix and refuses a customer or an unknown id', async () => {
    const body = { reason: 'r' }
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${seller.id}/unverify`, payload: body })).statusCode,
    ).toBe(401)
    expect((await unverify(seller.id, body, customer.bearer)).statusCode).toBe(403)
    expect((await unverify(seller.id, body, seller.bearer)).statusCode).toBe(403)
    expect((await unverify('no-such-user', body)).statusCode).toBe(404)
    const notSeller = await unverify(customer.id, body)
    expect(notSeller.statusCode).toBe(409)
    expect(notSeller.json().message).toBe('Only sellers can be verified.')
    // nothing changed and nobody was mailed for the refused calls
    const withdrawn = like(outbox.subject, '%no longer verified%')
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, 'mod-seller@example.test'), withdrawn)),
    ).toEqual([])
  })
})
