import { COLOURS, type Include, MATERIALS, type Measurement, type WearArea } from '@preloved/shared/constants'
import { sql } from 'drizzle-orm'
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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

/**
 * Bag brands (docs/product/listings.md#brands): a listing names one by slug, name or alias (any case). Seeded by migration 0008
 * with the designer and high-street brands plus "Unbranded"; an admin adds more.
 */
export const brands = pgTable('brand', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  /** Other names it goes by ("LV", "YSL"), compared without regard to case. */
  aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
  /** luxury, premium, high-street or none (Unbranded): for the demo data and shortcuts. */
  tier: text('tier', { enum: ['luxury', 'premium', 'high-street', 'none'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** PostgreSQL's full-text document type (drizzle has none): read as its text form, written only by a trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export interface ListingPhoto {
  url: string
  thumb: string
}

/** The original categoryDetails: one bag, listed once by one seller. Money in cents. */
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
    // docs/product/listings.md#fields; brand, colour and material are null on listings made with the original fields only
    brandId: uuid('brand_id').references(() => brands.id),
    colour: text('colour', { enum: COLOURS }),
    material: text('material', { enum: MATERIALS }),
    wear: jsonb('wear').$type<Partial<Record<WearArea, string>>>().notNull().default({}),
    measurements: jsonb('measurements').$type<Partial<Record<Measurement, number>>>().notNull().default({}),
    includes: text('includes').array().$type<Include[]>().notNull().default(sql`'{}'::text[]`),
    /** 1–10 photos in order; photos[0] is always `img`/`thumb` (the cover). */
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull(),
    /** The price before the latest change when that change lowered it, else null (a copy of price_history's news). */
    previousPriceCents: integer('previous_price'),
    /** What the buyer pays for shipping on top of the price; 0 = free shipping. */
    shippingCents: integer('shipping').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // search (decision 018): both kept by the trigger product_search_refresh (migration 0009) on every insert and
    // update, so no code path that writes listings has to know about them
    /** Weighted words: brand name and aliases A, title B, colour/material/category C, description D; unaccented. */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    /** Brand name, aliases and title, unaccented and lower-case: what typo-tolerant (trigram) matching compares. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    check(
      'product_photos_ck',
      sql`jsonb_typeof(${t.photos}) = 'array' and jsonb_array_length(${t.photos}) between 1 and 10 and ${t.photos}->0->>'url' = ${t.img}`,
    ),
    check('product_colour_ck', sql.raw(`colour is null or colour in (${COLOURS.map((c) => `'${c}'`).join(', ')})`)),
    check(
      'product_material_ck',
      sql.raw(`material is null or material in (${MATERIALS.map((c) => `'${c}'`).join(', ')})`),
    ),
    index('product_brand_idx').on(t.brandId),
    check('product_prices_ck', sql`${t.originalPriceCents} >= 0 and ${t.resellPriceCents} >= 0`),
    check('product_shipping_ck', sql`${t.shippingCents} between 0 and 100000`),
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
    index('product_search_vector_idx').using('gin', t.searchVector),
    index('product_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // search's sorts and its brand filter over the bags for sale (decision 018)
    index('product_price_listing_idx').on(t.resellPriceCents, t.id).where(sql`${t.status} = 'available'`),
    // search's filters (migration 0010): with two or more, the facet counts read the listings that fail at most one
    index('product_colour_listing_idx').on(t.colour).where(sql`${t.status} = 'available'`),
    index('product_material_listing_idx').on(t.material).where(sql`${t.status} = 'available'`),
    index('product_condition_listing_idx').on(t.condition).where(sql`${t.status} = 'available'`),
    index('product_brand_listing_idx')
      .on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available'`),
    index('product_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

/** Every price a listing has had (docs/product/listings.md#price-history): append-only, the first price included. Cents. */
export const priceHistory = pgTable(
  'price_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    priceCents: integer('price').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_history_product_idx').on(t.productId, t.at),
    check('price_history_price_ck', sql`${t.priceCents} >= 0`),
  ],
)
