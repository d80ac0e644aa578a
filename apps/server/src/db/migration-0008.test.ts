import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MigrationHarness, openMigrationHarness } from '../../test/migration-harness.ts'
import type { Database } from './client.ts'
import { priceHistory, products } from './schema/index.ts'

/**
 * Migration 0008 on a database that already holds a listing: the shop's data as 0007 left it, migrated
 * the way a deployed instance is (drizzle's migrator applies what its journal lists and the database lacks).
 */
let migration: MigrationHarness
let database: Database
const SELLER = 'seller-before-0008'
const IMG = '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp'
const THUMB = '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-320.webp'

beforeAll(async () => {
  migration = await openMigrationHarness()
  database = migration.database
})
afterAll(() => migration.close())

describe('migration 0008 on a shop with listings', () => {
  it('makes each listing’s image its only photo, its price the first of its history, and leaves the rest not stated', async () => {
    await migration.migrateUpTo('0007_blog_posts_and_settings')
    const { db } = database
    await db.execute(sql`
      insert into "user" (id, name, email, role) values (${SELLER}, 'Old Seller', 'old@example.test', 'seller')`)
    await db.execute(sql`
      insert into category (category_id, slug, title, description, icon) values ('c1', 'Tote', 'Tote', 'Totes', 'tote')`)
    const listedAt = '2025-06-01T10:00:00.000Z'
    await db.execute(sql`
      insert into product (seller_id, title, img, thumb, category, original_price, resell_price, year, location, phone,
        condition, description, created_at)
      values (${SELLER}, 'Old Tote', ${IMG}, ${THUMB}, 'Tote', 30000, 18050, '2019', 'Leeds', '+44 555 0100', 'good',
        'Listed before listing details existed.', ${listedAt}::timestamptz)`)

    await migration.migrateAll()

    const [row] = await db.select().from(products).where(eq(products.title, 'Old Tote'))
    expect(row).toMatchObject({
      img: IMG,
      thumb: THUMB,
      photos: [{ url: IMG, thumb: THUMB }],
      brandId: null,
      colour: null,
      material: null,
      wear: {},
      measurements: {},
      includes: [],
      previousPriceCents: null,
    })
    expect(row!.updatedAt.toISOString()).toBe(listedAt)
    const history = await db.select().from(priceHistory).where(eq(priceHistory.productId, row!.id))
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ priceCents: 18050 })
    expect(history[0]!.at.toISOString()).toBe(listedAt)
    // the database keeps the cover the first photo from now on
    await expect(
      db.update(products).set({ img: '/uploads/bbbbbbbbbbbbbbbbbbbbbbbb-800.webp' }).where(eq(products.id, row!.id)),
    ).rejects.toThrow()
  })
})
