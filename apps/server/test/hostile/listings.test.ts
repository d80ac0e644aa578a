import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands, products } from '../../src/db/schema/index.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { listingBody } from '../fixtures.ts'
import { uploadPhoto } from '../upload.ts'
import { HOSTILE, SQL_INJECTION } from './hostile-strings.ts'
import { makeVictim, snapshot, type Victim } from './victim.ts'

/**
 * The listing-details routes under attack: PATCH /api/categoryDetails/{id}, POST /api/brands, GET /api/sellers/{id} and
 * GET /api/products/{id} (fuzz.test.ts also fuzzes them, and spells their paths otherwise, with every other route).
 * Whatever comes in: never a 5xx, errors in our shape, and what is stored is what was sent or nothing.
 */
let t: TestApp
let seller: Session
let admin: Session
let victim: Victim
let own: string
let photo: string

const LONE = '\uD800'
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function refusedOrDone(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500)
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/)
    expect(
      Object.keys(res.json())
        .filter((k) => k !== 'code' && k !== 'field')
        .sort(),
      what,
    ).toEqual(['error', 'message', 'statusCode'])
  }
}

const patch = (s: Session, id: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/categoryDetails/${id}`,
    headers: { ...s.bearer, ...headers },
    payload: payload as string,
  })

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' })
  ;[seller, admin] = await Promise.all([
    signUp(t.app, { email: 'h-lister@example.test', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  victim = await makeVictim(t.app, t.database.db, 'listings')
  photo = await uploadPhoto(t.app, seller)
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/categoryDetails',
    headers: seller.bearer,
    payload: listingBody(photo, { brand: 'gucci', wear: { exterior: 'Fine' } }),
  })
  own = made.json().insertedId
})
afterAll(() => t.close())

describe('PATCH /api/categoryDetails/{id}', () => {
  it('stores hostile text as text, or refuses it: never a 5xx', async () => {
    for (const field of ['title', 'description', 'location', 'specialty', 'brand', 'colour', 'material']) {
      for (const value of HOSTILE) {
        const res = await patch(seller, own, { [field]: value })
        refusedOrDone(res, `${field}=${JSON.stringify(value).slice(0, 40)}`)
        if (res.statusCode === 200 && field !== 'brand') {
          const [row] = await t.database.db.select().from(products).where(eq(products.id, own))
          // text fields keep what was sent (trimmed); a lone surrogate cannot be stored and becomes U+FFFD
          expect(String(row![field as 'title'])).toBe(value.trim().replace(LONE, '\uFFFD'))
        }
      }
    }
  })

  it('keeps hostile wear notes as text (a lone surrogate, which jsonb refuses, becomes U+FFFD)', async () => {
    for (const value of [...SQL_INJECTION, LONE, `a${LONE}b`, '\uDC00x', '<script>x</script>', '🧳']) {
      const res = await patch(seller, own, { wear: { interior: value } })
      refusedOrDone(res, `wear ${JSON.stringify(value)}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().wear.interior).toBe(value.trim().replace(LONE_SURROGATE, '\uFFFD'))
    }
  })

  it('refuses wrong types for every field with 400', async () => {
    const wrong: Record<string, unknown[]> = {
      title: [1, true, [], {}, null],
      resell_price: ['lots', [], {}, true, -1, '1e309', Number.MAX_SAFE_INTEGER],
      brand: [1, [], {}, null],
      colour: [1, ['black'], {}],
      wear: ['worn', ['x'], { exterior: 1 }, null],
      measurements: ['big', [1], { width: 'wide' }, { width: -1 }, { width: 1e9 }, null],
      includes: ['box', [1], [{}], {}, null],
      photos: ['', [], [1], [{}], [{ url: 1 }], {}, Array.from({ length: 100 }, () => photo), [photo.repeat(100)]],
    }
    const before = await t.database.db.select().from(products).where(eq(products.id, own))
    for (const [field, values] of Object.entries(wrong)) {
      for (const value of values) {
        const res = await patch(seller, own, { [field]: value })
        refusedOrDone(res, `${field}=${JSON.stringify(value)?.slice(0, 60)}`)
        expect(res.statusCode, `${field}=${JSON.stringify(value)?.slice(0, 60)}`).toBe(400)
      }
    }
    expect(await t.database.db.select().from(products).where(eq(products.id, own))).toEqual(before)
  })

  it('refuses huge, broken and prototype-polluting bodies', async () => {
    const huge = await patch(seller, own, { description: 'x'.repeat(2 * 1024 * 1024) })
    expect(huge.statusCode).toBe(413)
    refusedOrDone(huge, 'huge')
    for (const raw of ['{', '[]', 'null', '"x"', '{"__proto__":{"status":"sold"}}', '{"constructor":{}}']) {
      const res = await patch(seller, own, raw, { 'content-type': 'application/json' })
      refusedOrDone(res, raw)
      expect(res.statusCode, raw).toBe(400)
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, own))
    expect(row!.status).toBe('available')
  })

  it('never touches the victim’s listings, whatever the id is spelt', async () => {
    const before = await snapshot(t.database.db, victim)
    const ids = [...victim.productIds, ...SQL_INJECTION.map(encodeURIComponent), `${victim.productIds[0]}%00`, '%F0']
    for (const id of ids) {
      const res = await patch(seller, id, { title: 'Mine now', resell_price: 1 })
      refusedOrDone(res, id)
      expect([400, 403, 404], id).toContain(res.statusCode)
    }
    expect(await snapshot(t.database.db, victim)).toEqual(before)
  })
})

describe('POST /api/brands', () => {
  it('stores hostile names as text or refuses them, and lists them as stored', async () => {
    for (const name of [
      ...SQL_INJECTION,
      '<script>x</script>',
      `Lone ${LONE}`,
      '🧳 Bags',
      '\uFEFF',
      '%',
      'a'.repeat(61),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: admin.bearer,
        payload: { name, aliases: [name.slice(0, 60), `${name.slice(0, 50)} alias`] },
      })
      refusedOrDone(res, name)
      if (res.statusCode === 200) {
        const [row] = await t.database.db.select().from(brands).where(eq(brands.slug, res.json().slug))
        expect(row!.name).toBe(name.trim().replace(LONE, '\uFFFD'))
      }
    }
    const list = await t.app.inject('/api/brands')
    expect(list.statusCode).toBe(200)
    expect(list.json().map((b: { name: string }) => b.name)).toContain("' OR '1'='1")
  })

  it('refuses wrong types with 400', async () => {
    for (const payload of [
      { name: 1 },
      { name: ['x'] },
      { name: 'Typed', aliases: 'x' },
      { name: 'Typed', aliases: [1] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/brands', headers: admin.bearer, payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
  })
})

describe('GET /api/sellers/{id} and GET /api/products/{id}', () => {
  it('answer 404 (or 400 for a bad query) to hostile ids and queries, never a 5xx', async () => {
    for (const value of HOSTILE) {
      const id = encodeURIComponent(value.replace(LONE, '\uFFFD')) || 'x'
      for (const url of [`/api/sellers/${id}`, `/api/products/${id}`]) {
        const res = await t.app.inject(url)
        refusedOrDone(res, url)
        expect([400, 404], url).toContain(res.statusCode)
      }
      const query = encodeURIComponent(value.replace(LONE, '\uFFFD'))
      for (const q of [`limit=${query}`, `cursor=${query}`]) {
        const res = await t.app.inject(`/api/sellers/${victim.seller.id}?${q}`)
        refusedOrDone(res, q)
      }
    }
  })
})

describe('a refusal names the field it is about', () => {
  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/categoryDetails', headers: seller.bearer, payload })

  it('by the request schema: the body path of its first problem, nested ones dotted', async () => {
    const price = await create(listingBody(photo, { resell_price: 'cheap' }))
    expect(price.statusCode).toBe(400)
    expect(price.json()).toMatchObject({ statusCode: 400, field: 'resell_price' })
    const width = await create(listingBody(photo, { measurements: { width: -3 } }))
    expect(width.statusCode).toBe(400)
    expect(width.json().field).toBe('measurements.width')
    const limit = await t.app.inject({ url: '/api/search?limit=lots' })
    expect(limit.statusCode).toBe(400)
    expect(limit.json().field).toBe('limit')
  })

  it('by the service: an unknown brand, a shipping charge over the cap, a photo not from our store', async () => {
    const brand = await create(listingBody(photo, { brand: 'Not A Brand At All' }))
    expect(brand.statusCode).toBe(400)
    expect(brand.json()).toMatchObject({ field: 'brand' })
    const shipping = await create(listingBody(photo, { shipping: 4000 }))
    expect(shipping.statusCode, shipping.body).toBe(400)
    expect(shipping.json()).toMatchObject({ field: 'shipping' })
    const outside = await create(listingBody('https://elsewhere.example/photo-800.webp'))
    expect(outside.statusCode, outside.body).toBe(400)
    expect(outside.json()).toMatchObject({ field: 'img' })
  })

  it('and a refusal about no one field names none', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/categoryDetails',
      headers: { ...seller.bearer, 'content-type': 'application/json' },
      payload: '{not json',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().field).toBeUndefined()
  })
})
