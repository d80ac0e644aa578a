import { z } from 'zod'
import './zod-config.ts'

/** A row of All Customers / All Sellers (GET /api/users?role=). */
export const userRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'seller', 'admin']),
  verified: z.literal('yes').optional(),
})
export type UserRow = z.infer<typeof userRowSchema>
export const userListSchema = z.array(userRowSchema)
