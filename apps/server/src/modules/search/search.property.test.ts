import { COLOURS, CONDITIONS, MATERIALS, SEARCH_SORTS, type SearchSort } from '@preloved/shared/constants'
import { inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertUser } from '../../../test/fixtures.ts'
import { bookings, brands, priceHistory, products } from '../../db/schema/index.ts'

/**
 * Random catalogues and random searches, checked against a model in plain JS: every item passes every filter,
 * `total` and each facet's counts (with that facet's own filter left out) are those of the matching listings, and
 * paging with the cursor returns every match exactly once, in the sort's order.
 */
let t: TestApp
const NOW = Date.UTC(2026, 10, 25, 12)
const BRANDS = ['chanel', 'gucci', 'prada', 'coach'] as const
const CATEGORIES = ['Shoulder', 'Tote', 'Backpacks'] as const
/** Title words that stem to themselves and look like no other (so full text, not likeness, decides). */
const WORDS = ['quilted', 'vintage', 'flap', 'hobo', 'saddle'] as const
let brandId: Record<string, string> = {}
let sellers: { plain: string; verified: string; buyer: string }

interface Listing {
  id?: string
  brand: (typeof BRANDS)[number] | null
  colour: (typeof COLOURS)[number] | null
  material: (typeof MATERIALS)[number] | null
  condition: (typeof CONDITIONS)[number]
  category: (typeof CATEGORIES)[number]
  cents: number
  minute: number
  status: 'available' | 'sold' | 'removed'
  held: boolean
  verified: boolean
  word: (typeof WORDS)[number]
}

const listing: fc.Arbitrary<Listing> = fc.record({
  brand: fc.option(fc.constantFrom(...BRANDS), { nil: null }),
  colour: fc.option(fc.constantFrom(...COLOURS.slice(0, 4)), { nil: null }),
  material: fc.option(fc.constantFrom(...MATERIALS.slice(0, 3)), { nil: null }),
  condition: fc.constantFrom(...CONDITIONS),
  category: fc.constantFrom(...CATEGORIES),
  // few prices and times: ties are common, and the id must break them
  cents: fc.constantFrom(4000, 12050, 12050, 99900, 250000),
  minute: fc.integer({ min: 0, max: 5 }),
  status: fc.constantFrom('available', 'available', 'available', 'sold', 'removed'),
  held: fc.boolean(),
  verified: fc.boolean(),
  word: fc.constantFrom(...WORDS),
})

const some = <T>(values: readonly T[]) =>
  fc.option(fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 2 }), { nil: undefined })
const query = fc
  .record({
    q: fc.option(fc.constantFrom(...WORDS), { nil: undefined }),
    brand: some(BRANDS),
    colour: some(COLOURS.slice(0, 4)),
    material: some(MATERIALS.slice(0, 3)),
    condition: some(CONDITIONS),
    category: some(CATEGORIES),
    minPrice: fc.option(fc.constantFrom(40, 100, 120.5, 999), { nil: undefined }),
    maxPrice: fc.option(fc.constantFrom(120.5, 999, 5000), { nil: undefined }),
    verified: fc.boolean(),
    sort: fc.option(fc.constantFrom(...SEARCH_SORTS), { nil: undefined }),
    limit: fc.integer({ min: 1, max: 4 }),
  })
  // minPrice > maxPrice is a 400, tested in search.test.ts
  .filter((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice)
type Query = typeof query extends fc.Arbitrary<infer Q> ? Q : never

const FACETS = ['brand', 'colour', 'material', 'condition', 'category'] as const
type Facet = (typeof FACETS)[number]

/** Whether a listing passes the query, leaving out one facet's filter (or the price range). */
function passes(l: Listing, q: Query, leftOut?: Facet | 'price'): boolean {
  if (l.status !== 'available') return false
  if (q.q !== undefined && l.word !== q.q) return false
  if (q.verified && !l.verified) return false
  for (const f of FACETS) {
    const wanted = q[f] as readonly string[] | undefined
    if (f !== leftOut && wanted && !wanted.includes(l[f] as string)) return false
  }
  if (leftOut !== 'price') {
    if (q.minPrice !== undefined && l.cents < q.minPrice * 100) return false
    if (q.maxPrice !== undefined && l.cents > q.maxPrice * 100) return false
  }
  return true
}

function urlOf(q: Query): string {
  const p = new URLSearchParams()
  if (q.q !== undefined) p.set('q', q.q)
  for (const f of FACETS) for (const v of (q[f] as readonly string[] | undefined) ?? []) p.append(f, v)
  if (q.minPrice !== undefined) p.set('minPrice', String(q.minPrice))
  if (q.maxPrice !== undefined) p.set('maxPrice', String(q.maxPrice))
  if (q.verified) p.set('verified', 'true')
  if (q.sort) p.set('sort', q.sort)
  p.set('limit', String(q.limit))
  return `/api/search?${p}`
}

/** The model's order for a sort (relevance is the database's to decide: only the set is checked). */
function ordered(list: Listing[], sort: SearchSort): string[] {
  const by = {
    newest: (a: Listing, b: Listing) => b.minute - a.minute || (b.id! < a.id! ? -1 : 1),
    price_asc: (a: Listing, b: Listing) => a.cents - b.cents || (a.id! < b.id! ? -1 : 1),
    price_desc: (a: Listing, b: Listing) => b.cents - a.cents || (b.id! < a.id! ? -1 : 1),
    relevance: () => 0,
  }[sort]
  return [...list].sort(by).map((l) => l.id!)
}

async function replaceCatalogue(listings: Listing[]) {
  const db = t.database.db
  await db.delete(bookings)
  await db.delete(priceHistory)
  await db.delete(products)
  for (const [i, l] of listings.entries()) {
    const img = `/uploads/${i.toString(16).padStart(24, '0')}-800.webp`
    const [row] = await db
      .insert(products)
      .values({
        sellerId: l.verified ? sellers.verified : sellers.plain,
        title: `${l.word} bag`,
        img,
        thumb: img.replace('-800', '-320'),
        photos: [{ url: img, thumb: img.replace('-800', '-320') }],
        category: l.category,
        originalPriceCents: 300000,
        resellPriceCents: l.cents,
        year: '2020',
        location: 'Lisbon',
        phone: '+1 555 0100',
        condition: l.condition,
        description: 'Kept well.',
        status: l.status,
        brandId: l.brand ? brandId[l.brand]! : null,
        colour: l.colour,
        material: l.material,
        createdAt: new Date(NOW - 3600_000 + l.minute * 60_000),
      })
      .returning({ id: products.id })
    l.id = row!.id
    if (l.held && l.status === 'available') {
      await db.insert(bookings).values({
        productId: l.id,
        customerId: sellers.buyer,
        customer: 'Buyer',
        email: 'buyer@example.test',
        number: '+1 555 0100',
        location: 'Paris',
        priceCents: l.cents,
        expiresAt: new Date(NOW + 600_000),
      })
    }
  }
  t.app.searchCache.clear()
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '1000' }, { clock: () => NOW })
  const db = t.database.db
  const rows = await db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(inArray(brands.slug, [...BRANDS]))
  brandId = Object.fromEntries(rows.map((b) => [b.slug, b.id]))
  sellers = {
    plain: (await insertUser(db, { role: 'seller' })).id,
    verified: (await insertUser(db, { role: 'seller', verified: true })).id,
    buyer: (await insertUser(db)).id,
  }
})
afterAll(() => t.close())

describe('search against a model', () => {
  it('answers exactly the matching listings, counts and pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(listing, { maxLength: 14 }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        async (listings, queries) => {
          await replaceCatalogue(listings)
          for (const q of queries) {
            const matching = listings.filter((l) => passes(l, q))
            const sort: SearchSort =
              q.sort === 'relevance' && !q.q ? 'newest' : (q.sort ?? (q.q ? 'relevance' : 'newest'))
            const seen: string[] = []
            let url: string | undefined = urlOf(q)
            let first = true
            while (url) {
              const res = await t.app.inject(url)
              expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
              const body = res.json()
              expect(body.total, url).toBe(matching.length)
              for (const item of body.items) {
                const l = listings.find((x) => x.id === item._id)!
                expect(passes(l, q), `${url}: ${item._id}`).toBe(true)
                expect(item.reserved).toBe(l.held)
              }
              seen.push(...body.items.map((i: { _id: string }) => i._id))
              if (first) {
                first = false
                for (const f of FACETS) {
                  const model = new Map<string, number>()
                  for (const l of listings) {
                    const v = l[f]
                    if (v !== null && passes(l, q, f)) model.set(v, (model.get(v) ?? 0) + 1)
                  }
                  const got = new Map<string, number>(
                    body.facets[f].map((e: { value: string; count: number }) => [e.value, e.count]),
                  )
                  expect(got, `${url}: facet ${f}`).toEqual(model)
                }
                const priced = listings.filter((l) => passes(l, q, 'price')).map((l) => l.cents / 100)
                expect(body.facets.price, url).toEqual(
                  priced.length > 0 ? { min: Math.min(...priced), max: Math.max(...priced) } : { min: 0, max: 0 },
                )
              }
              const link = res.headers.link as string | undefined
              url = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined
              expect(seen.length, 'pages end').toBeLessThanOrEqual(matching.length + q.limit)
            }
            if (sort === 'relevance') expect([...seen].sort()).toEqual(matching.map((l) => l.id!).sort())
            else expect(seen, `${urlOf(q)} in order`).toEqual(ordered(matching, sort))
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), seed: Number(process.env.PROPERTY_SEED ?? 20261125) },
    )
  })
})
