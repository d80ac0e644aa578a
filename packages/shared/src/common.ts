import { z } from 'zod'
import './zod-config.ts'
import { MAX_PAGE_SIZE } from './constants.ts'

/** The error body of every failed API call (docs/product/storefront.md#api-rules). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /**
   * For a 400: the field of the request it is about, as a path ("resell_price", "address.postcode",
   * "measurements.width"): a form shows the message under that field. Absent when the request as a whole is wrong.
   */
  field: z.string().optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

/** `?limit=&cursor=` paging; without `limit` a list returns what its screen needs. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number between 1 and 100' })
    .int('limit must be a whole number between 1 and 100')
    .min(1, 'limit must be a whole number between 1 and 100')
    .max(MAX_PAGE_SIZE, 'limit must be a whole number between 1 and 100')
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is not a valid paging cursor')
    .optional(),
})
export type PageQuery = z.infer<typeof pageQuerySchema>

export const idParamSchema = z.object({ id: z.string().min(1).max(64) })

/** Money travels as dollars with two decimals; inside it is integer cents. */
export const moneySchema = z.number().nonnegative()
