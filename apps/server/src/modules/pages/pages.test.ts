import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { expectHtml, jsonLd, metaContent, textOf, titleOf } from '../../../test/html.ts'

// The pages as a search engine, a chat preview or a phone without JavaScript gets them: React Router renders them in
// this process (docs/decisions/015), from the real web build (npm test builds it first).

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url))
const PUBLIC_URL = 'http://shop.example.test'
// A listing text that tries to end the JSON-LD block and an attribute, and to start markup of its own
const HOSTILE = `Tote "quoted" </script><script>alert(1)</script> & <b>bold</b> 'single'`

let t: TestApp
let seller: Session
let customer: Session
let bagId: string
let soldId: string
let hostileId: string
let removedId: string

beforeAll(async () => {
  if (!existsSync(`${webDist}/server/index.js`)) throw new Error(`${webDist} is not built: run npm run build first`)
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'http://localhost:3000', RATE_LIMIT_FACTOR: '100' })
  seller = await signUp(t.app, { email: 'seller@example.test', role: 'seller' })
  customer = await signUp(t.app, { email: 'buyer@example.test', role: 'customer' })
  const db = t.database.db
  bagId = (
    await insertProduct(db, seller.id, {
      title: 'Canvas market tote',
      description: 'Sturdy canvas with leather handles; a faint mark inside.',
      advertisement: true,
      originalPriceCents: 25000,
      resellPriceCents: 12050,
    })
  ).id
  soldId = (await insertProduct(db, seller.id, { title: 'Sold quilted bag', status: 'sold' })).id
  hostileId = (await insertProduct(db, seller.id, { title: HOSTILE, description: HOSTILE })).id
  removedId = (await insertProduct(db, seller.id, { title: 'Removed bag', status: 'removed' })).id
})
afterAll(async () => {
  await t?.close()
})

const page = (url: string, session?: Session, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(session ? { cookie: session.cookie } : {}), ...headers } })

describe('public pages without JavaScript', () => {
  it('the home page holds its advertised bags, its categories, its title, description and share tags', async () => {
    const html = expectHtml(await page('/'))
    const text = textOf(html)
    expect(text).toContain('Canvas market tote')
    expect(text).toContain('$120.50')
    expect(text).toMatch(/Tote Bags/)
    expect(titleOf(html)).toBe('Preloved Bags Co. | Second-hand designer and everyday bags')
    expect(metaContent(html, 'description')).toMatch(/marketplace for second-hand/)
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>')
    expect(metaContent(html, 'og:url')).toBe('http://localhost:3000/')
    expect(metaContent(html, 'twitter:card')).toBe('summary')
  })

  it('categories and blogs hold their content and their own titles', async () => {
    const categories = expectHtml(await page('/categories'))
    expect(titleOf(categories)).toBe('Categories | Preloved Bags Co.')
    expect(textOf(categories)).toMatch(/Shoulder Bags[\s\S]*Tote Bags[\s\S]*Backpacks/)
    expect(metaContent(categories, 'og:url')).toBe('http://localhost:3000/categories')
    const blogs = expectHtml(await page('/blogs'))
    expect(titleOf(blogs)).toBe('Our Blog | Preloved Bags Co.')
    expect(textOf(blogs)).toMatch(/Our Blog/)
    expect(metaContent(blogs, 'description')).toBeTruthy()
  })

  it('a product page holds the bag, its share tags with the lead photo, and schema.org Product with its Offer', async () => {
    const html = expectHtml(await page(`/product/${bagId}`))
    const text = textOf(html)
    expect(text).toContain('Canvas market tote')
    expect(text).toContain('Sturdy canvas with leather handles')
    expect(titleOf(html)).toBe('Canvas market tote | Preloved Bags Co.')
    expect(metaContent(html, 'description')).toMatch(/^\$120\.50 \(was \$250\.00\), Good condition\. Sturdy canvas/)
    expect(metaContent(html, 'og:type')).toBe('product')
    expect(metaContent(html, 'og:image')).toBe('http://localhost:3000/uploads/0123456789abcdef01234567-800.webp')
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image')
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/product/${bagId}"/>`)
    const [product] = jsonLd(html)
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Canvas market tote',
      offers: {
        '@type': 'Offer',
        price: '120.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `http://localhost:3000/product/${bagId}`,
      },
    })
    // a visitor's actions lead to the login page
    expect(html).toMatch(/href="\/login"[^>]*>Book Now/)
  })

  it('a sold bag is SoldOut in its Offer', async () => {
    const html = expectHtml(await page(`/product/${soldId}`))
    expect(jsonLd(html)[0].offers.availability).toBe('https://schema.org/SoldOut')
    expect(textOf(html)).toContain('This bag has been sold.')
  })

  it('listing text cannot break out of the JSON-LD block, the title or a meta attribute', async () => {
    const html = expectHtml(await page(`/product/${hostileId}`))
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<b>bold</b>')
    const [product] = jsonLd(html)
    expect(product.name).toBe(HOSTILE)
    expect(product.description).toBe(HOSTILE)
    expect(titleOf(html)).toBe(`${HOSTILE} | Preloved Bags Co.`)
    expect(metaContent(html, 'og:title')).toBe(`${HOSTILE} | Preloved Bags Co.`)
    expect(metaContent(html, 'og:image:alt')).toBe(HOSTILE)
    // every <script> in the page is the framework's (with the nonce) or the JSON-LD block: nothing of the listing's
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    for (const tag of scripts) expect(tag).toMatch(/nonce="|type="application\/ld\+json"/)
  })

  it('an unknown, removed or malformed product id is the 404 page with status 404, never a 500', async () => {
    for (const id of [
      removedId,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      'x\'"<>',
      '%E0%A4%A',
      '..%2F..%2Fapi%2Fhealth',
      'a'.repeat(3000),
    ]) {
      const res = await page(`/product/${id}`)
      const html = expectHtml(res, 404)
      expect(textOf(html), id).toContain("Page doesn't exist or an error occurred")
      expect(titleOf(html)).toBe('Page not found | Preloved Bags Co.')
      expect(jsonLd(html)).toEqual([])
    }
    expectHtml(await page('/no/such/page'), 404)
  })
})

describe('the visitor, their session and the page', () => {
  it('a signed-in visitor gets their header and their own data in the HTML; a visitor without a cookie none', async () => {
    const signedIn = expectHtml(await page('/', customer))
    expect(signedIn).toMatch(/>Dashboard</)
    expect(signedIn).toMatch(/>Log Out</)
    const visitor = expectHtml(await page('/'))
    expect(visitor).not.toMatch(/>Log Out</)
    expect(visitor).not.toContain('buyer@example.test')
  })

  it('a signed-in page renders its content for its user, and only the loading indicator for anyone else', async () => {
    const mine = expectHtml(await page('/category/Tote', customer))
    expect(textOf(mine)).toContain('Canvas market tote')
    const visitor = expectHtml(await page('/category/Tote'))
    expect(textOf(visitor)).not.toContain('Canvas market tote')
    expect(visitor).toMatch(/role="status"|aria-busy="true"|loading/)
    const dashboard = expectHtml(await page('/dashboard/myOrders'))
    expect(textOf(dashboard)).not.toContain('My Orders')
  })

  it('each page carries a fresh CSP nonce, on every inline script, and the policy allows no other inline script', async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 2; i++) {
      const res = await page(`/?visit=${i}`)
      const csp = String(res.headers['content-security-policy'])
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce).toBeTruthy()
      expect(csp).not.toContain("'unsafe-inline';script-src-attr")
      nonces.add(nonce!)
      const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g)]
      expect(inline.length).toBeGreaterThan(0)
      for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`)
    }
    expect(nonces.size).toBe(2)
  })

  it("a signed-out visitor's reading page keeps its scripts inert until they act; other pages and visitors not", async () => {
    const scriptsOf = (html: string) => {
      const template = /<template id="deferred-scripts">([\s\S]*?)<\/template>/.exec(html)
      const outside = template ? html.replace(template[0], '') : html
      return { inert: template?.[1] ?? '', outside }
    }
    for (const path of ['/', '/categories', '/blogs', `/product/${bagId}`]) {
      const { inert, outside } = scriptsOf(expectHtml(await page(path)))
      // the framework's preloads and its scripts, entry module included, wait in the template
      expect(inert, path).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[^"]+\.js"/)
      expect(inert, path).toContain('window.__reactRouterContext = ')
      expect(inert, path).toMatch(/<script[^>]*type="module"/)
      // outside it: no module, no preload, no script file; only the inline starter and the scroll restorer
      expect(outside, path).not.toMatch(/<link rel="modulepreload"|type="module"|<script[^>]*\ssrc=/)
      expect(outside, path).toContain('startOnIntent')
    }
    // a signed-in visitor's pages hydrate at once (their buttons act on their account)
    for (const [path, session] of [
      [`/product/${bagId}`, customer],
      ['/', customer],
      ['/blogs', customer],
    ] as const) {
      const html = expectHtml(await page(path, session))
      expect(html, path).not.toContain('deferred-scripts')
      expect(html, path).toMatch(/<link rel="modulepreload" fetchPriority="low" href="\/assets\/entry\.client-/)
    }
    // the 404 page is not a reading page
    expect((await page('/no/such/page')).body).not.toContain('deferred-scripts')
  })

  it("keeps a signed-out visitor's page for a few seconds, until a listing changes; never a signed-in one's", async () => {
    const bag = await insertProduct(t.database.db, seller.id, { title: 'Cached weekender' })
    const first = await page(`/product/${bag.id}`)
    expect(textOf(expectHtml(first))).toContain('Cached weekender')
    const again = await page(`/product/${bag.id}`)
    expect(again.body).toBe(first.body) // the same render: same nonce, same bytes
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    const mine = await page(`/product/${bag.id}`, customer)
    expect(mine.headers['content-security-policy']).not.toBe(first.headers['content-security-policy'])
    expect(mine.body).toMatch(/>Log Out</)
    // the seller takes the listing down: the next visitor gets the 404 page at once, not the kept one
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categoryDetails/${bag.id}`, headers: seller.bearer })
    expect(res.statusCode, res.body).toBe(200)
    expectHtml(await page(`/product/${bag.id}`), 404)
  })

  it('a kept page is kept per origin: a request naming another Host cannot leave its host in the next page', async () => {
    const url = '/categories?kept=host'
    const evil = await t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } })
    const noPublicUrl = await buildTestApp({ WEB_DIST: webDist })
    try {
      const poisoned = await noPublicUrl.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } })
      expect(poisoned.body).toContain('href="http://evil.example/categories"')
      const next = await noPublicUrl.app.inject({ method: 'GET', url, headers: { host: 'shop.example' } })
      expect(next.body).toContain('<link rel="canonical" href="http://shop.example/categories"/>')
      expect(next.body).not.toContain('evil.example')
    } finally {
      await noPublicUrl.close()
    }
    // with PUBLIC_URL the Host plays no part at all
    expect(evil.body).toContain('<link rel="canonical" href="http://localhost:3000/categories"/>')
  })

  it('pages are compressed when the browser accepts it, and never stored by shared caches', async () => {
    const res = await page('/', undefined, { 'accept-encoding': 'br, gzip' })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers.vary).toMatch(/cookie/)
  })
})

describe('behind a public origin', () => {
  let shop: TestApp
  beforeAll(async () => {
    shop = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL, PAYMENTS: 'test' })
  })
  afterAll(async () => {
    await shop?.close()
  })

  it('canonical and share URLs start with PUBLIC_URL whatever Host the request names', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/blogs', headers: { host: 'evil.example' } })
    const html = expectHtml(res)
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blogs"/>`)
    expect(html).not.toContain('evil.example')
  })
})
