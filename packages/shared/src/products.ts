import { z } from 'zod'
import { pageQuerySchema } from './common.ts'
import { CATEGORY_SLUGS, CONDITIONS, PRODUCT_STATUSES } from './constants.ts'

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
  email: z.string(),
  verified: z.literal('yes').optional(),
  phone: z.string(),
  specialty: z.string(),
  description: z.string(),
  condition: z.enum(CONDITIONS),
  advertisement: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
})
export type Product = z.infer<typeof productSchema>
export const productListSchema = z.array(productSchema)

export const productListQuerySchema = pageQuerySchema.extend({
  category: z.enum(CATEGORY_SLUGS, { error: 'category must be one of Shoulder, Tote, Backpacks' }).optional(),
  advertised: z.enum(['true', 'false'], { error: 'advertised must be true or false' }).optional(),
})
export type ProductListQuery = z.infer<typeof productListQuerySchema>
