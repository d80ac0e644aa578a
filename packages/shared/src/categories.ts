import { z } from 'zod'
import './zod-config.ts'
import { CATEGORY_SLUGS } from './constants.ts'

export const categorySlugSchema = z.enum(CATEGORY_SLUGS)

export const categorySchema = z.object({
  _id: z.string(),
  category_id: z.string(),
  title: z.string(),
  description: z.string(),
  category: categorySlugSchema,
  icon: z.string(),
})
export type Category = z.infer<typeof categorySchema>
export const categoryListSchema = z.array(categorySchema)
