import { productListSchema, productSchema } from '@preloved/shared/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, insertUser } from '../../../test/fixtures.ts'

let t: TestApp
let productIds: { toteA: string; toteB: string; shoulderAd: string; sold: string; removed: string }

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  const verified = await insertUser(db, {
    name: 'Vera Seller',
    email: 'vera@example.test',
    role: 'seller',
    verified: true,
  })
  const plain = await insertUser(db, { name: 'Paul Seller', email: 'paul@example.test', role: 'seller' })
  const toteA = await insertProduct(db, verified.id, {
    title: 'Tote A',
    resellPriceCents: 12050,
    originalPriceCents: 30000,
  })
  const toteB = await insertProduct(db, plain.id, { title: 'Tote B' })
  const shoulderAd = await insertProduct(db, plain.id, {
    title: 'Shoulder Ad',
    category: 'Shoulder',
    advertisement: true,
  })
  const sold = await insertProduct(db, plain.id, { title: 'Sold Tote', status: 'sold' })
  const removed = await insertProduct(db, plain.id, { title: 'Removed Tote', status: 'removed', advertisement: true })
  productIds = { toteA: toteA.id, toteB: toteB.id, shoulderAd: shoulderAd.id, sold: sold.id, removed: removed.id }
})
afterAll(() => t.close())

describe('GET /api/categories', () => {
  it('lists the three categories with the original fields', async () => {
    const res = await t.app.inject('/api/categories')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.map((c: { category: string }) => c.category)).toEqual(['Shoulder', 'Tote', 'Backpacks'])
    expect(Object.keys(body[0]).sort()).toEqual(['_id', 'category', 'category_id', 'description', 'icon', 'title'])
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject('/api/categories')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"/)
    const again = await t.app.inject({ url: '/api/categories', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })
})

describe('GET /api/categoryDetails', () => {
  it('lists every listing for sale, newest first, hiding sold and removed ones', async () => {
    const res = await t.app.inject('/api/categoryDetails')
    expect(res.statusCode).toBe(200)
    const list = productListSchema.parse(res.json())
    expect(list.map((p) => p.title)).toEqual(['Shoulder Ad', 'Tote B', 'Tote A'])
  })

  it('gives the original fields with dollars and the seller, verified only for a verified seller', async () => {
    const list = (await t.app.inject('/api/categoryDetails?category=Tote')).json()
    const a = list.find((p: { title: string }) => p.title === 'Tote A')
    expect(a).toMatchObject({
      _id: productIds.toteA,
      resell_price: 120.5,
      original_price: 300,
      seller: 'Vera Seller',
      verified: 'yes',
      category: 'Tote',
      year: '2021',
      condition: 'good',
    })
    // the seller's contact details are not in public answers (contact.test.ts)
    expect(a).not.toHaveProperty('email')
    expect(a).not.toHaveProperty('phone')
    const b = list.find((p: { title: string }) => p.title === 'Tote B')
    expect(b).not.toHaveProperty('verified')
  })

  it('filters the advertised ones for the home page', async () => {
    const list = (await t.app.inject('/api/categoryDetails?advertised=true')).json()
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Shoulder Ad'])
  })

  it('pages with limit and a Link header', async () => {
    const first = await t.app.inject('/api/categoryDetails?category=Tote&limit=1')
    expect(first.json().map((p: { title: string }) => p.title)).toEqual(['Tote B'])
    const link = first.headers.link as string
    expect(link).toMatch(/^<\/api\/categoryDetails\?category=Tote&limit=1&cursor=[\w-]+>; rel="next"$/)
    const next = await t.app.inject(link.slice(1, link.indexOf('>')))
    expect(next.json().map((p: { title: string }) => p.title)).toEqual(['Tote A'])
    expect(next.headers.link).toBeUndefined()
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=101', 'limit'],
    ['cursor=!!', 'cursor'],
    ['cursor=bm9wZQ', 'cursor'],
    ['category=Clutch', 'category'],
  ])('refuses %s with 400 naming the parameter', async (query, name) => {
    const res = await t.app.inject(`/api/categoryDetails?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(res.json().message).toContain(name)
  })
})

describe('GET /api/categoryDetails/:slug', () => {
  it("lists a category's items for sale", async () => {
    const res = await t.app.inject('/api/categoryDetails/Tote')
    expect(res.statusCode).toBe(200)
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Tote B', 'Tote A'])
  })

  it('accepts the slug in any case', async () => {
    const res = await t.app.inject('/api/categoryDetails/shoulder')
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Shoulder Ad'])
  })

  it('answers 404 JSON for an unknown category', async () => {
    const res = await t.app.inject('/api/categoryDetails/Clutch')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Category not found' })
  })
})

describe('GET /api/products/:id', () => {
  it('gives one listing', async () => {
    const res = await t.app.inject(`/api/products/${productIds.toteA}`)
    expect(res.statusCode).toBe(200)
    expect(productSchema.parse(res.json()).title).toBe('Tote A')
  })

  it('still shows a sold listing, marked sold', async () => {
    const res = await t.app.inject(`/api/products/${productIds.sold}`)
    expect(res.json().status).toBe('sold')
  })

  it.each(['removed', 'unknown', 'not-a-uuid'])('answers 404 for a %s listing', async (which) => {
    const id =
      which === 'removed' ? productIds.removed : which === 'unknown' ? '00000000-0000-4000-8000-000000000000' : 'x1'
    const res = await t.app.inject(`/api/products/${id}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Product not found' })
  })
})

describe('errors and unknown routes', () => {
  it('answers unknown API paths with 404 JSON, never the app', async () => {
    for (const url of ['/api/nope', '/api/categories/x/y', '/api']) {
      const res = await t.app.inject(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
  })

  it('reports the database in /api/health', async () => {
    const res = await t.app.inject('/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/categories', '/api/categoryDetails', '/api/products/{id}']),
    )
  })

  it('sets security headers', async () => {
    const res = await t.app.inject('/api/categories')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('listing cache', () => {
  it('serves a public page from memory until a write clears it', async () => {
    const db = t.database.db
    const before = (await t.app.inject('/api/categoryDetails/Backpacks')).json()
    const seller = await insertUser(db, { role: 'seller', name: 'Cache Seller' })
    await insertProduct(db, seller.id, { title: 'Fresh Backpack', category: 'Backpacks', createdAt: new Date() })
    // within LIST_CACHE_MS the same page comes from memory…
    expect((await t.app.inject('/api/categoryDetails/Backpacks')).json()).toEqual(before)
    // …and the writer's clear() makes the new listing visible at once
    t.app.productListCache.clear()
    const after = (await t.app.inject('/api/categoryDetails/Backpacks')).json()
    expect(after[0].title).toBe('Fresh Backpack')
  })

  it('answers 304 for an unchanged page', async () => {
    const first = await t.app.inject('/api/categoryDetails?category=Tote')
    const again = await t.app.inject({
      url: '/api/categoryDetails?category=Tote',
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
  })
})
