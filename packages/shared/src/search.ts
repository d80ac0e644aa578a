import { z } from 'zod'
import './zod-config.ts'
import {
  CATEGORY_SLUGS,
  COLOURS,
  CONDITIONS,
  MATERIALS,
  SEARCH_MAX_LIMIT,
  SEARCH_Q_MAX,
  SEARCH_SORTS,
} from './constants.ts'
import { productSchema } from './products.ts'
import { sellerRatingSchema } from './reviews.ts'

/** A query parameter that may repeat (`?brand=a&brand=b`): always an array. */
const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(50).optional())

const dollars = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of dollars` })
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000, `${name} must be at most 1,000,000`)
    .optional()

/**
 * GET /api/search (docs/product/search.md). Brand values are slugs, checked against the brand table by the server (an
 * unknown one → 400 naming `brand`); the other filters are checked here, each error naming its parameter.
 */
export const searchQuerySchema = z
  .object({
    q: z.string().max(SEARCH_Q_MAX, `q must be at most ${SEARCH_Q_MAX} characters`).optional(),
    category: repeatable(z.enum(CATEGORY_SLUGS, { error: `category must be one of ${CATEGORY_SLUGS.join(', ')}` })),
    brand: repeatable(z.string().max(80, 'brand is not a known brand slug')),
    condition: repeatable(z.enum(CONDITIONS, { error: `condition must be one of ${CONDITIONS.join(', ')}` })),
    colour: repeatable(z.enum(COLOURS, { error: `colour must be one of ${COLOURS.join(', ')}` })),
    material: repeatable(z.enum(MATERIALS, { error: `material must be one of ${MATERIALS.join(', ')}` })),
    minPrice: dollars('minPrice'),
    maxPrice: dollars('maxPrice'),
    verified: z.enum(['true', 'false'], { error: 'verified must be true or false' }).optional(),
    sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: `limit must be a whole number between 1 and ${SEARCH_MAX_LIMIT}` })
      .int(`limit must be a whole number between 1 and ${SEARCH_MAX_LIMIT}`)
      .min(1, `limit must be a whole number between 1 and ${SEARCH_MAX_LIMIT}`)
      .max(SEARCH_MAX_LIMIT, `limit must be a whole number between 1 and ${SEARCH_MAX_LIMIT}`)
      .optional(),
    cursor: z.string().max(500, 'cursor is not a valid paging cursor').optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    path: ['minPrice'],
    message: 'minPrice must not be more than maxPrice',
  })
export type SearchQuery = z.infer<typeof searchQuerySchema>

const facetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }))

export const searchResultSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  facets: z.object({
    category: facetSchema,
    /** value: the brand's slug; label: its name. */
    brand: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
    condition: facetSchema,
    colour: facetSchema,
    material: facetSchema,
    price: z.object({ min: z.number(), max: z.number() }),
  }),
})
export type SearchResult = z.infer<typeof searchResultSchema>

/** GET /api/brands: every brand with the number of its available listings. */
export const brandSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
  /** Other names it goes by ("LV"): pickers match them too. */
  aliases: z.array(z.string()),
})
export const brandListSchema = z.array(brandSchema)
export type Brand = z.infer<typeof brandSchema>

/** POST /api/brands (admin). */
export const createBrandBodySchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(60, 'name must be at most 60 characters'),
  aliases: z
    .array(
      z
        .string({ error: 'each alias must be a name' })
        .trim()
        .min(1, 'an alias may not be empty')
        .max(60, 'each alias must be at most 60 characters'),
    )
    .max(10, 'aliases may hold at most 10 names')
    .optional(),
  /** Where the brand sits, for shortcuts and demo data; premium when not given. */
  tier: z
    .enum(['luxury', 'premium', 'high-street'], { error: 'tier must be luxury, premium or high-street' })
    .optional(),
})
export type CreateBrandBody = z.infer<typeof createBrandBodySchema>

/** GET /api/sellers/{id} (docs/product/listings.md#seller-profile). `items` are the seller's available listings, newest first, paged. */
export const sellerProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  memberSince: z.string(),
  listed: z.number().int(),
  sold: z.number().int(),
  /** Stars, review count and badge codes (reviews.ts). */
  rating: sellerRatingSchema,
  /** The badges as they read: "Ships fast", "Top rated", "Verified". */
  badges: z.array(z.string()),
  /** Median hours from payment (or the address) to shipping over the recent orders; null under 5 shipped orders. */
  medianShipHours: z.number().nullable(),
  items: z.array(productSchema),
})
export type SellerProfile = z.infer<typeof sellerProfileSchema>
