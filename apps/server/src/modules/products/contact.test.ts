import { productListSchema, productSchema } from '@preloved/shared/products'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signIn, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { users } from '../../db/schema/index.ts'

// The seller's email and phone go only to the listing's seller and to admins.

let t: TestApp
let seller: Session
let otherSeller: Session
let customer: Session
let admin: Session
let productId: string
const PHONE = '+1 555 0199'

beforeAll(async () => {
  t = await buildTestApp()
  ;[seller, otherSeller, customer] = await Promise.all([
    signUp(t.app, { email: 'contact-seller@example.test', role: 'seller' }),
    signUp(t.app, { email: 'contact-other@example.test', role: 'seller' }),
    signUp(t.app, { email: 'contact-customer@example.test', role: 'customer' }),
  ])
  const made = await signUp(t.app, { email: 'contact-admin@example.test' })
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, made.id))
  admin = await signIn(t.app, made.email)
  productId = (
    await insertProduct(t.database.db, seller.id, { title: 'Contact Tote', phone: PHONE, advertisement: true })
  ).id
})
afterAll(() => t.close())

type Who = 'anonymous' | 'customer' | 'other seller' | 'seller' | 'admin'
const headersOf = (who: Who) =>
  ({
    anonymous: {},
    customer: customer.bearer,
    'other seller': otherSeller.bearer,
    seller: seller.bearer,
    admin: admin.bearer,
  })[who]
const get = (url: string, who: Who) => t.app.inject({ url, headers: headersOf(who) })

const PUBLIC_LISTS = ['/api/categoryDetails', '/api/categoryDetails?advertised=true', '/api/categoryDetails/Tote']

describe('seller contact details', () => {
  it.each(['anonymous', 'customer', 'other seller', 'seller', 'admin'] as const)(
    'public lists carry no email or phone, whoever asks (%s): the same cached answer for everyone',
    async (who) => {
      for (const url of PUBLIC_LISTS) {
        const res = await get(url, who)
        expect(res.statusCode, url).toBe(200)
        const mine = productListSchema.parse(res.json()).find((p) => p._id === productId)!
        expect(mine, url).toBeDefined()
        expect(mine, url).not.toHaveProperty('email')
        expect(mine, url).not.toHaveProperty('phone')
        expect(res.body, url).not.toContain(seller.email)
        expect(res.body, url).not.toContain(PHONE)
        expect(mine.seller_id).toBe(seller.id) // the seller's page still knows its own listings
      }
    },
  )

  it.each(['anonymous', 'customer', 'other seller'] as const)('the product page hides them from %s', async (who) => {
    const res = await get(`/api/products/${productId}`, who)
    expect(res.statusCode).toBe(200)
    const product = productSchema.parse(res.json())
    expect(product).not.toHaveProperty('email')
    expect(product).not.toHaveProperty('phone')
    expect(res.body).not.toContain(PHONE)
  })

  it.each(['seller', 'admin'] as const)('the product page shows them to the %s', async (who) => {
    const res = await get(`/api/products/${productId}`, who)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email: seller.email, phone: PHONE })
    expect(res.headers.vary).toMatch(/authorization/)
    expect(res.headers['cache-control']).toMatch(/private/)
  })

  it('the product page answers a stale token as it answers a visitor', async () => {
    const res = await t.app.inject({ url: `/api/products/${productId}`, headers: { authorization: 'Bearer nope' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).not.toHaveProperty('phone')
  })

  it('My Products (?email=) keeps them, for the seller and for an admin', async () => {
    for (const who of ['seller', 'admin'] as const) {
      const res = await get(`/api/categoryDetails?email=${seller.email}`, who)
      expect(res.statusCode).toBe(200)
      expect(res.json()[0]).toMatchObject({ _id: productId, email: seller.email, phone: PHONE })
    }
  })

  it('a seller or admin reading a list first does not leave contact details in the shared cache', async () => {
    await get(`/api/products/${productId}`, 'admin')
    await get(`/api/categoryDetails?email=${seller.email}`, 'seller')
    await get('/api/categoryDetails/Tote', 'admin')
    const res = await get('/api/categoryDetails/Tote', 'anonymous')
    expect(res.body).not.toContain(PHONE)
    expect(res.body).not.toContain(seller.email)
  })
})
