import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct, listingBody } from '../../../test/fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import { brands } from '../../db/schema/index.ts'
import { foldName, slugOf } from './brands.service.ts'

let t: TestApp
let seller: Session
let admin: Session

type BrandJson = { slug: string; name: string; count: number; aliases: string[] }
const brandList = async () => (await t.app.inject('/api/brands')).json() as BrandJson[]
const countOf = async (slug: string) => (await brandList()).find((b) => b.slug === slug)?.count
const addBrand = (payload: object, who: Session = admin) =>
  t.app.inject({ method: 'POST', url: '/api/brands', headers: who.bearer, payload })
const brandId = async (slug: string) =>
  (await t.database.db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug)))[0]!.id

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL })
  ;[seller, admin] = await Promise.all([
    signUp(t.app, { email: 'bree@example.test', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
})
afterAll(() => t.close())

describe('brand names', () => {
  it('fold accents, case and spaces', () => {
    expect(foldName('  Hermès ')).toBe('hermes')
    expect(foldName('FJÄLLRÄVEN')).toBe('fjallraven')
    expect(foldName('Dolce   &  Gabbana')).toBe('dolce & gabbana')
  })
  it('make slugs of letters and digits', () => {
    expect(slugOf('Loro Piana')).toBe('loro-piana')
    expect(slugOf('A.P.C.')).toBe('a-p-c')
    expect(slugOf("Kate's Bags & Co")).toBe('kates-bags-co')
    expect(slugOf('Chloé')).toBe('chloe')
    expect(slugOf('!!!')).toBe('')
  })
})

describe('GET /api/brands', () => {
  it('lists every seeded brand by name, "Unbranded" included, with counts of listings for sale', async () => {
    const list = await brandList()
    expect(list.length).toBeGreaterThanOrEqual(61)
    expect(list.map((b) => b.name)).toEqual(
      [...list.map((b) => b.name)].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare),
    )
    expect(list).toContainEqual({
      slug: 'unbranded',
      name: 'Unbranded',
      count: 0,
      aliases: ['No brand', 'Non-branded', 'Handmade'],
    })
    // with its other names, for the pickers ("hermes" and "LV" find their brands)
    expect(list.find((b) => b.slug === 'hermes')).toEqual({
      slug: 'hermes',
      name: 'Hermès',
      count: 0,
      aliases: ['Hermes'],
    })
    expect(list.find((b) => b.slug === 'louis-vuitton')?.aliases).toEqual(['LV', 'Vuitton'])
  })

  it('counts available listings only, and shows a new one at once', async () => {
    const gucci = await brandId('gucci')
    await insertProduct(t.database.db, seller.id, { brandId: gucci })
    await insertProduct(t.database.db, seller.id, { brandId: gucci, status: 'sold' })
    await insertProduct(t.database.db, seller.id, { brandId: gucci, status: 'removed' })
    const img = await uploadPhoto(t.app, seller)
    const list = (brand: string, photo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/categoryDetails',
        headers: seller.bearer,
        payload: listingBody(photo, { brand }),
      })
    expect((await list('GUCCI', img)).statusCode).toBe(200)
    // the fixture for sale and the listing just made
    expect(await countOf('gucci')).toBe(2)
    // the answer is cached, and emptied by the next listing
    expect((await list('gucci', await uploadPhoto(t.app, seller, '#123456'))).statusCode).toBe(200)
    expect(await countOf('gucci')).toBe(3)
  })

  it('carries an ETag and answers 304 when it has not changed', async () => {
    const first = await t.app.inject('/api/brands')
    const again = await t.app.inject({ url: '/api/brands', headers: { 'if-none-match': String(first.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })
})

describe('POST /api/brands', () => {
  it('adds a brand with a derived slug; listings name it by name or alias at once', async () => {
    const res = await addBrand({ name: 'Loro Piana', aliases: ['LP', 'lp', 'Loro Piana'], tier: 'luxury' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ slug: 'loro-piana', name: 'Loro Piana', count: 0, aliases: ['LP'] })
    const [row] = await t.database.db.select().from(brands).where(eq(brands.slug, 'loro-piana'))
    // an alias given twice, or the name again, is kept once / not at all
    expect(row).toMatchObject({ aliases: ['LP'], tier: 'luxury' })
    expect(await countOf('loro-piana')).toBe(0)
    const img = await uploadPhoto(t.app, seller, '#334455')
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/categoryDetails',
      headers: seller.bearer,
      payload: listingBody(img, { brand: 'lp' }),
    })
    expect(listed.statusCode, listed.body).toBe(200)
    expect((await t.app.inject(`/api/products/${listed.json().insertedId}`)).json().brand).toBe('Loro Piana')
    expect(await countOf('loro-piana')).toBe(1)
  })

  it.each([
    ['the same name in another case', { name: 'CHANEL' }, messages.brands.clash('CHANEL')],
    ['the same name without its accent', { name: 'Hermes' }, messages.brands.clash('Hermes')],
    ['a name another brand has as an alias', { name: 'YSL' }, messages.brands.clash('YSL')],
    ['a name whose slug is taken', { name: 'Miu-Miu' }, messages.brands.clash('Miu-Miu')],
    ['an alias another brand answers to', { name: 'Fresh Co', aliases: ['LV'] }, messages.brands.aliasClash('LV')],
  ])('refuses %s with 409', async (_what, body, message) => {
    const before = (await t.database.db.select({ id: brands.id }).from(brands)).length
    const res = await addBrand(body)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().message).toBe(message)
    expect((await t.database.db.select({ id: brands.id }).from(brands)).length).toBe(before)
  })

  it.each([
    ['no name', {}, 'name is required'],
    ['a blank name', { name: '   ' }, 'name is required'],
    ['a name without letters', { name: '!!!' }, messages.brands.nameHasNoLetters],
    ['a long name', { name: 'x'.repeat(61) }, 'name must be at most 60 characters'],
    [
      'eleven aliases',
      { name: 'Many', aliases: Array.from({ length: 11 }, (_, i) => `m${i}`) },
      'aliases may hold at most 10 names',
    ],
    ['a bad tier', { name: 'Tiered', tier: 'mass' }, 'tier must be luxury, premium or high-street'],
  ])('refuses %s with 400 naming the field', async (_what, body, message) => {
    const res = await addBrand(body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('is for admins only', async () => {
    expect((await addBrand({ name: 'Sellers Own' }, seller)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: '/api/brands', payload: { name: 'Anon' } })).statusCode).toBe(401)
  })
})
