import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addressSchema } from '@preloved/shared/addresses'
import { verifyPassword } from 'better-auth/crypto'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/build-test-app.ts'
import { LocalImageStore } from '../../modules/images/image-store.ts'
import { normaliseQuery } from '../../modules/saved-searches/saved-searches.service.ts'
import type { Database } from '../client.ts'
import {
  accounts,
  brands,
  categories,
  notifications,
  priceHistory,
  products,
  savedAddresses,
  savedSearches,
  users,
  wishlists,
} from '../schema/index.ts'
import { DEMO_LISTINGS as CATALOGUE, DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts'
import { DEMO_PAST_SALE_LISTINGS } from './demo-reviews.ts'
import { seedDemoData, seedReferenceData } from './seed.ts'

/** Every listing the demo writes: its catalogue, and the bags of its past sales (demo-reviews.ts). */
const DEMO_LISTINGS = [...CATALOGUE, ...DEMO_PAST_SALE_LISTINGS]

let dir: string
let database: Database
let drop: () => Promise<void>
let store: LocalImageStore
const messages: string[] = []
let firstRun: boolean

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-seed-'))
  // PGlite, or a fresh PostgreSQL database in the server-pg project
  ;({ database, drop } = await openTestDatabase(dir))
  store = new LocalImageStore(path.join(dir, 'uploads'))
  await seedReferenceData(database.db)
  await seedReferenceData(database.db) // idempotent
  firstRun = await seedDemoData(database.db, store, (m) => messages.push(m))
}, 600_000) // the first run on a machine draws every picture (a minute or two); later runs reuse them

afterAll(async () => {
  await database?.close()
  await drop?.()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('seedReferenceData', () => {
  it('creates the three categories once', async () => {
    const rows = await database.db.select().from(categories).orderBy(categories.position)
    expect(rows.map((r) => [r.categoryId, r.slug, r.title, r.icon])).toEqual([
      ['cat-shoulder', 'Shoulder', 'Shoulder Bags', 'shoulder'],
      ['cat-tote', 'Tote', 'Tote Bags', 'tote'],
      ['cat-backpacks', 'Backpacks', 'Backpacks', 'backpack'],
    ])
  })
})

describe('seedDemoData', () => {
  it('seeds an empty database and reports its time', () => {
    expect(firstRun).toBe(true)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/^demo data: 9 users, \d+ listings, 8 posts and 9 orders in \d+ ms/)
  })

  it('creates the demo users with their roles', async () => {
    const rows = await database.db.select().from(users)
    expect(rows).toHaveLength(DEMO_USERS.length)
    const byRole = (role: string) => rows.filter((u) => u.role === role)
    expect(byRole('seller')).toHaveLength(6)
    expect(byRole('customer')).toHaveLength(2)
    expect(byRole('admin').map((u) => u.email)).toEqual(['admin@demo.preloved.test'])
    expect(byRole('seller').filter((u) => u.verified)).toHaveLength(3)
    for (const u of rows) expect(u.email).toBe(u.email.toLowerCase())
  })

  it('gives every demo account one valid default delivery address', async () => {
    const rows = await database.db
      .select({ address: savedAddresses, email: users.email })
      .from(savedAddresses)
      .innerJoin(users, eq(users.id, savedAddresses.userId))
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_USERS.map((u) => u.email.toLowerCase()).sort())
    for (const { address: a } of rows) {
      expect(a.isDefault).toBe(true)
      const { id, userId, isDefault, createdAt, line2, ...fields } = a
      expect(addressSchema.parse({ ...fields, line2: line2 ?? undefined })).toEqual({
        ...fields,
        line2: line2 ?? undefined,
      })
    }
  })

  it('stores credential accounts whose password verifies', async () => {
    const rows = await database.db
      .select({ email: users.email, userId: users.id, accountId: accounts.accountId, password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(accounts.providerId, 'credential'))
    expect(rows).toHaveLength(DEMO_USERS.length)
    for (const r of rows) expect(r.accountId).toBe(r.userId)
    const admin = rows.find((r) => r.email === 'admin@demo.preloved.test')!
    expect(await verifyPassword({ hash: admin.password!, password: DEMO_PASSWORD })).toBe(true)
    expect(await verifyPassword({ hash: admin.password!, password: 'demo#2026' })).toBe(false)
    expect(new Set(rows.map((r) => r.password)).size).toBe(rows.length) // salted one by one
  })

  it('creates the listings, spread over categories and the last 60 days', async () => {
    const rows = await database.db.select().from(products)
    expect(rows.length).toBe(DEMO_LISTINGS.length)
    expect(rows.length).toBeGreaterThanOrEqual(120)
    for (const slug of ['Shoulder', 'Tote', 'Backpacks']) {
      expect(rows.filter((p) => p.category === slug).length).toBeGreaterThanOrEqual(30)
    }
    expect(rows.filter((p) => p.advertisement).length).toBeGreaterThan(0)
    const verifiedSellers = new Set(
      (await database.db.select().from(users).where(eq(users.verified, true))).map((u) => u.id),
    )
    expect(rows.some((p) => verifiedSellers.has(p.sellerId))).toBe(true)
    expect(rows.some((p) => !verifiedSellers.has(p.sellerId))).toBe(true)
    const ages = rows.map((p) => (Date.now() - p.createdAt.getTime()) / 86_400_000)
    expect(Math.min(...ages)).toBeLessThan(3)
    expect(Math.max(...ages)).toBeGreaterThan(45)
    expect(Math.max(...ages)).toBeLessThan(62)
    expect(new Set(rows.map((p) => p.createdAt.getTime())).size).toBe(rows.length)
    for (const p of rows) expect(p.resellPriceCents).toBeLessThan(p.originalPriceCents)
  })

  it("stores every listing's 2–6 photos as WebP at 800 and 320 pixels, the cover first", async () => {
    const rows = await database.db
      .select({ title: products.title, img: products.img, thumb: products.thumb, photos: products.photos })
      .from(products)
    const file = (url: string) => {
      expect(store.owns(url)).toBe(true)
      return path.join(store.dir, url.replace(/^\/uploads\//, ''))
    }
    const byTitle = new Map(DEMO_LISTINGS.map((l) => [l.title, l]))
    for (const { title, img, thumb, photos } of rows) {
      expect(photos.length).toBe(byTitle.get(title)!.views.length)
      expect(photos.length).toBeGreaterThanOrEqual(2)
      expect(photos.length).toBeLessThanOrEqual(6)
      expect(photos[0]).toEqual({ url: img, thumb })
      expect(new Set(photos.map((p) => p.url)).size).toBe(photos.length) // each angle its own picture
      for (const photo of photos) {
        expect(await sharp(file(photo.url)).metadata()).toMatchObject({ format: 'webp', width: 800, height: 800 })
        expect(await sharp(file(photo.thumb)).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 })
      }
    }
    expect(existsSync(file(rows[0]!.img))).toBe(true)
    expect(new Set(rows.map((r) => r.img)).size).toBe(rows.length)
  })

  it('stores brand, colour, material, measurements, includes and wear as the demo data gives them', async () => {
    const rows = await database.db
      .select({
        title: products.title,
        brand: brands.slug,
        colour: products.colour,
        material: products.material,
        measurements: products.measurements,
        includes: products.includes,
        wear: products.wear,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
    expect(rows).toHaveLength(DEMO_LISTINGS.length) // every listing has its brand
    for (const row of rows) {
      const l = DEMO_LISTINGS.find((d) => d.title === row.title)!
      expect(row).toEqual({
        title: l.title,
        brand: l.brand,
        colour: l.colour,
        material: l.material,
        measurements: l.measurements,
        includes: [...l.includes],
        wear: l.wear,
      })
    }
  })

  it('keeps the price history: the first price, then the lower one for the bags whose price dropped', async () => {
    const listings = await database.db
      .select({
        id: products.id,
        title: products.title,
        price: products.resellPriceCents,
        previous: products.previousPriceCents,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
      })
      .from(products)
    const history = await database.db.select().from(priceHistory).orderBy(asc(priceHistory.at))
    const dropped = DEMO_LISTINGS.filter((l) => l.priceDrop)
    expect(history).toHaveLength(DEMO_LISTINGS.length + dropped.length)
    for (const p of listings) {
      const l = DEMO_LISTINGS.find((d) => d.title === p.title)!
      const own = history.filter((h) => h.productId === p.id)
      expect(own[0]!.at).toEqual(p.createdAt)
      if (l.priceDrop) {
        expect(own.map((h) => h.priceCents)).toEqual([l.priceDrop.fromCents, l.resellPriceCents])
        expect(p.previous).toBe(l.priceDrop.fromCents)
        expect(p.previous).toBeGreaterThan(p.price)
        expect(own[1]!.at.getTime()).toBeGreaterThan(own[0]!.at.getTime())
        expect(own[1]!.at.getTime()).toBeLessThan(Date.now())
        expect(p.updatedAt).toEqual(own[1]!.at)
      } else {
        expect(own.map((h) => h.priceCents)).toEqual([p.price])
        expect(p.previous).toBeNull()
      }
    }
  })

  it('gives the demo accounts notifications (some unread) and saved searches that /search accepts', async () => {
    const byEmail = new Map((await database.db.select().from(users)).map((u) => [u.email, u.id]))
    const emma = byEmail.get('emma.wilson@demo.preloved.test')!
    const hers = await database.db.select().from(notifications).where(eq(notifications.userId, emma))
    expect(new Set(hers.map((n) => n.kind))).toEqual(new Set(['price_drop', 'saved_search', 'order']))
    expect(hers.filter((n) => n.readAt === null).length).toBeGreaterThanOrEqual(2)
    // each price drop is of a bag on her wishlist
    const wished = (await database.db.select().from(wishlists).where(eq(wishlists.userId, emma))).map(
      (w) => `/product/${w.productId}`,
    )
    for (const n of hers.filter((n) => n.kind === 'price_drop')) expect(wished).toContain(n.link)
    // the sellers hear of their sales
    const amelia = byEmail.get('amelia.hart@demo.preloved.test')!
    expect(
      (await database.db.select().from(notifications).where(eq(notifications.userId, amelia))).length,
    ).toBeGreaterThan(0)
    const searches = await database.db.select().from(savedSearches)
    expect(searches.length).toBeGreaterThanOrEqual(2)
    for (const s of searches) {
      const { query } = await normaliseQuery(database.db, s.query)
      expect(query).toBe(s.query)
    }
  })

  it('does nothing on a database that already has users or products', async () => {
    const before = {
      users: (await database.db.select().from(users)).length,
      products: (await database.db.select().from(products)).length,
      accounts: (await database.db.select().from(accounts)).length,
    }
    expect(await seedDemoData(database.db, store)).toBe(false)
    expect({
      users: (await database.db.select().from(users)).length,
      products: (await database.db.select().from(products)).length,
      accounts: (await database.db.select().from(accounts)).length,
    }).toEqual(before)
  })
})
