import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, insertUser } from '../../../test/fixtures.ts'

// /sitemap.xml and /robots.txt (docs/product/storefront.md#rendering): the server's own routes, outside /api.

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const HEAD = String.raw`<\?xml version="1\.0" encoding="UTF-8"\?>\n`
/** Text with no markup: only the five predefined entities may stand for <, >, &, " and '. */
const TEXT = `(?:[^<>&"']|&(?:amp|lt|gt|quot|apos);)*`
const LASTMOD = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z'
const URLSET = new RegExp(
  `^${HEAD}<urlset xmlns="${NS}">\\n(?:<url><loc>${TEXT}</loc>(?:<lastmod>${LASTMOD}</lastmod>)?</url>\\n)*</urlset>\\n$`,
)
const INDEX = new RegExp(
  `^${HEAD}<sitemapindex xmlns="${NS}">\\n(?:<sitemap><loc>${TEXT}</loc></sitemap>\\n)*</sitemapindex>\\n$`,
)

const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!)

/** The <loc>s of a sitemap file, after checking that the whole file has the protocol's shape (so it parses). */
function locs(res: LightMyRequestResponse, shape: 'urlset' | 'index' = 'urlset'): string[] {
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
  expect(res.body).toMatch(shape === 'urlset' ? URLSET : INDEX)
  return [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1]!))
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

async function seller(t: TestApp) {
  return (await insertUser(t.database.db, { role: 'seller' })).id
}

describe('GET /sitemap.xml in one file', () => {
  let t: TestApp
  const ids: Record<'available' | 'sold' | 'removed', string> = { available: '', sold: '', removed: '' }
  let availableCreated: Date
  let sellerId: string

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.test', PAYMENTS: 'test' })
    sellerId = await seller(t)
    const available = await insertProduct(t.database.db, sellerId, { createdAt: new Date('2026-03-04T05:06:07.890Z') })
    ids.available = available.id
    availableCreated = available.createdAt
    ids.sold = (await insertProduct(t.database.db, sellerId, { status: 'sold' })).id
    ids.removed = (await insertProduct(t.database.db, sellerId, { status: 'removed' })).id
  })
  afterAll(() => t.close())

  it('lists the public pages, every available or sold listing (never a removed one) and the seller, as absolute URLs', async () => {
    const res = await get(t, '/sitemap.xml')
    const urls = locs(res)
    expect(urls.slice(0, 3)).toEqual([
      'https://shop.example.test/',
      'https://shop.example.test/categories',
      'https://shop.example.test/blogs',
    ])
    expect(urls).toContain(`https://shop.example.test/product/${ids.available}`)
    expect(urls).toContain(`https://shop.example.test/product/${ids.sold}`)
    expect(urls.some((u) => u.includes(ids.removed))).toBe(false)
    expect(urls.at(-1)).toBe(`https://shop.example.test/seller/${sellerId}`)
    expect(urls).toHaveLength(6)
    expect(new Set(urls).size).toBe(urls.length)
    // each listing with the time it was listed
    expect(availableCreated.toISOString()).toBe('2026-03-04T05:06:07.890Z')
    expect(res.body).toContain(
      `<url><loc>https://shop.example.test/product/${ids.available}</loc><lastmod>2026-03-04T05:06:07Z</lastmod></url>`,
    )
    expect(res.body).toContain('<url><loc>https://shop.example.test/</loc></url>')
  })

  it('is cacheable for a short while, and gzipped for a crawler that accepts it', async () => {
    const plain = await get(t, '/sitemap.xml')
    expect(plain.headers['cache-control']).toBe('public, max-age=3600')
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    const zipped = await get(t, '/sitemap.xml', { 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body)
  })

  it('ignores unknown query parameters', async () => {
    const plain = await get(t, '/sitemap.xml')
    const tagged = await get(t, '/sitemap.xml?utm_source=x&Page=2&pages=3')
    expect(tagged.statusCode).toBe(200)
    expect(tagged.body).toBe(plain.body)
  })

  it('has no pages while everything fits in one file: any ?page= is a 404', async () => {
    expect(locs(await get(t, '/sitemap.xml'))).toHaveLength(6)
    for (const page of ['1', '2', '', '0', '-1', 'abc']) {
      const res = await get(t, `/sitemap.xml?page=${page}`)
      expect(res.statusCode, `page=${page}`).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
  })

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body).toBe('')
  })
})

describe('GET /robots.txt', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.test/', PAYMENTS: 'test' })
  })
  afterAll(() => t.close())

  it('keeps crawlers out of /dashboard and /api and names the sitemap by its absolute URL', async () => {
    const res = await get(t, '/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    expect(res.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: https://shop.example.test/sitemap.xml\n',
    )
  })
})

describe('without PUBLIC_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ PORT: '4321' })
  })
  afterAll(() => t.close())

  it('writes URLs on http://localhost:PORT, as the sign-in links do', async () => {
    expect(locs(await get(t, '/sitemap.xml'))).toEqual([
      'http://localhost:4321/',
      'http://localhost:4321/categories',
      'http://localhost:4321/blogs',
    ])
    expect((await get(t, '/robots.txt')).body).toContain('Sitemap: http://localhost:4321/sitemap.xml\n')
  })
})

describe('a PUBLIC_URL with a path holding & and an apostrophe', () => {
  let t: TestApp
  let id: string
  let sellerId: string
  beforeAll(async () => {
    t = await buildTestApp({
      PUBLIC_URL: "http://shop.example.test/a&b'c/?x=1&y=<2>#frag",
      PAYMENTS: 'test',
      SITEMAP_PAGE_SIZE: '3',
    })
    sellerId = await seller(t)
    id = (await insertProduct(t.database.db, sellerId)).id
  })
  afterAll(() => t.close())

  it('is escaped in every <loc> (its query and fragment are no part of a page URL)', async () => {
    const index = await get(t, '/sitemap.xml')
    expect(index.body).toContain('<loc>http://shop.example.test/a&amp;b&apos;c/sitemap.xml?page=1</loc>')
    expect(locs(index, 'index')).toEqual([
      "http://shop.example.test/a&b'c/sitemap.xml?page=1",
      "http://shop.example.test/a&b'c/sitemap.xml?page=2",
    ])
    const page1 = await get(t, '/sitemap.xml?page=1')
    expect(page1.body).toContain('<loc>http://shop.example.test/a&amp;b&apos;c/</loc>')
    expect(locs(page1)).toEqual([
      "http://shop.example.test/a&b'c/",
      "http://shop.example.test/a&b'c/categories",
      "http://shop.example.test/a&b'c/blogs",
    ])
    expect(locs(await get(t, '/sitemap.xml?page=2'))).toEqual([
      `http://shop.example.test/a&b'c/product/${id}`,
      `http://shop.example.test/a&b'c/seller/${sellerId}`,
    ])
  })
})

describe('GET /sitemap.xml past one file', () => {
  const PAGE_SIZE = 4
  let t: TestApp
  const expected: string[] = []
  const base = 'https://shop.example.test'

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: base, PAYMENTS: 'test', SITEMAP_PAGE_SIZE: String(PAGE_SIZE) })
    const sellerId = await seller(t)
    expected.push(`${base}/`, `${base}/categories`, `${base}/blogs`)
    // four listed in the same millisecond: the order must still be total, or an offset repeats or skips one
    const same = new Date('2026-02-01T00:00:00Z')
    for (let i = 0; i < 10; i++) {
      const status = i === 3 ? 'sold' : 'available'
      const p = await insertProduct(t.database.db, sellerId, { status, ...(i < 4 ? { createdAt: same } : {}) })
      expected.push(`${base}/product/${p.id}`)
    }
    await insertProduct(t.database.db, sellerId, { status: 'removed' })
    await insertProduct(t.database.db, sellerId, { status: 'removed', createdAt: same })
    expected.push(`${base}/seller/${sellerId}`)
  })
  afterAll(() => t.close())

  it('is an index of ?page=1..N; the pages hold every public URL once, at most the page size each', async () => {
    // 3 fixed pages + 10 listings + 1 seller = 14 URLs = 4 pages of 4
    const index = locs(await get(t, '/sitemap.xml'), 'index')
    expect(index).toEqual([1, 2, 3, 4].map((n) => `${base}/sitemap.xml?page=${n}`))
    const pages: string[][] = []
    for (let n = 1; n <= 4; n++) pages.push(locs(await get(t, `/sitemap.xml?page=${n}`)))
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 2])
    const all = pages.flat()
    expect(new Set(all).size).toBe(all.length)
    expect(new Set(all)).toEqual(new Set(expected))
    expect(all.slice(0, 3)).toEqual(expected.slice(0, 3))
  })

  it('answers the same pages on every request (a stable order)', async () => {
    for (let n = 1; n <= 4; n++) {
      const a = locs(await get(t, `/sitemap.xml?page=${n}`))
      const b = locs(await get(t, `/sitemap.xml?page=${n}`))
      expect(b).toEqual(a)
    }
  })

  it('answers 404, never a 500, for a page that is not a plain number from 1 to N', async () => {
    const bad = ['-1', '0', 'abc', '1.5', '5', '', '01', '+1', '1e0', ' 1', '%2D1', '0x1', '99999999999999999999']
    for (const page of bad) {
      const res = await get(t, `/sitemap.xml?page=${page}`)
      expect(res.statusCode, `page=${page}`).toBe(404)
      expect(res.json(), `page=${page}`).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route not found' })
    }
    for (const query of ['page', 'page=1&page=2', 'page=2&page=2']) {
      expect((await get(t, `/sitemap.xml?${query}`)).statusCode, query).toBe(404)
    }
    // other parameters beside a good page are ignored
    const tagged = await get(t, '/sitemap.xml?page=2&utm_source=x')
    expect(tagged.body).toBe((await get(t, '/sitemap.xml?page=2')).body)
  })
})

describe('seller profiles in the sitemap', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.test', PAYMENTS: 'test', SITEMAP_PAGE_SIZE: '3' })
  })
  afterAll(() => t.close())

  it('lists each seller with a public listing once, oldest account first, across pages', async () => {
    const db = t.database.db
    const at = (day: number) => new Date(Date.UTC(2026, 0, day))
    const older = await insertUser(db, { role: 'seller', createdAt: at(1) })
    const newer = await insertUser(db, { role: 'seller', createdAt: at(2) })
    const soldOnly = await insertUser(db, { role: 'seller', createdAt: at(3) })
    const removedOnly = await insertUser(db, { role: 'seller', createdAt: at(4) })
    const nothing = await insertUser(db, { role: 'seller', createdAt: at(5) })
    const deleted = await insertUser(db, { role: 'seller', createdAt: at(6), deletedAt: at(7) })
    // an account that listed as a seller and is now a customer has no profile
    const demoted = await insertUser(db, { role: 'customer', createdAt: at(8) })
    for (const id of [newer.id, older.id, newer.id, deleted.id, demoted.id]) await insertProduct(db, id)
    await insertProduct(db, soldOnly.id, { status: 'sold' })
    await insertProduct(db, removedOnly.id, { status: 'removed' })
    const index = locs(await get(t, '/sitemap.xml'), 'index')
    const all = (await Promise.all(index.map((_, i) => get(t, `/sitemap.xml?page=${i + 1}`)))).flatMap((r) => locs(r))
    const sellers = all.filter((u) => u.includes('/seller/'))
    expect(sellers).toEqual([older, newer, soldOnly].map((u) => `https://shop.example.test/seller/${u.id}`))
    expect(all.some((u) => [removedOnly, nothing, deleted, demoted].some((x) => u.endsWith(x.id)))).toBe(false)
    // each profile URL is a page that exists
    for (const url of sellers)
      expect((await t.app.inject(`/api${new URL(url).pathname.replace('/seller/', '/sellers/')}`)).statusCode).toBe(200)
  })
})

describe('the page size limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ SITEMAP_PAGE_SIZE: '5' })
  })
  afterAll(() => t.close())

  it('is one file up to the page size and an index of two past it', async () => {
    // 3 fixed pages, then a listing and its seller
    const sellerId = await seller(t)
    await insertProduct(t.database.db, sellerId)
    expect(locs(await get(t, '/sitemap.xml'))).toHaveLength(5)
    await insertProduct(t.database.db, sellerId)
    expect(locs(await get(t, '/sitemap.xml'), 'index')).toHaveLength(2)
    expect(locs(await get(t, '/sitemap.xml?page=2'))).toHaveLength(1)
  })
})

describe('a client asking too often', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('gets 429 past 60 sitemap requests a minute from one address; robots.txt stays free', async () => {
    const from = (ip: string) => t.app.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress: ip })
    for (let i = 0; i < 60; i++) expect((await from('198.51.100.7')).statusCode).toBe(200)
    const refused = await from('198.51.100.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await from('198.51.100.8')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt', remoteAddress: '198.51.100.7' })).statusCode).toBe(
      200,
    )
  })
})

describe('beside the web app', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    // a copy of the real web build (npm test builds it) beside it, so that its server bundle finds its packages
    const built = fileURLToPath(new URL('../../../../web/dist', import.meta.url))
    dist = await mkdtemp(path.join(built, '..', '.dist-test-'))
    await cp(built, dist, { recursive: true })
    // a build from before the server answered these itself
    await writeFile(path.join(dist, 'client', 'robots.txt'), 'User-agent: *\nDisallow: /stale\n')
    await writeFile(path.join(dist, 'client', 'robots.txt.gz'), 'stale')
    await writeFile(path.join(dist, 'client', 'sitemap.xml'), '<stale/>')
    t = await buildTestApp({ WEB_DIST: dist })
  })
  afterAll(async () => {
    await t.close()
    await rm(dist, { recursive: true, force: true })
  })

  it("answers the server's robots.txt and sitemap, and still serves the pages for other paths", async () => {
    const robots = await get(t, '/robots.txt', { 'accept-encoding': 'gzip' })
    expect(robots.headers['content-encoding']).toBeUndefined()
    expect(robots.body).toContain('Disallow: /dashboard\n')
    expect(robots.body).not.toContain('stale')
    expect(locs(await get(t, '/sitemap.xml'))).toHaveLength(3)
    for (const page of ['/', '/categories', '/blogs']) {
      const res = await get(t, page)
      expect(res.statusCode, page).toBe(200)
      expect(res.headers['content-type'], page).toMatch(/^text\/html/)
      expect(res.body, page).toMatch(/<title>[^<]*Preloved Bags Co\.[^<]*<\/title>/)
    }
    for (const page of ['/robots', '/sitemap.xml/x']) {
      const res = await get(t, page)
      expect(res.statusCode, page).toBe(404)
      expect(res.body, page).toContain('<title>Page not found | Preloved Bags Co.</title>')
    }
  })
})
