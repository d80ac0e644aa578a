import { z } from 'zod'
import './zod-config.ts'
import { pageQuerySchema } from './common.ts'
import { CATEGORY_SLUGS, CONDITIONS, PRODUCT_STATUSES } from './constants.ts'
import { messages } from './messages.ts'

/** A listing as the API sends it (the spec's categoryDetails fields). */
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
  /** Whether a customer's unpaid booking holds it right now (issue 5 fills it). */
  reserved: z.boolean().optional(),
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

const MAX_PRICE = 1_000_000

/** A price in dollars: required, a positive number, at most 1,000,000, at most 2 decimals. */
const money = (requiredMessage: string, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : `${label} must be a number`) })
      .positive(`${label} must be more than 0`)
      .max(MAX_PRICE, `${label} must be at most 1,000,000`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`),
  )

const text = (requiredMessage: string, label: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)

/** Each field of a listing with the spec's messages (SPEC §5), for the add form and the server alike. */
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

/** POST /api/categoryDetails: the listing's own fields; seller, email and verified come from the token. */
export const createProductBodySchema = z.object(productFields)
export type CreateProductBody = z.infer<typeof createProductBodySchema>

export const insertResultSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() })
export const modifyResultSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number() })
export const deleteResultSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.number() })

/** POST /api/images answer, as the spec's image host gave it. */
export const imageUploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), thumb: z.string(), width: z.number(), height: z.number() }),
})
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>
