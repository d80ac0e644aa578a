import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

export const categories = pgTable('category', {
  id: uuid('id').primaryKey().defaultRandom(),
  categoryId: text('category_id').notNull().unique(),
  slug: text('slug', { enum: ['Shoulder', 'Tote', 'Backpacks'] })
    .notNull()
    .unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  position: integer('position').notNull().default(0),
})

/** The spec's categoryDetails: one bag, listed once by one seller. Money in cents. */
export const products = pgTable(
  'product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    img: text('img').notNull(),
    thumb: text('thumb').notNull(),
    category: text('category', { enum: ['Shoulder', 'Tote', 'Backpacks'] })
      .notNull()
      .references(() => categories.slug),
    originalPriceCents: integer('original_price').notNull(),
    resellPriceCents: integer('resell_price').notNull(),
    year: text('year').notNull(),
    location: text('location').notNull(),
    phone: text('phone').notNull(),
    condition: text('condition', { enum: ['excellent', 'good', 'fair'] }).notNull(),
    description: text('description').notNull(),
    specialty: text('specialty').notNull().default(''),
    advertisement: boolean('advertisement').notNull().default(false),
    status: text('status', { enum: ['available', 'sold', 'removed'] })
      .notNull()
      .default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_prices_ck', sql`${t.originalPriceCents} >= 0 and ${t.resellPriceCents} >= 0`),
    index('product_category_listing_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available'`),
    index('product_listing_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available'`),
    index('product_advertised_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available' and ${t.advertisement}`),
    // the sitemap's pages: every listing with a public page (for sale or sold), oldest first
    index('product_sitemap_idx').on(t.createdAt, t.id).where(sql`${t.status} <> 'removed'`),
    index('product_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)
