import { messages } from '@preloved/shared/messages'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, listingBody } from '../../../test/fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import { priceHistory, products, uploads } from '../../db/schema/index.ts'

// docs/product/listings.md: a listing's details on POST /api/categoryDetails, PATCH /api/categoryDetails/{id} and
// GET /api/products/{id}.
let t: TestApp
let seller: Session
let other: Session
let customer: Session
let admin: Session
/** Photos the seller uploaded (distinct colours: distinct files). */
let photos: string[]
let othersPhoto: string

const thumbOf = (url: string) => url.replace('-800.webp', '-320.webp')

const details = (over: Record<string, unknown> = {}) =>
  listingBody(photos[0]!, {
    title: 'Classic Flap',
    brand: 'chanel',
    colour: 'black',
    material: 'leather',
    wear: { corners: 'Light rubbing on two corners', hardware: '' },
    measurements: { width: 25.5, height: 15, depth: 7 },
    includes: ['dust bag', 'box', 'dust bag'],
    photos: photos.slice(0, 3),
    ...over,
  })

const add = (s: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/categoryDetails', headers: s.bearer, payload })
const patch = (s: Session | undefined, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/categoryDetails/${id}`,
    headers: s?.bearer ?? {},
    payload: payload as object,
  })
const detail = async (id: string, s?: Session) =>
  (await t.app.inject({ url: `/api/products/${id}`, headers: s?.bearer ?? {} })).json()
const countProducts = async () => (await t.database.db.select({ id: products.id }).from(products)).length
const historyOf = (id: string) =>
  t.database.db
    .select({ priceCents: priceHistory.priceCents })
    .from(priceHistory)
    .where(eq(priceHistory.productId, id))
    .orderBy(asc(priceHistory.at))
/** A listing of the seller made through the API, with its details. */
const newListing = async (over: Record<string, unknown> = {}) => {
  const res = await add(seller, details(over))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().insertedId as string
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' })
  ;[seller, other, customer, admin] = await Promise.all([
    signUp(t.app, { email: 'lina@example.test', name: 'Lina Lister', role: 'seller' }),
    signUp(t.app, { email: 'omar@example.test', name: 'Omar Other', role: 'seller' }),
    signUp(t.app, { email: 'cleo@example.test', name: 'Cleo Customer', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada Admin' }),
  ])
  photos = []
  for (let i = 0; i < 12; i++)
    photos.push(await uploadPhoto(t.app, seller, `#${(0x102030 + i * 0x0a0a0a).toString(16)}`))
  othersPhoto = await uploadPhoto(t.app, other, '#ff00aa')
})
afterAll(() => t.close())

describe('POST /api/categoryDetails with the details of docs/product/listings.md', () => {
  it('stores them and answers them on the product: brand by slug, photos with the thumbs the server made', async () => {
    const id = await newListing()
    const json = await detail(id)
    expect(json).toMatchObject({
      brand: 'Chanel',
      brandSlug: 'chanel',
      colour: 'black',
      material: 'leather',
      wear: { corners: 'Light rubbing on two corners' },
      measurements: { width: 25.5, height: 15, depth: 7 },
      img: photos[0],
      thumb: thumbOf(photos[0]!),
      sellerId: seller.id,
      previousPrice: null,
      priceHistory: [{ price: 120, at: expect.any(String) }],
    })
    // an empty wear note is no note; an item listed twice is included once
    expect(json.wear).toEqual({ corners: 'Light rubbing on two corners' })
    expect(json.includes).toEqual(['dust bag', 'box'])
    expect(json.photos).toEqual(photos.slice(0, 3).map((url) => ({ url, thumb: thumbOf(url) })))
    expect(await historyOf(id)).toEqual([{ priceCents: 12000 }])
    // every photo's upload is now on the listing
    const used = await t.database.db.select().from(uploads).where(eq(uploads.productId, id))
    expect(used).toHaveLength(3)
  })

  it.each([
    ['an alias', 'LV', 'Louis Vuitton'],
    ['the name in another case', 'louis VUITTON', 'Louis Vuitton'],
    ['the name without its accent', 'Hermes', 'Hermès'],
    ['the name with its accent in capitals', 'HERMÈS', 'Hermès'],
    ['an alias with an accent the name lacks', 'céline', 'Celine'],
    ['the slug', 'saint-laurent', 'Saint Laurent'],
  ])('resolves the brand from %s', async (_how, brand, name) => {
    const id = await newListing({ brand, photos: [photos[3]!], img: undefined })
    expect((await detail(id)).brand).toBe(name)
  })

  it('keeps the original call with img alone: its only photo, one price, details not stated', async () => {
    const id = (await add(seller, listingBody(photos[4]!))).json().insertedId
    const json = await detail(id)
    expect(json).toMatchObject({
      img: photos[4],
      photos: [{ url: photos[4], thumb: thumbOf(photos[4]!) }],
      brand: null,
      brandSlug: null,
      colour: null,
      material: null,
      wear: {},
      measurements: {},
      includes: [],
      priceHistory: [{ price: 120 }],
    })
  })

  it.each([
    ['an unknown brand', { brand: 'Chanelle' }, /^brand "Chanelle" is not a known brand/],
    ['an unknown colour', { colour: 'mauve' }, /^colour must be one of black, white/],
    ['an unknown material', { material: 'kevlar' }, /^material must be one of leather/],
    ['an unknown condition', { condition: 'mint' }, /^condition must be excellent, good or fair$/],
    ['a width of 0', { measurements: { width: 0 } }, /^measurements\.width must be between 1 and 200 cm$/],
    ['a height of 201', { measurements: { height: 201 } }, /^measurements\.height must be between 1 and 200 cm$/],
    ['an unknown measurement', { measurements: { girth: 20 } }, /measurements may hold width, height, depth/],
    ['a wear area that is not one', { wear: { strap: 'worn' } }, /^wear: Unrecognized key: "strap"$/],
    ['a long wear note', { wear: { interior: 'x'.repeat(301) } }, /each wear note must be at most 300/],
    ['an unknown include', { includes: ['certificate'] }, /^includes may hold dust bag/],
    // (photos are uploaded in beforeAll: read then)
    ['11 photos', () => ({ photos: photos.slice(0, 11), img: undefined }), /^photos may hold at most 10 photos$/],
    ['no photos', { photos: [], img: undefined }, /^photos must hold at least 1 photo$/],
    ['a cover that is not the first photo', () => ({ img: photos[1] }), /^img must be the first of photos/],
  ] as [string, object | (() => object), RegExp][])(
    'refuses %s with 400 naming the field, writing nothing',
    async (_what, over, message) => {
      const before = await countProducts()
      const res = await add(seller, details(typeof over === 'function' ? over() : over))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toMatch(message)
      expect(await countProducts()).toBe(before)
    },
  )

  it('checks every photo: one not of our store → 400, another seller’s → 403, a photo twice → 400', async () => {
    const before = await countProducts()
    const cases: [string[], number, string][] = [
      [[photos[0]!, photos[1]!, 'https://evil.example/a-800.webp'], 400, messages.listings.photoNotOurs],
      [[photos[0]!, photos[1]!, '/uploads/abc.webp'], 400, messages.listings.photoNotOurs],
      [[photos[0]!, photos[1]!, othersPhoto], 403, messages.products.photoNotYours],
      [[photos[0]!, photos[1]!, photos[0]!], 400, messages.listings.photoTwice],
    ]
    for (const [list, status, message] of cases) {
      const res = await add(seller, details({ photos: list }))
      expect(res.statusCode, list.join()).toBe(status)
      expect(res.json().message).toBe(message)
    }
    expect(await countProducts()).toBe(before)
  })

  it('lets a seller reuse a photo already on one of their listings (demo data has no upload records), no one else', async () => {
    const url = '/uploads/dddddddddddddddddddddddd-800.webp'
    await insertProduct(t.database.db, seller.id, {
      photos: [
        { url: photos[8]!, thumb: thumbOf(photos[8]!) },
        { url, thumb: thumbOf(url) },
      ],
      img: photos[8],
      thumb: thumbOf(photos[8]!),
    })
    const mine = await add(seller, details({ photos: [url], img: undefined }))
    expect(mine.statusCode, mine.body).toBe(200)
    const theirs = await add(other, details({ photos: [url], img: undefined }))
    expect(theirs.statusCode).toBe(403)
  })

  it('takes photos as plain URLs or { url } objects, and ignores a thumb sent by the client', async () => {
    const id = await newListing({
      photos: [photos[5]!, { url: photos[6]!, thumb: 'https://evil.example/t.webp' }],
      img: undefined,
    })
    expect((await detail(id)).photos).toEqual([
      { url: photos[5], thumb: thumbOf(photos[5]!) },
      { url: photos[6], thumb: thumbOf(photos[6]!) },
    ])
  })
})

describe('shipping on a listing (the seller sets it, or free shipping)', () => {
  it('is free (0) unless set; stored in cents, answered in dollars, changed by PATCH', async () => {
    const free = await newListing()
    expect((await detail(free)).shipping).toBe(0)
    const paid = await newListing({ shipping: '12.50' })
    expect((await detail(paid)).shipping).toBe(12.5)
    const [row] = await t.database.db
      .select({ cents: products.shippingCents })
      .from(products)
      .where(eq(products.id, paid))
    expect(row!.cents).toBe(1250)
    const res = await patch(seller, paid, { shipping: 0 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().shipping).toBe(0)
  })

  it('refuses a negative, too large or sub-cent shipping with a 400 naming it, and stores nothing', async () => {
    const before = await countProducts()
    for (const [shipping, message] of [
      [-1, 'shipping cannot be negative (0 is free shipping)'],
      [1000.01, 'shipping must be at most 1000'],
      [9.999, 'shipping can have at most 2 decimals'],
      ['ten', 'shipping must be an amount in dollars (0 for free shipping)'],
    ] as const) {
      const res = await add(seller, details({ shipping }))
      expect(res.statusCode, `${shipping}: ${res.body}`).toBe(400)
      expect(res.json().message).toContain(message)
    }
    expect(await countProducts()).toBe(before)
  })
})

describe('PATCH /api/categoryDetails/{id}', () => {
  it('changes what is sent and answers the listing as it now stands, in full', async () => {
    const id = await newListing()
    const [before] = await t.database.db.select().from(products).where(eq(products.id, id))
    const res = await patch(seller, id, {
      title: 'Classic Flap, medium',
      brand: 'YSL',
      colour: 'red',
      measurements: { width: 30 },
      photos: [photos[2]!, photos[7]!],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      _id: id,
      title: 'Classic Flap, medium',
      brand: 'Saint Laurent',
      brandSlug: 'saint-laurent',
      colour: 'red',
      material: 'leather',
      measurements: { width: 30 },
      img: photos[2],
      thumb: thumbOf(photos[2]!),
      photos: [
        { url: photos[2], thumb: thumbOf(photos[2]!) },
        { url: photos[7], thumb: thumbOf(photos[7]!) },
      ],
      resell_price: 120,
      email: seller.email,
      priceHistory: [{ price: 120 }],
    })
    const [after] = await t.database.db.select().from(products).where(eq(products.id, id))
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime())
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.productId, id)).limit(1)
    expect(upload).toBeDefined()
    // the public list shows the change at once (its cache was emptied)
    const list = (await t.app.inject('/api/categoryDetails/Tote')).json() as { _id: string; title: string }[]
    expect(list.find((p) => p._id === id)?.title).toBe('Classic Flap, medium')
  })

  it('keeps every price: a drop sets previousPrice (shown on lists too), a rise clears it', async () => {
    const id = await newListing({ resell_price: 500 })
    const down = await patch(seller, id, { resell_price: 420.5 })
    expect(down.statusCode, down.body).toBe(200)
    expect(down.json()).toMatchObject({ resell_price: 420.5, previousPrice: 500 })
    expect(down.json().priceHistory.map((h: { price: number }) => h.price)).toEqual([500, 420.5])
    const list = (await t.app.inject('/api/categoryDetails?limit=100')).json() as {
      _id: string
      previousPrice: number | null
      priceHistory?: unknown
    }[]
    const card = list.find((p) => p._id === id)!
    expect(card.previousPrice).toBe(500)
    // lists stay lean
    expect(card).not.toHaveProperty('priceHistory')

    // the same price again is no change
    expect((await patch(seller, id, { resell_price: 420.5 })).json().priceHistory).toHaveLength(2)

    const up = await patch(seller, id, { resell_price: 450 })
    expect(up.json()).toMatchObject({ resell_price: 450, previousPrice: null })
    expect(await historyOf(id)).toEqual([{ priceCents: 50000 }, { priceCents: 42050 }, { priceCents: 45000 }])
    const json = await detail(id)
    expect(json.priceHistory.map((h: { price: number }) => h.price)).toEqual([500, 420.5, 450])
    const times = json.priceHistory.map((h: { at: string }) => Date.parse(h.at))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('img alone makes that photo the cover and keeps the others after it', async () => {
    const id = await newListing({ photos: [photos[0]!, photos[1]!], img: photos[0] })
    const res = await patch(seller, id, { img: photos[1] })
    expect(res.json().photos.map((p: { url: string }) => p.url)).toEqual([photos[1], photos[0]])
    expect(res.json().img).toBe(photos[1])
  })

  it('lets an admin edit (moderation), with the photos still the seller’s', async () => {
    const id = await newListing()
    const res = await patch(admin, id, { description: 'Edited by the moderator.' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().description).toBe('Edited by the moderator.')
    const theirs = await patch(admin, id, { photos: [othersPhoto] })
    expect(theirs.statusCode).toBe(403)
  })

  it('answers 401, 404, 403, then 400, then 409 (docs/product/storefront.md#status-precedence)', async () => {
    const id = await newListing()
    const removed = await newListing()
    await t.database.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed))
    const sold = await newListing()
    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold))
    const bad = { resell_price: -1 }
    const cases: [Session | undefined, string, unknown, number, string][] = [
      [undefined, id, bad, 401, messages.auth.signInRequired],
      [seller, '00000000-0000-4000-8000-000000000000', bad, 404, messages.products.notFound],
      [seller, 'not-a-uuid', bad, 404, messages.products.notFound],
      [seller, removed, { title: 'Back' }, 404, messages.products.notFound],
      [other, id, bad, 403, messages.products.notYours],
      [customer, id, { title: 'Mine now' }, 403, messages.products.notYours],
      [seller, id, bad, 400, 'Resell price must be more than 0'],
      [seller, id, {}, 400, 'body: send at least one field to change'],
      [seller, id, { seller_id: other.id }, 400, 'body: the body holds a field a listing does not have'],
      [seller, id, { brand: 'Nobody' }, 400, messages.brands.unknown('Nobody')],
      [seller, id, { photos: [photos[0]!], img: photos[1] }, 400, messages.listings.coverNotFirst],
      [seller, id, { photos: [photos[0]!, othersPhoto] }, 403, messages.products.photoNotYours],
      [seller, sold, bad, 400, 'Resell price must be more than 0'],
      [seller, sold, { resell_price: 10 }, 409, messages.listings.soldNoEdit],
      [admin, sold, { title: 'Moderated' }, 409, messages.listings.soldNoEdit],
    ]
    for (const [who, target, body, status, message] of cases) {
      const res = await patch(who, target, body)
      expect(res.statusCode, `${who?.email} ${target} ${JSON.stringify(body)}: ${res.body}`).toBe(status)
      expect(res.json().message).toBe(message)
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, sold))
    expect(row).toMatchObject({ resellPriceCents: 12000, title: 'Classic Flap' })
    expect(await historyOf(sold)).toHaveLength(1)
  })

  it('never edits a sold bag when the edit races the sale (book and pay)', async () => {
    const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' }
    const post = (s: Session, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: s.bearer, payload })
    for (let round = 0; round < 4; round++) {
      const id = (await insertProduct(t.database.db, seller.id, { resellPriceCents: 30000 })).id
      const booked = await post(customer, '/api/bookings', { product_id: id, number: '+1 555 0100', location: 'Rome' })
      expect(booked.statusCode, booked.body).toBe(200)
      const bookingId = booked.json().insertedId
      const intent = await post(customer, '/api/create-payment-intent', { bookingId })
      const charged = await post(customer, '/api/test-processor/confirm', {
        clientSecret: intent.json().clientSecret,
        card: CARD,
        billing: { name: 'Cleo', email: customer.email },
      })
      expect(charged.statusCode, charged.body).toBe(200)
      const [paid, edited] = await Promise.all([
        post(customer, '/api/payments', { transactionId: charged.json().transactionId, bookingId }),
        patch(seller, id, { resell_price: 200, title: `Edited ${round}` }),
      ])
      expect(paid.statusCode, paid.body).toBe(200)
      const [row] = await t.database.db.select().from(products).where(eq(products.id, id))
      expect(row!.status).toBe('sold')
      if (edited.statusCode === 409) {
        // the sale came first: the listing is as it was sold
        expect(row).toMatchObject({ resellPriceCents: 30000, title: expect.stringMatching(/^Test bag/) })
        expect(await historyOf(id)).toHaveLength(0)
      } else {
        // the edit came first and was whole: price, history and title together
        expect(edited.statusCode, edited.body).toBe(200)
        expect(row).toMatchObject({ resellPriceCents: 20000, previousPriceCents: 30000, title: `Edited ${round}` })
        expect(await historyOf(id)).toEqual([{ priceCents: 20000 }])
      }
      expect((await patch(seller, id, { resell_price: 100 })).statusCode).toBe(409)
    }
  })
})

describe('GET /api/products/{id}', () => {
  it('answers a listing made before price history (fixture) with what the history holds', async () => {
    const row = await insertProduct(t.database.db, seller.id)
    expect((await detail(row.id)).priceHistory).toEqual([])
  })

  it('answers 404 for a missing, removed or malformed id', async () => {
    const removed = await newListing()
    await t.database.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed))
    for (const id of [removed, '00000000-0000-4000-8000-000000000000', 'x%27%20or%201=1']) {
      const res = await t.app.inject(`/api/products/${id}`)
      expect(res.statusCode, id).toBe(404)
      expect(res.json().message).toBe(messages.products.notFound)
    }
  })
})
