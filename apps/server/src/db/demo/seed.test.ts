import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { verifyPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalImageStore } from '../../modules/images/image-store.ts'
import { type Database, openDatabase } from '../client.ts'
import { accounts, categories, products, users } from '../schema/index.ts'
import { DEMO_LISTINGS, DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts'
import { seedDemoData, seedReferenceData } from './seed.ts'

let dir: string
let database: Database
let store: LocalImageStore
const messages: string[] = []
let firstRun: boolean

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-seed-'))
  database = await openDatabase('memory://', dir)
  await database.migrate()
  store = new LocalImageStore(path.join(dir, 'uploads'))
  await seedReferenceData(database.db)
  await seedReferenceData(database.db) // idempotent
  firstRun = await seedDemoData(database.db, store, (m) => messages.push(m))
}, 120_000)

afterAll(async () => {
  await database?.close()
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
    expect(messages[0]).toMatch(/^demo data: 9 users, \d+ listings and 8 posts in \d+ ms/)
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
    expect(rows.length).toBeGreaterThanOrEqual(27)
    for (const slug of ['Shoulder', 'Tote', 'Backpacks']) {
      expect(rows.filter((p) => p.category === slug).length).toBeGreaterThanOrEqual(9)
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

  it("stores every listing's picture as WebP at 800 and 320 pixels", async () => {
    const rows = await database.db.select({ img: products.img, thumb: products.thumb }).from(products)
    const file = (url: string) => {
      expect(store.owns(url)).toBe(true)
      return path.join(store.dir, url.replace(/^\/uploads\//, ''))
    }
    for (const { img, thumb } of rows) {
      expect(existsSync(file(img))).toBe(true)
      expect(existsSync(file(thumb))).toBe(true)
      expect(await sharp(file(img)).metadata()).toMatchObject({ format: 'webp', width: 800, height: 800 })
      expect(await sharp(file(thumb)).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 })
    }
    expect(new Set(rows.map((r) => r.img)).size).toBe(rows.length)
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
