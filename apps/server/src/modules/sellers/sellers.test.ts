import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, insertUser } from '../../../test/fixtures.ts'
import { users } from '../../db/schema/index.ts'

let t: TestApp
let seller: Session
let customer: Session
let admin: Session
/** The seller's listings for sale, newest first. */
let forSale: string[]

const profile = (id: string, query = '') => t.app.inject(`/api/sellers/${encodeURIComponent(id)}${query}`)

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL })
  ;[seller, customer, admin] = await Promise.all([
    signUp(t.app, { email: 'sela@example.test', name: 'Sela Seller', role: 'seller' }),
    signUp(t.app, { email: 'cass@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  const other = await insertUser(t.database.db, { role: 'seller' })
  forSale = []
  for (let i = 0; i < 5; i++) forSale.unshift((await insertProduct(t.database.db, seller.id)).id)
  await insertProduct(t.database.db, seller.id, { status: 'sold' })
  await insertProduct(t.database.db, seller.id, { status: 'sold' })
  await insertProduct(t.database.db, seller.id, { status: 'removed' })
  await insertProduct(t.database.db, other.id)
})
afterAll(() => t.close())

describe('GET /api/sellers/{id}', () => {
  it('answers the profile: counts, badges, and the listings for sale newest first, without contact details', async () => {
    const res = await profile(seller.id)
    expect(res.statusCode, res.body).toBe(200)
    const json = res.json()
    const [user] = await t.database.db.select().from(users).where(eq(users.id, seller.id))
    expect(json).toMatchObject({
      _id: seller.id,
      name: 'Sela Seller',
      verified: false,
      memberSince: user!.createdAt.toISOString(),
      listed: 5,
      sold: 2,
      rating: { average: null, count: 0 },
      badges: [],
      medianShipHours: null,
    })
    expect(json.items.map((p: { _id: string }) => p._id)).toEqual(forSale)
    for (const item of json.items) {
      expect(item).toMatchObject({ sellerId: seller.id, status: 'available' })
      expect(item).not.toHaveProperty('email')
      expect(item).not.toHaveProperty('phone')
    }
    expect(res.headers.link).toBeUndefined()
  })

  it('shows the Verified badge of a verified seller', async () => {
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, seller.id))
    const json = (await profile(seller.id)).json()
    expect(json).toMatchObject({ verified: true, badges: ['Verified'] })
    await t.database.db.update(users).set({ verified: false }).where(eq(users.id, seller.id))
  })

  it('pages its listings with limit, cursor and a Link header, each once', async () => {
    const seen: string[] = []
    let url: string | undefined = `/api/sellers/${seller.id}?limit=2`
    let pages = 0
    while (url) {
      const res = await t.app.inject(url)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().listed).toBe(5)
      seen.push(...res.json().items.map((p: { _id: string }) => p._id))
      const link = res.headers.link as string | undefined
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined
      pages++
    }
    expect(pages).toBe(3)
    expect(seen).toEqual(forSale)
  })

  it.each([
    ['limit=0', 'limit must be a whole number between 1 and 100'],
    ['limit=101', 'limit must be a whole number between 1 and 100'],
    ['cursor=%27%20or%201=1', 'cursor is not a valid paging cursor'],
    ['cursor=bm90LWEtY3Vyc29y', messages.common.invalidCursor],
  ])('refuses ?%s with 400', async (query, message) => {
    const res = await profile(seller.id, `?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('answers 404 for an unknown id, a customer, an admin and a deleted seller', async () => {
    const gone = await insertUser(t.database.db, { role: 'seller', deletedAt: new Date() })
    await insertProduct(t.database.db, gone.id)
    for (const id of ['nobody', customer.id, admin.id, gone.id, "x' or '1'='1"]) {
      const res = await profile(id)
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: messages.listings.sellerNotFound })
    }
  })
})
