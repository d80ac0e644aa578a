import { searchResultSchema } from '@preloved/shared/search'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, insertUser } from '../../../test/fixtures.ts'
import { bookings, brands, products } from '../../db/schema/index.ts'

/** GET /api/search (docs/product/search.md, decision 018) over a small catalogue whose every listing is known. */
let t: TestApp
const NOW = Date.UTC(2026, 10, 25, 12)
const ids: Record<string, string> = {}

interface Item {
  _id: string
  title: string
  brandSlug: string | null
  colour: string | null
  resell_price: number
  reserved: boolean
  email?: string
  phone?: string
}
interface Body {
  items: Item[]
  total: number
  facets: {
    category: Array<{ value: string; count: number }>
    brand: Array<{ value: string; label: string; count: number }>
    condition: Array<{ value: string; count: number }>
    colour: Array<{ value: string; count: number }>
    material: Array<{ value: string; count: number }>
    price: { min: number; max: number }
  }
}

const get = (url: string) => t.app.inject(`/api/search${url}`)
/**
 * An answer, held to the response schema on every call: the route serializes it itself, so nothing else would
 * notice a field the schema does not name (the schema strips unknown fields: what it gives back must be the whole).
 */
const search = async (url = '') => {
  const res = await get(url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
  const body = res.json()
  expect(searchResultSchema.parse(body)).toEqual(body)
  return body as Body
}
const titles = async (url: string) => (await search(url)).items.map((i) => i.title)
const count = (facet: Array<{ value: string; count: number }>, value: string) =>
  facet.find((f) => f.value === value)?.count

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => NOW })
  const db = t.database.db
  const brandRows = await db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(inArray(brands.slug, ['chanel', 'gucci', 'hermes', 'louis-vuitton']))
  const brand = Object.fromEntries(brandRows.map((b) => [b.slug, b.id]))
  const plain = await insertUser(db, { name: 'Plain Seller', role: 'seller', email: 'plain@example.test' })
  const verified = await insertUser(db, { name: 'Verified Seller', role: 'seller', verified: true })
  const buyer = await insertUser(db, { name: 'Buyer' })
  const add = async (key: string, sellerId: string, over: Parameters<typeof insertProduct>[2]) => {
    ids[key] = (await insertProduct(db, sellerId, over)).id
  }
  await add('flap', plain.id, {
    title: 'Classic Flap Bag',
    brandId: brand.chanel,
    colour: 'black',
    material: 'leather',
    category: 'Shoulder',
    condition: 'excellent',
    resellPriceCents: 450000,
  })
  await add('boy', verified.id, {
    title: 'Boy Bag',
    brandId: brand.chanel,
    colour: 'beige',
    material: 'leather',
    category: 'Shoulder',
    condition: 'good',
    resellPriceCents: 320000,
    description: 'Quilted lambskin with a chain strap.',
  })
  await add('marmont', plain.id, {
    title: 'Marmont Flap Shoulder Bag',
    brandId: brand.gucci,
    colour: 'black',
    material: 'leather',
    category: 'Shoulder',
    condition: 'good',
    resellPriceCents: 120000,
  })
  await add('jackie', verified.id, {
    title: 'Jackie 1961 Hobo',
    brandId: brand.gucci,
    colour: 'red',
    material: 'suede',
    category: 'Tote',
    condition: 'fair',
    resellPriceCents: 90000,
  })
  await add('birkin', verified.id, {
    title: 'Birkin 30',
    brandId: brand.hermes,
    colour: 'tan',
    material: 'leather',
    category: 'Tote',
    condition: 'excellent',
    resellPriceCents: 1200000,
  })
  await add('neverfull', plain.id, {
    title: 'Neverfull MM',
    brandId: brand['louis-vuitton'],
    colour: 'brown',
    material: 'coated canvas',
    category: 'Tote',
    condition: 'good',
    resellPriceCents: 120000,
  })
  // the original fields only: brand, colour and material not stated
  await add('nameless', plain.id, { title: 'Canvas Backpack', category: 'Backpacks', resellPriceCents: 4000 })
  // held (still for sale, shown reserved), sold and removed
  await add('held', plain.id, {
    title: 'Chanel Wallet on Chain',
    brandId: brand.chanel,
    colour: 'black',
    material: 'leather',
    category: 'Shoulder',
    resellPriceCents: 210000,
  })
  await add('sold', plain.id, { title: 'Sold Flap', brandId: brand.chanel, colour: 'black', status: 'sold' })
  await add('removed', plain.id, { title: 'Removed Flap', brandId: brand.chanel, colour: 'black', status: 'removed' })
  await db.insert(bookings).values({
    productId: ids.held!,
    customerId: buyer.id,
    customer: 'Buyer',
    email: 'buyer@example.test',
    number: '+1 555 0100',
    location: 'Paris',
    priceCents: 210000,
    expiresAt: new Date(NOW + 30 * 60_000),
  })
})
afterAll(() => t.close())

describe('GET /api/search', () => {
  it('answers every listing for sale (held ones reserved), newest first without q, with total and facets', async () => {
    const body = await search()
    expect(body.total).toBe(8)
    expect(body.items.map((i) => i._id)).toEqual(
      ['held', 'nameless', 'neverfull', 'birkin', 'jackie', 'marmont', 'boy', 'flap'].map((k) => ids[k]),
    )
    expect(body.items.find((i) => i._id === ids.held)?.reserved).toBe(true)
    expect(body.items.find((i) => i._id === ids.flap)?.reserved).toBe(false)
    // public: never the seller's contact details
    expect(body.items.every((i) => i.email === undefined && i.phone === undefined)).toBe(true)
    expect(body.facets.brand).toEqual([
      { value: 'chanel', label: 'Chanel', count: 3 },
      { value: 'gucci', label: 'Gucci', count: 2 },
      { value: 'hermes', label: 'Hermès', count: 1 },
      { value: 'louis-vuitton', label: 'Louis Vuitton', count: 1 },
    ])
    expect(body.facets.category).toEqual([
      { value: 'Shoulder', count: 4 },
      { value: 'Tote', count: 3 },
      { value: 'Backpacks', count: 1 },
    ])
    // the listing without colour or material is in no colour or material count
    expect(body.facets.colour.reduce((n, c) => n + c.count, 0)).toBe(7)
    expect(body.facets.material.reduce((n, c) => n + c.count, 0)).toBe(7)
    expect(body.facets.price).toEqual({ min: 40, max: 12000 })
  })

  it('answers listing JSON as GET /api/products/{id} does, without the price history and the seller rating (kept for a single listing)', async () => {
    const body = await search('?q=birkin')
    const {
      priceHistory: _history,
      sellerRating: _rating,
      ...one
    } = (await t.app.inject(`/api/products/${ids.birkin}`)).json()
    expect(body.items).toEqual([one])
  })

  it('filters, each facet counted with every filter but its own', async () => {
    const body = await search('?brand=chanel&colour=black')
    expect(body.items.map((i) => i._id).sort()).toEqual([ids.flap, ids.held].sort())
    expect(body.total).toBe(2)
    // brand counts leave out brand=chanel (black bags of every brand) …
    expect(body.facets.brand).toEqual([
      { value: 'chanel', label: 'Chanel', count: 2 },
      { value: 'gucci', label: 'Gucci', count: 1 },
    ])
    // … and colour counts leave out colour=black (Chanel bags of every colour)
    expect(count(body.facets.colour, 'black')).toBe(2)
    expect(count(body.facets.colour, 'beige')).toBe(1)
    expect(count(body.facets.category, 'Shoulder')).toBe(2)
  })

  it('takes repeated parameters as any of them', async () => {
    const body = await search('?brand=chanel&brand=hermes&category=Tote&category=Backpacks')
    expect(body.items.map((i) => i._id)).toEqual([ids.birkin])
    expect(count(body.facets.category, 'Shoulder')).toBe(3)
  })

  it('filters by condition, material, price in dollars and verified sellers', async () => {
    expect(await titles('?condition=fair')).toEqual(['Jackie 1961 Hobo'])
    expect(await titles('?material=suede&material=coated%20canvas&sort=price_asc')).toEqual([
      'Jackie 1961 Hobo',
      'Neverfull MM',
    ])
    // Marmont and Neverfull cost the same: their ids decide
    const tied =
      ids.marmont! < ids.neverfull!
        ? ['Marmont Flap Shoulder Bag', 'Neverfull MM']
        : ['Neverfull MM', 'Marmont Flap Shoulder Bag']
    expect(await titles('?minPrice=1200&maxPrice=3200&sort=price_asc')).toEqual([
      ...tied,
      'Chanel Wallet on Chain',
      'Boy Bag',
    ])
    const verified = await search('?verified=true&sort=price_desc')
    expect(verified.items.map((i) => i.title)).toEqual(['Birkin 30', 'Boy Bag', 'Jackie 1961 Hobo'])
    // the price range leaves out the price filter
    const priced = await search('?minPrice=1000&maxPrice=1000')
    expect(priced.total).toBe(0)
    expect(priced.facets.price).toEqual({ min: 40, max: 12000 })
  })

  it('sorts by price both ways with ties broken by id', async () => {
    const asc = (await search('?sort=price_asc&limit=60')).items
    const desc = (await search('?sort=price_desc&limit=60')).items
    const key = (i: Item) => [i.resell_price, i._id] as const
    const sorted = [...asc].sort((a, b) => key(a)[0] - key(b)[0] || (key(a)[1] < key(b)[1] ? -1 : 1))
    expect(asc).toEqual(sorted)
    expect(desc).toEqual([...sorted].reverse())
  })

  it('finds words in brand, title, colour and description; the last word as a prefix', async () => {
    expect(await titles('?q=chanel%20flap')).toEqual(['Classic Flap Bag'])
    expect(await titles('?q=gucc')).toEqual(expect.arrayContaining(['Marmont Flap Shoulder Bag', 'Jackie 1961 Hobo']))
    expect((await search('?q=gucc')).total).toBe(2)
    expect(await titles('?q=lambsk')).toEqual(['Boy Bag'])
    expect(await titles('?q=suede%20red')).toEqual(['Jackie 1961 Hobo'])
    // accents do not matter, either way round; aliases count as the brand
    expect(await titles('?q=hermes')).toEqual(['Birkin 30'])
    expect(await titles('?q=herm%C3%A8s')).toEqual(['Birkin 30'])
    expect(await titles('?q=LV')).toEqual(['Neverfull MM'])
  })

  it('forgives typos in brand and title', async () => {
    const chanle = await search('?q=chanle%20flap')
    expect(chanle.items.map((i) => i.title)).toContain('Classic Flap Bag')
    expect(chanle.items.every((i) => i.brandSlug === 'chanel' || /flap/i.test(i.title))).toBe(true)
    expect(await titles('?q=birkn')).toEqual(['Birkin 30'])
    expect(await titles('?q=nevrfull')).toEqual(['Neverfull MM'])
  })

  it('ranks the better match first by default with q', async () => {
    const items = (await search('?q=flap')).items.map((i) => i.title)
    expect(items.sort()).toEqual(['Classic Flap Bag', 'Marmont Flap Shoulder Bag'])
    expect((await search('?q=chanel')).items[0]?.brandSlug).toBe('chanel')
  })

  it('pages with an opaque cursor and a Link header, every listing once', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'relevance']) {
      const seen: string[] = []
      let url: string | undefined = `/api/search?limit=3&sort=${sort}${sort === 'relevance' ? '&q=bag' : ''}`
      let pages = 0
      let total = 0
      while (url) {
        const res = await t.app.inject(url)
        expect(res.statusCode, res.body).toBe(200)
        const body = res.json() as Body
        total = body.total
        seen.push(...body.items.map((i) => i._id))
        const link = res.headers.link as string | undefined
        url = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined
        pages++
        expect(pages).toBeLessThan(10)
      }
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen.length).toBe(total)
    }
  })

  it('refuses a forged, garbled or other sort’s cursor naming cursor', async () => {
    const first = await get('?limit=2&sort=price_asc')
    const cursor = new URL(`http://x${/<([^>]+)>/.exec(first.headers.link as string)![1]}`).searchParams.get('cursor')!
    const [payload, mac] = cursor.split('.') as [string, string]
    const forged = Buffer.from(JSON.stringify(['price_asc', '1', ids.flap])).toString('base64url')
    for (const bad of [
      `${forged}.${mac}`,
      `${payload}.${mac.slice(0, -2)}AA`,
      payload,
      'garbage',
      `${payload}.${mac}.x`,
      '%%%',
    ]) {
      const res = await get(`?sort=price_asc&cursor=${encodeURIComponent(bad)}`)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().message).toMatch(/^cursor /)
    }
    const other = await get(`?sort=price_desc&cursor=${cursor}`)
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toMatch(/^cursor /)
    expect((await get(`?sort=price_asc&cursor=${cursor}`)).statusCode).toBe(200)
  })

  it('refuses bad parameters with 400 naming them', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?brand=no-such-brand', /^brand /],
      ['?colour=chartreuse', /^colour /],
      ['?material=gold', /^material /],
      ['?condition=mint', /^condition /],
      ['?category=Clutch', /^category /],
      ['?minPrice=300&maxPrice=200', /^minPrice /],
      ['?minPrice=-1', /^minPrice /],
      ['?maxPrice=abc', /^maxPrice /],
      ['?sort=bogus', /^sort /],
      ['?limit=61', /^limit /],
      ['?limit=0', /^limit /],
      ['?verified=yes', /^verified /],
      [`?q=${'a'.repeat(10_000)}`, /^q /],
    ]
    for (const [url, message] of cases) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      })
    }
  })

  it('answers 200 or 400, never 5xx, for hostile words', async () => {
    const hostile = [
      "'; drop table product; --",
      '%',
      '_',
      '\\',
      '"',
      "'",
      'a & b | !c',
      '(chanel',
      'chanel:*',
      ':*',
      '!',
      '&&||',
      '.*[(?',
      // lone surrogates: as UTF-8 bytes (CESU) in the URL, and as the text of a JSON escape
      '%ED%A0%80',
      'bag%20%ED%B0%80%20flap',
      '\\uD800',
      '👜 chanel 💼',
      '👜',
      'the',
      'a'.repeat(200),
    ]
    for (const q of hostile) {
      const url = /%ED/.test(q) ? `?q=${q}` : `?q=${encodeURIComponent(q)}`
      const res = await get(url)
      expect([200, 400], `${q}: ${res.body}`).toContain(res.statusCode)
    }
    // emoji and operators around a word: the word is what is searched
    expect(await titles(`?q=${encodeURIComponent('👜 birkin!')}`)).toEqual(['Birkin 30'])
    expect(await titles(`?q=${encodeURIComponent("'birkin' & (30)")}`)).toEqual(['Birkin 30'])
  })

  it('keeps search right whatever writes a listing: the trigger follows title and brand changes', async () => {
    const db = t.database.db
    await db.update(products).set({ title: 'Kelly 28' }).where(eq(products.id, ids.birkin!))
    t.app.searchCache.clear()
    expect(await titles('?q=kelly')).toEqual(['Kelly 28'])
    await db
      .update(brands)
      .set({ aliases: ['Hermes', 'H bag house'] })
      .where(eq(brands.slug, 'hermes'))
    t.app.searchCache.clear()
    expect(await titles('?q=house')).toEqual(['Kelly 28'])
  })

  it('counts a search once for all its pages and sorts, and afresh after a change to the listings', async () => {
    const first = await search('?colour=black&sort=newest')
    // the same words and filters, another sort and page size: the counts kept for the first are these
    const other = await search('?colour=black&sort=price_asc&limit=1')
    expect(other.total).toBe(first.total)
    expect(other.facets).toEqual(first.facets)
    expect(other.items).toHaveLength(1)
    const seller = await insertUser(t.database.db, { name: 'Late Seller', role: 'seller' })
    await insertProduct(t.database.db, seller.id, { title: 'Late Black Tote', colour: 'black' })
    // what listingsChanged() does after a listing is written: what search keeps is out of date
    t.app.searchCache.clear()
    const after = await search('?colour=black&sort=newest')
    expect(after.total).toBe(first.total + 1)
    expect(count(after.facets.colour, 'black')).toBe(count(first.facets.colour, 'black')! + 1)
    expect(after.items.map((i) => i.title)).toContain('Late Black Tote')
  })
})
