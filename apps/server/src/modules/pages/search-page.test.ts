import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { expectHtml, metaContent, textOf, titleOf } from '../../../test/html.ts'
import { brands } from '../../db/schema/index.ts'

// '/search' as a search engine, a chat preview or a phone without JavaScript gets it (docs/product/search.md): the
// results, their count and the next page's cursor in the HTML; the title names the search; filtered variants are
// kept out of the index; an address the API refuses is a 400 page that says why. From the real web build.

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url))

let t: TestApp
const BAGS = 30

beforeAll(async () => {
  if (!existsSync(`${webDist}/server/index.js`)) throw new Error(`${webDist} is not built: run npm run build first`)
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'http://localhost:3000', RATE_LIMIT_FACTOR: '100' })
  const seller = await signUp(t.app, { email: 'seller@example.test', role: 'seller' })
  const db = t.database.db
  const [brand] = await db.insert(brands).values({ slug: 'orla-wren', name: 'Orla Wren', tier: 'premium' }).returning()
  for (let i = 0; i < BAGS; i++) {
    await insertProduct(db, seller.id, {
      title: `Orla Wren satchel ${i + 1}`,
      brandId: brand!.id,
      colour: i % 2 ? 'black' : 'tan',
      material: 'leather',
    })
  }
})
afterAll(async () => {
  await t?.close()
})

const page = (url: string) => t.app.inject({ method: 'GET', url })

describe('/search without JavaScript', () => {
  it('holds the first page of results, their count, the chips and a cursor for "Load more"', async () => {
    const res = await page('/search?brand=orla-wren&colour=black')
    const html = expectHtml(res)
    const text = textOf(html)
    expect(text).toContain(`${BAGS / 2} bags`)
    expect(text).toContain('Orla Wren satchel 30')
    expect(text).not.toContain('Orla Wren satchel 29') // tan
    expect(titleOf(html)).toBe('Black Orla Wren bags — search | Preloved Bags Co.')
    // two filters: not for the index; the canonical address lists the filters in one order
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:3000/search?brand=orla-wren&amp;colour=black"/>',
    )

    const all = expectHtml(await page('/search?brand=orla-wren'))
    expect(textOf(all)).toContain(`${BAGS} bags`)
    // 24 shown of 30: the next page's cursor came with the page (the first answer's Link header)
    expect(all).toMatch(/\\"next\\",\\"[A-Za-z0-9_.-]{20,}\\"/)
    expect(metaContent(all, 'robots')).toBeUndefined()
    expect(titleOf(all)).toBe('Orla Wren bags — search | Preloved Bags Co.')
  })

  it('the header box is a plain GET form to /search on every page', async () => {
    for (const url of ['/', '/blogs', '/search']) {
      const html = expectHtml(await page(url))
      const form = /<form role="search"[^>]*>/.exec(html)?.[0] ?? ''
      expect(form).toContain('action="/search"')
      expect(form).toContain('method="get"')
      expect(html).toMatch(/<input[^>]*name="q"[^>]*role="combobox"|<input[^>]*role="combobox"[^>]*name="q"/)
    }
  })

  it('an address the API refuses is a 400 page naming the parameter, never the error screen', async () => {
    for (const [url, reason] of [
      ['/search?sort=bogus', 'sort must be one of'],
      ['/search?minPrice=9&maxPrice=1', 'minPrice must not be more than maxPrice'],
      ['/search?brand=no-such-brand', 'brand'],
      ['/search?colour=plaid', 'colour must be one of'],
    ] as const) {
      const res = await page(url)
      const html = expectHtml(res, 400)
      expect(textOf(html), url).toContain('This search cannot be run')
      expect(textOf(html), url).toContain(reason)
      expect(metaContent(html, 'robots'), url).toBe('noindex, follow')
    }
  })

  it('an empty result says so and offers to drop the filter whose removal finds the most bags', async () => {
    const html = expectHtml(await page('/search?brand=orla-wren&colour=purple'))
    expect(textOf(html)).toContain('No bags match this search')
    expect(html).toContain('href="/search?brand=orla-wren"')
    expect(textOf(html)).toContain(`Remove Purple (${BAGS} bags)`)
  })
})
