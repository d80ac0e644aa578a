import { z } from 'zod'
import './zod-config.ts'
import { pageQuerySchema } from './common.ts'
import {
  CATEGORY_SLUGS,
  COLOURS,
  CONDITIONS,
  INCLUDES,
  MATERIALS,
  MAX_PHOTOS,
  MEASUREMENT_MAX_CM,
  MEASUREMENT_MIN_CM,
  PRODUCT_STATUSES,
  WEAR_AREAS,
  WEAR_NOTE_MAX,
} from './constants.ts'
import { messages } from './messages.ts'
import { MAX_PRICE, moneyField } from './money.ts'
import { sellerRatingSchema } from './reviews.ts'

/** A listing as the API sends it (the original categoryDetails fields). */
export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  img: z.string(),
  thumb: z.string(),
  category: z.enum(CATEGORY_SLUGS),
  original_price: z.number(),
  resell_price: z.number(),
  year: z.string(),
  date: z.string(),
  location: z.string(),
  seller: z.string(),
  /** The seller's id: tells a signed-in seller which listings are their own. */
  seller_id: z.string(),
  /** The seller's email and phone: only for the listing's seller and admins (docs/decisions/013). */
  email: z.string().optional(),
  verified: z.literal('yes').optional(),
  phone: z.string().optional(),
  specialty: z.string(),
  description: z.string(),
  condition: z.enum(CONDITIONS),
  advertisement: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  /** Whether a customer's unpaid booking holds it right now (the server fills it). */
  reserved: z.boolean().optional(),
  // docs/product/listings.md#fields. brand, colour and material are null on a listing made with the original fields
  // only: screens show them as "Not stated".
  /** The seller's id again, under the name docs/product/listings.md#contact-details gives it (`/api/sellers/{sellerId}`). */
  sellerId: z.string(),
  /** The brand's name, and its slug for links and filters. */
  brand: z.string().nullable(),
  brandSlug: z.string().nullable(),
  colour: z.enum(COLOURS).nullable(),
  material: z.enum(MATERIALS).nullable(),
  wear: z.partialRecord(z.enum(WEAR_AREAS), z.string()),
  measurements: z.object({
    width: z.number().optional(),
    height: z.number().optional(),
    depth: z.number().optional(),
    strapDrop: z.number().optional(),
  }),
  includes: z.array(z.enum(INCLUDES)),
  /** 1–10 photos in the seller's order; the first is the cover (`img`). */
  photos: z.array(z.object({ url: z.string(), thumb: z.string() })),
  /** Dollars the buyer pays for shipping on top of the price; 0 is free shipping. */
  shipping: z.number(),
  /** The price before the latest change when that change lowered it ("Price dropped", struck through); else null. */
  previousPrice: z.number().nullable(),
  /** Every price the listing has had, oldest first (the first price included): on a single listing's answer. */
  priceHistory: z.array(z.object({ price: z.number(), at: z.string() })).optional(),
  /** The seller's stars, review count and badges: on a single listing's answer. */
  sellerRating: sellerRatingSchema.optional(),
})
export type Product = z.infer<typeof productSchema>
export const productListSchema = z.array(productSchema)

export const productListQuerySchema = pageQuerySchema.extend({
  /** A seller's own listings (all of them, sold ones too): needs that seller's token, or an admin's. */
  email: z.email('email must be a valid email address').optional(),
  category: z.enum(CATEGORY_SLUGS, { error: 'category must be one of Shoulder, Tote, Backpacks' }).optional(),
  advertised: z.enum(['true', 'false'], { error: 'advertised must be true or false' }).optional(),
})
export type ProductListQuery = z.infer<typeof productListQuerySchema>

/** The most a listing may ask for shipping, in dollars (the database allows 100,000 cents). */
export const MAX_SHIPPING = 1000

/** A price in dollars: required, more than 0, at most 1,000,000, at most 2 decimals (the money parser, decision 031). */
const money = (requiredMessage: string, label: string) =>
  moneyField({
    field: label,
    min: 0.01,
    max: MAX_PRICE,
    strings: true,
    messages: { required: requiredMessage, invalid: `${label} must be a number` },
  })

const text = (requiredMessage: string, label: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)

/** Each field of a listing with their messages (docs/product/listings.md#fields), for the add form and the server alike. */
export const productFields = {
  title: text(messages.products.nameRequired, 'name', 120),
  phone: text(messages.products.phoneRequired, 'Phone Number', 30).regex(
    /^\+?[0-9 ()-]{5,30}$/,
    'Phone Number may contain only digits, spaces, +, ( ) and -',
  ),
  original_price: money(messages.products.originalPriceRequired, 'Original price'),
  resell_price: money(messages.products.resellPriceRequired, 'Resell price'),
  location: text(messages.products.locationRequired, 'location', 120),
  year: text(messages.products.yearRequired, 'Purchase year', 4).regex(
    /^(19|20)\d{2}$/,
    'Purchase year must be a year like 2021',
  ),
  condition: z.enum(CONDITIONS, { error: 'condition must be excellent, good or fair' }),
  category: z.enum(CATEGORY_SLUGS, { error: 'category must be one of Shoulder, Tote, Backpacks' }),
  img: text(messages.products.imageRequired, 'Image', 500),
  description: text(messages.products.descriptionRequired, 'description', 2000),
  specialty: z.string().trim().max(200, 'specialty must be at most 200 characters').optional(),
}

/** One measurement in cm: 1–200, at most one decimal. */
const measurement = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `measurements.${name} must be a number of centimetres` })
      .min(MEASUREMENT_MIN_CM, `measurements.${name} must be between 1 and 200 cm`)
      .max(MEASUREMENT_MAX_CM, `measurements.${name} must be between 1 and 200 cm`)
      .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, `measurements.${name} can have at most 1 decimal`)
      .optional(),
  )

/** A photo as a listing sends it: `{ url }` or the plain URL of an image uploaded through POST /api/images. */
const photoInput = z.preprocess(
  (v) => (typeof v === 'string' ? { url: v } : v),
  z.object({ url: z.string({ error: 'each photo needs a url' }).trim().min(1, 'each photo needs a url').max(500) }),
)

/**
 * The details of docs/product/listings.md#fields. Optional on the API (the original call without them still works); the Add
 * Product form requires brand, colour, material and photos (addProductFormSchema in the web app).
 */
export const listingDetailFields = {
  /** A brand's slug, name or alias, any case; resolved (or refused with 400 naming `brand`) by the server. */
  brand: z
    .string({ error: 'brand must be a brand name or slug' })
    .trim()
    .min(1, 'brand is required')
    .max(80, 'brand is not a known brand'),
  colour: z.enum(COLOURS, { error: `colour must be one of ${COLOURS.join(', ')}` }),
  material: z.enum(MATERIALS, { error: `material must be one of ${MATERIALS.join(', ')}` }),
  wear: z.partialRecord(
    z.enum(WEAR_AREAS, { error: `wear areas are ${WEAR_AREAS.join(', ')}` }),
    z.string().trim().max(WEAR_NOTE_MAX, `each wear note must be at most ${WEAR_NOTE_MAX} characters`),
  ),
  measurements: z.strictObject(
    {
      width: measurement('width'),
      height: measurement('height'),
      depth: measurement('depth'),
      strapDrop: measurement('strapDrop'),
    },
    { error: 'measurements may hold width, height, depth and strapDrop only' },
  ),
  includes: z
    .array(z.enum(INCLUDES, { error: `includes may hold ${INCLUDES.join(', ')}` }))
    .max(INCLUDES.length, 'includes lists an item twice'),
  photos: z
    .array(photoInput)
    .min(1, 'photos must hold at least 1 photo')
    .max(MAX_PHOTOS, `photos may hold at most ${MAX_PHOTOS} photos`),
  /** Dollars for shipping, paid by the buyer on top of the price; 0 (the default) is free shipping. */
  shipping: moneyField({
    field: 'shipping',
    min: 0,
    max: MAX_SHIPPING,
    strings: true,
    messages: {
      required: 'shipping must be an amount in dollars (0 for free shipping)',
      invalid: 'shipping must be an amount in dollars (0 for free shipping)',
      tooLow: 'shipping cannot be negative (0 is free shipping)',
      tooHigh: `shipping must be at most ${MAX_SHIPPING}`,
    },
  }),
}

const detailsOptional = {
  brand: listingDetailFields.brand.optional(),
  colour: listingDetailFields.colour.optional(),
  material: listingDetailFields.material.optional(),
  wear: listingDetailFields.wear.optional(),
  measurements: listingDetailFields.measurements.optional(),
  includes: listingDetailFields.includes.optional(),
  photos: listingDetailFields.photos.optional(),
  shipping: listingDetailFields.shipping.optional(),
}

/**
 * POST /api/categoryDetails: the listing's own fields; seller, email and verified come from the token. `img` or
 * `photos` (or both, when `img` is the first photo): the original call sends `img` alone, which becomes the only photo.
 */
export const createProductBodySchema = z
  .object({ ...productFields, img: productFields.img.optional(), ...detailsOptional })
  .superRefine((body, ctx) => {
    if (!body.img && !body.photos)
      ctx.addIssue({ code: 'custom', path: ['img'], message: messages.products.imageRequired })
    if (body.img && body.photos && body.photos[0]?.url !== body.img)
      ctx.addIssue({ code: 'custom', path: ['img'], message: messages.listings.coverNotFirst })
  })
export type CreateProductBody = z.infer<typeof createProductBodySchema>

/** PATCH /api/categoryDetails/{id}: any field of a listing, at least one; what is sent is validated as on create. */
export const updateProductBodySchema = z
  .strictObject(
    {
      ...Object.fromEntries(Object.entries(productFields).map(([k, v]) => [k, v.optional()])),
      ...detailsOptional,
    } as { [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> } & typeof detailsOptional,
    { error: 'the body holds a field a listing does not have' },
  )
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>

export const insertResultSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() })
export const modifyResultSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number() })
export const deleteResultSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.number() })

/** POST /api/images answer, as the original image host gave it. */
export const imageUploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), thumb: z.string(), width: z.number(), height: z.number() }),
})
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>
