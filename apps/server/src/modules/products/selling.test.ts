import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { listingBody } from '../../../test/fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import { bookings, products, users } from '../../db/schema/index.ts'

let t: TestApp
let seller: Session
let other: Session
let customer: Session
let admin: Session
let img: string

const body = (over: Record<string, unknown> = {}) => listingBody(img, { specialty: 'Folds into its own flap', ...over })

const add = (s: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/categoryDetails', headers: s.bearer, payload })

beforeAll(async () => {
  // the seller lists more bags here than a new seller's hourly 10 (listing-rate-limit.test.ts tests that limit)
  t = await buildTestApp({ ADMIN_EMAIL, LISTINGS_PER_HOUR_UNVERIFIED: '1000' })
  ;[seller, other, customer, admin] = await Promise.all([
    signUp(t.app, { email: 'sally@example.test', name: 'Sally Seller', role: 'seller' }),
    signUp(t.app, { email: 'otto@example.test', name: 'Otto Other', role: 'seller' }),
    signUp(t.app, { email: 'cara@example.test', name: 'Cara Customer', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada Admin' }),
  ])
  img = await uploadPhoto(t.app, seller, '#223355', { width: 1000, height: 1000 })
})
afterAll(() => t.close())

describe('POST /api/categoryDetails', () => {
  it('lists the bag under the seller from the token, ignoring identity in the body', async () => {
    const res = await add(seller, {
      ...body({ resell_price: 79.99 }),
      seller: 'Mallory',
      email: 'mallory@example.test',
      verified: 'yes',
      advertisement: true,
    })
    expect(res.statusCode).toBe(200)
    const { acknowledged, insertedId } = res.json()
    expect(acknowledged).toBe(true)
    // the seller reads their own listing with its contact details
    const detail = (await t.app.inject({ url: `/api/products/${insertedId}`, headers: seller.bearer })).json()
    expect(detail).toMatchObject({
      title: 'Test Tote',
      seller: 'Sally Seller',
      email: 'sally@example.test',
      original_price: 200,
      resell_price: 79.99,
      advertisement: false,
      status: 'available',
      img,
      thumb: img.replace('-800.webp', '-320.webp'),
    })
    expect(detail).not.toHaveProperty('verified')
    const [row] = await t.database.db.select().from(products).where(eq(products.id, insertedId))
    expect(row!.resellPriceCents).toBe(7999)
    // the new listing shows in its category at once
    const tote = (await t.app.inject('/api/categoryDetails/Tote')).json()
    expect(tote[0]._id).toBe(insertedId)
  })

  it("marks a verified seller's listing verified", async () => {
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, other.id))
    // a photo of their own: another seller's upload is refused (images/ownership.test.ts)
    const res = await add(other, body({ title: 'Verified bag', img: await uploadPhoto(t.app, other) }))
    expect((await t.app.inject(`/api/products/${res.json().insertedId}`)).json().verified).toBe('yes')
  })

  it.each([
    ['title', { title: '' }, 'Name is required'],
    ['phone', { phone: '' }, 'Phone Number is required'],
    ['original_price', { original_price: '' }, 'Original price is required'],
    ['resell_price', { resell_price: undefined }, 'Resell price is required'],
    ['location', { location: '  ' }, 'Location is required'],
    ['year', { year: '' }, 'Purchase year is required'],
    ['img', { img: '' }, 'Image is required'],
    ['description', { description: '' }, 'Description is required'],
    ['negative price', { original_price: -5 }, 'Original price must be more than 0'],
    ['price over the bound', { resell_price: 1_000_001 }, 'Resell price must be at most 1,000,000'],
    ['three decimals', { resell_price: 10.999 }, 'Resell price can have at most 2 decimals'],
    ['text price', { original_price: 'lots' }, 'Original price must be a number'],
    ['condition', { condition: 'mint' }, 'condition must be excellent, good or fair'],
    ['category', { category: 'Clutch' }, 'category must be one of Shoulder, Tote, Backpacks'],
    ['year format', { year: '22' }, 'Purchase year must be a year like 2021'],
    ['long description', { description: 'x'.repeat(2001) }, 'description must be at most 2000 characters'],
  ])('refuses a bad %s with 400 and the field message', async (_name, over, message) => {
    const before = (await t.database.db.select().from(products)).length
    const res = await add(seller, body(over))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect((await t.database.db.select().from(products)).length).toBe(before)
  })

  it('accepts a resell price above the original (a bag can gain value)', async () => {
    expect((await add(seller, body({ original_price: 100, resell_price: 150 }))).statusCode).toBe(200)
  })

  it('accepts only pictures of our own image store', async () => {
    for (const bad of [
      'https://evil.example/x-800.webp',
      '/uploads/../../etc/passwd',
      '/uploads/abc.webp',
      'javascript:alert(1)',
    ]) {
      const res = await add(seller, body({ img: bad }))
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().message).toMatch(/img must be a photo uploaded to this site/)
    }
  })
})

describe('My Products: GET /api/categoryDetails?email=', () => {
  it("lists only the seller's own listings, sold ones too, newest first", async () => {
    const mine = (await add(seller, body({ title: 'Mine, soon sold' }))).json().insertedId
    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, mine))
    const res = await t.app.inject({ url: '/api/categoryDetails?email=sally@example.test', headers: seller.bearer })
    expect(res.statusCode).toBe(200)
    const list = res.json() as { email: string; title: string; status: string }[]
    expect(list.length).toBeGreaterThan(1)
    expect(list.every((p) => p.email === 'sally@example.test')).toBe(true)
    expect(list[0]).toMatchObject({ title: 'Mine, soon sold', status: 'sold' })
    // …while the public category hides it
    const tote = (await t.app.inject('/api/categoryDetails/Tote')).json() as { _id: string }[]
    expect(tote.some((p) => p._id === mine)).toBe(false)
  })

  it("refuses another seller's email (403) and anonymous callers (401)", async () => {
    expect(
      (await t.app.inject({ url: '/api/categoryDetails?email=sally@example.test', headers: other.bearer })).statusCode,
    ).toBe(403)
    expect((await t.app.inject('/api/categoryDetails?email=sally@example.test')).statusCode).toBe(401)
  })
})

describe('advertise: PUT /api/users/seller/:id', () => {
  it('puts the listing on the home page', async () => {
    const id = (await add(seller, body({ title: 'Ad me' }))).json().insertedId
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/seller/${id}`, headers: seller.bearer })
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 })
    const ads = (await t.app.inject('/api/categoryDetails?advertised=true')).json() as { _id: string }[]
    expect(ads.map((p) => p._id)).toContain(id)
    const again = await t.app.inject({ method: 'PUT', url: `/api/users/seller/${id}`, headers: seller.bearer })
    expect(again.json().modifiedCount).toBe(0)
  })

  it("refuses another seller's listing (403), an unknown one (404) and a sold one (409)", async () => {
    const id = (await add(seller, body({ title: 'Not yours' }))).json().insertedId
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/seller/${id}`, headers: other.bearer })).statusCode,
    ).toBe(403)
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/seller/00000000-0000-4000-8000-000000000000',
          headers: seller.bearer,
        })
      ).statusCode,
    ).toBe(404)
    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, id))
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/seller/${id}`, headers: seller.bearer })).statusCode,
    ).toBe(409)
  })
})

describe('DELETE /api/categoryDetails/:id', () => {
  it('removes the listing everywhere and cancels unpaid bookings of it', async () => {
    const id = (await add(seller, body({ title: 'Delete me' }))).json().insertedId
    await t.database.db.insert(bookings).values({
      productId: id,
      customerId: customer.id,
      customer: 'Cara',
      email: customer.email,
      number: '555',
      location: 'Here',
      priceCents: 7999,
      expiresAt: new Date(Date.now() + 60_000),
    })
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${id}`, headers: seller.bearer })
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 })
    expect((await t.app.inject(`/api/products/${id}`)).statusCode).toBe(404)
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.productId, id))
    expect(booking!.status).toBe('cancelled')
    const again = await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${id}`, headers: seller.bearer })
    expect(again.statusCode).toBe(404)
  })

  it('lets an admin remove any listing, and nobody else', async () => {
    const id = (await add(seller, body({ title: 'Admin removes' }))).json().insertedId
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${id}`, headers: other.bearer })).statusCode,
    ).toBe(403)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${id}`, headers: customer.bearer }))
        .statusCode,
    ).toBe(403)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${id}`, headers: admin.bearer })).json()
        .deletedCount,
    ).toBe(1)
  })

  it('refuses to delete a sold bag with 409', async () => {
    const id = (await add(seller, body({ title: 'Sold one' }))).json().insertedId
    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, id))
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${id}`, headers: seller.bearer })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/sold/)
  })
})
