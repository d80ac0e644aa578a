import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { LISTING_CARD_SIZES, photoSrcSet } from '@preloved/shared/images'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signIn, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'

// The pages' HTML (docs/decisions/011): index.html as the build wrote it, plus the page's chunks as modulepreload links
// and the answers to its first GET calls, made as the visitor. A stand-in build (index.html, page-preloads.json) in a
// temporary WEB_DIST keeps this test apart from the real web build.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Preloved Bags Co.</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
const PRELOADS = {
  '/category/:id': ['/assets/guards-1.js', '/assets/category-2.js'],
  '/dashboard/payment/:id': ['/assets/dashboard-root-3.js', '/assets/payment-4.js'],
}

let t: TestApp
let seller: Session
let customer: Session
let other: Session
let admin: Session
let bagId: string

let dist: string

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'preloved-web-'))
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML)
  await writeFile(path.join(dist, 'page-preloads.json'), JSON.stringify(PRELOADS))
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', WEB_DIST: dist })
  seller = await signUp(t.app, { email: 'seller@example.test', role: 'seller' })
  customer = await signUp(t.app, { email: 'buyer@example.test', role: 'customer' })
  other = await signUp(t.app, { email: 'other@example.test', role: 'customer' })
  await signUp(t.app, { email: ADMIN_EMAIL })
  admin = await signIn(t.app, ADMIN_EMAIL)
  bagId = (await insertProduct(t.database.db, seller.id, { title: 'Canvas tote', category: 'Tote' })).id
})
afterAll(async () => {
  await t.close()
  await rm(dist, { recursive: true, force: true })
})

const page = (url: string, session?: Session, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(session ? { cookie: session.cookie } : {}), ...headers } })
const api = async (url: string, session?: Session) =>
  (await t.app.inject({ method: 'GET', url: `/api${url}`, headers: session ? { cookie: session.cookie } : {} })).json()

/** The answers written into a page, as the browser's JSON.parse reads them. */
function answersIn(res: LightMyRequestResponse): Record<string, unknown> {
  const found = /<script type="application\/json" id="preloaded-answers">([^<]*)<\/script>/.exec(res.body)
  return found ? JSON.parse(found[1]!) : {}
}
const preloadsIn = (res: LightMyRequestResponse) =>
  [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])

describe('a page of the web app', () => {
  it('names its chunks and carries the answers of its first calls, equal to what the API answers', async () => {
    const res = await page('/category/Tote')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(preloadsIn(res)).toEqual(PRELOADS['/category/:id'])
    const answers = answersIn(res)
    expect(Object.keys(answers).sort()).toEqual(['/auth/get-session', '/categories', '/categoryDetails/Tote'])
    expect(answers['/auth/get-session']).toBeNull()
    expect(answers['/categoryDetails/Tote']).toEqual(await api('/categoryDetails/Tote'))
    expect((answers['/categoryDetails/Tote'] as { title: string }[]).map((p) => p.title)).toEqual(['Canvas tote'])
    expect(answers['/categories']).toEqual(await api('/categories'))
    // its first photo (the LCP) is preloaded with exactly the srcset and sizes of the card's <img>
    const first = (answers['/categoryDetails/Tote'] as { img: string; thumb: string }[])[0]!
    expect(res.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${photoSrcSet(first.img, first.thumb)}" imagesizes="${LISTING_CARD_SIZES}">`,
    )
    // the rest of the page is index.html unchanged
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
  })

  it('answers as the signed-in visitor: the session and their own orders', async () => {
    const res = await page('/category/Tote', customer)
    const answers = answersIn(res)
    expect((answers['/auth/get-session'] as { user: { email: string } }).user.email).toBe(customer.email)
    const mine = `/bookings?${new URLSearchParams({ email: customer.email })}`
    expect(answers[mine]).toEqual(await api(mine, customer))
    expect(Object.keys(answers).filter((key) => key.startsWith('/bookings'))).toEqual([mine])
  })

  it("writes another customer's booking nowhere: what the API refuses stays out", async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: customer.bearer,
      payload: { product_id: bagId, number: '+1 555 0100', location: 'Lisbon' },
    })
    const bookingId = booked.json().insertedId as string
    const own = answersIn(await page(`/dashboard/payment/${bookingId}`, customer))
    expect(own[`/bookings/${bookingId}`]).toEqual(await api(`/bookings/${bookingId}`, customer))
    expect(own['/config']).toEqual(await api('/config'))
    expect(await page(`/dashboard/payment/${bookingId}`, customer)).not.toHaveProperty(
      'body',
      expect.stringContaining('as="image"'),
    )
    expect(own[`/users/admin/${encodeURIComponent(customer.email)}`]).toEqual({ isAdmin: false })

    const theirs = answersIn(await page(`/dashboard/payment/${bookingId}`, other))
    expect(theirs).not.toHaveProperty(`/bookings/${bookingId}`)
    expect((theirs['/auth/get-session'] as { user: { email: string } }).user.email).toBe(other.email)
    const anonymous = answersIn(await page(`/dashboard/payment/${bookingId}`))
    expect(anonymous).not.toHaveProperty(`/bookings/${bookingId}`)
    expect(anonymous['/auth/get-session']).toBeNull()
  })

  it("gives the admin's dashboard pages the role lookups", async () => {
    const answers = answersIn(await page('/dashboard/allCustomers', admin))
    expect(answers[`/users/admin/${encodeURIComponent(ADMIN_EMAIL)}`]).toEqual({ isAdmin: true })
    expect(answers[`/users/seller/${encodeURIComponent(ADMIN_EMAIL)}`]).toEqual({ isSeller: false })
  })

  it('keeps stored markup inert: no </script> inside the answers, and the text comes back exactly', async () => {
    const hostile = '</script><script>alert(1)</script><!-- $& $1 \u2028'
    await insertProduct(t.database.db, seller.id, { title: hostile, category: 'Backpacks' })
    const res = await page('/category/Backpacks')
    expect(res.body.match(/<script/g)).toHaveLength(2) // the app's module script and the answers
    const titles = (answersIn(res)['/categoryDetails/Backpacks'] as { title: string }[]).map((p) => p.title)
    expect(titles).toContain(hostile)
  })

  it('is private to the visitor, and compressed when the browser accepts it', async () => {
    const plain = await page('/category/Tote', customer)
    expect(plain.headers['cache-control']).toBe('private, no-cache')
    expect(plain.headers.vary).toBe('accept-encoding, cookie')
    const br = await page('/category/Tote', customer, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await page('/category/Tote', customer, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
  })

  it('still serves the page, without answers it cannot make, for odd addresses', async () => {
    // an address that is not even well-formed is the router's 400, in our error shape
    const malformed = await page('/category/%E0%A4%A', customer)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    for (const url of ['/category/Nope', '/category/%3Cscript%3E', '/no/such/page', '/product/..%2F..%2Fapi']) {
      const res = await page(url, customer)
      expect(res.statusCode, url).toBe(200)
      const keys = Object.keys(answersIn(res))
      const always = ['/auth/get-session', '/categories', `/bookings?${new URLSearchParams({ email: customer.email })}`]
      expect(
        keys.every((key) => always.includes(key)),
        `${url}: ${keys}`,
      ).toBe(true)
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/category/Tote' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
  })

  it('leaves API and asset addresses to their 404', async () => {
    for (const url of ['/api/nope', '/assets/nope.js', '/uploads/nope.webp']) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
  })
})
