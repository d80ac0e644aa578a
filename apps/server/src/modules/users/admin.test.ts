import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, PASSWORD, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, payments, products, users, wishlists } from '../../db/schema/index.ts'

let t: TestApp
let admin: Session

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL })
  admin = await signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' })
})
afterAll(() => t.close())

const as = (s: Session) => s.bearer

describe('GET /api/users?role=', () => {
  it('lists customers or sellers, newest first, with verified for verified sellers', async () => {
    const c1 = await signUp(t.app, { email: 'c1@example.test', name: 'C One', role: 'customer' })
    const s1 = await signUp(t.app, { email: 's1@example.test', name: 'S One', role: 'seller' })
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, s1.id))
    const c2 = await signUp(t.app, { email: 'c2@example.test', name: 'C Two', role: 'customer' })
    const customers = (await t.app.inject({ url: '/api/users?role=customer', headers: as(admin) })).json()
    expect(customers.map((u: { _id: string }) => u._id).slice(0, 2)).toEqual([c2.id, c1.id])
    expect(customers[0]).toEqual({ _id: c2.id, name: 'C Two', email: 'c2@example.test', role: 'customer' })
    const sellers = (await t.app.inject({ url: '/api/users?role=seller', headers: as(admin) })).json()
    expect(sellers.find((u: { _id: string }) => u._id === s1.id)).toMatchObject({ verified: 'yes', role: 'seller' })
  })

  it('pages with limit and a Link header', async () => {
    const first = await t.app.inject({ url: '/api/users?role=customer&limit=1', headers: as(admin) })
    expect(first.json()).toHaveLength(1)
    const link = first.headers.link as string
    expect(link).toMatch(/rel="next"/)
    const next = await t.app.inject({ url: link.slice(1, link.indexOf('>')), headers: as(admin) })
    expect(next.json()[0]._id).not.toBe(first.json()[0]._id)
  })

  it('refuses a role outside customer/seller with 400', async () => {
    const res = await t.app.inject({ url: '/api/users?role=admin', headers: as(admin) })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Role must be customer or seller')
  })
})

describe('PUT /api/users/admin/:id (verify a seller)', () => {
  it("verifies a seller and the badge shows on the seller's listings at once", async () => {
    const s = await signUp(t.app, { email: 'badge@example.test', role: 'seller' })
    const product = await insertProduct(t.database.db, s.id, { category: 'Backpacks' })
    const before = (await t.app.inject('/api/categoryDetails/Backpacks')).json()
    expect(before.find((p: { _id: string }) => p._id === product.id)).not.toHaveProperty('verified')
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/admin/${s.id}`, headers: as(admin) })
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 })
    const after = (await t.app.inject('/api/categoryDetails/Backpacks')).json()
    expect(after.find((p: { _id: string }) => p._id === product.id).verified).toBe('yes')
    const lookup = await t.app.inject({ url: '/api/seller/verified/badge@example.test', headers: s.bearer })
    expect(lookup.json()).toEqual({ isVerified: true })
  })

  it('refuses a customer (409) and an unknown id (404)', async () => {
    const c = await signUp(t.app, { email: 'notseller@example.test', role: 'customer' })
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/admin/${c.id}`, headers: as(admin) })).statusCode,
    ).toBe(409)
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/admin/nobody', headers: as(admin) })).statusCode).toBe(
      404,
    )
  })
})

describe('DELETE /api/users/:id', () => {
  it('removes their listings, cancels unpaid bookings, keeps paid orders, and locks the account out', async () => {
    const s = await signUp(t.app, { email: 'leaving@example.test', role: 'seller' })
    const buyer = await signUp(t.app, { email: 'buyer@example.test', role: 'customer' })
    const forSale = await insertProduct(t.database.db, s.id)
    const sold = await insertProduct(t.database.db, s.id, { status: 'sold' })
    const hold = (productId: string, status: 'held' | 'paid') =>
      t.database.db
        .insert(bookings)
        .values({
          productId,
          customerId: buyer.id,
          customer: 'B',
          email: buyer.email,
          number: '1',
          location: 'x',
          priceCents: 100,
          status,
          expiresAt: new Date(Date.now() + 60_000),
        })
        .returning()
    const [held] = await hold(forSale.id, 'held')
    const [paid] = await hold(sold.id, 'paid')
    await t.database.db.insert(payments).values({
      bookingId: paid!.id,
      productId: sold.id,
      customerId: buyer.id,
      transactionId: 'tx_kept',
      amountCents: 100,
      email: buyer.email,
    })
    await t.database.db.insert(wishlists).values({ productId: forSale.id, userId: s.id })

    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${s.id}`, headers: as(admin) })
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 })

    const db = t.database.db
    expect((await db.select().from(products).where(eq(products.id, forSale.id)))[0]!.status).toBe('removed')
    expect((await db.select().from(products).where(eq(products.id, sold.id)))[0]!.status).toBe('sold')
    expect((await db.select().from(bookings).where(eq(bookings.id, held!.id)))[0]!.status).toBe('cancelled')
    expect((await db.select().from(bookings).where(eq(bookings.id, paid!.id)))[0]!.status).toBe('paid')
    expect(await db.select().from(payments).where(eq(payments.transactionId, 'tx_kept'))).toHaveLength(1)
    expect(await db.select().from(wishlists).where(eq(wishlists.userId, s.id))).toHaveLength(0)
    // locked out: the old token, the old session and the password all stop working
    expect((await t.app.inject({ url: '/api/me', headers: s.bearer })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: '/api/jwt?email=leaving@example.test', headers: { cookie: s.cookie } })).statusCode,
    ).toBe(401)
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'leaving@example.test', password: PASSWORD },
    })
    expect(signIn.statusCode).toBe(401)
    // gone from the lists; the email may sign up again as a new account
    const sellers = (await t.app.inject({ url: '/api/users?role=seller', headers: as(admin) })).json()
    expect(sellers.some((u: { _id: string }) => u._id === s.id)).toBe(false)
    await signUp(t.app, { email: 'leaving@example.test' })
  })

  it('refuses to delete yourself (409), an admin (403) or nobody (404)', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers: as(admin) })).statusCode,
    ).toBe(409)
    const other = await signUp(t.app, { email: 'second-admin@example.test' })
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.id))
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${other.id}`, headers: as(admin) })).statusCode,
    ).toBe(403)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/nobody', headers: as(admin) })).statusCode).toBe(
      404,
    )
  })
})
