import { z } from 'zod'
import './zod-config.ts'

export const createPaymentIntentBodySchema = z.object({
  bookingId: z.string({ error: 'bookingId is required' }).trim().min(1, 'bookingId is required').max(64),
})
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  /** Dollars: what the card is charged. */
  amount: z.number(),
  /** Dollars: the booking's price before the first-order discount. */
  price: z.number(),
  /** Dollars: the listing's shipping, paid on top of the price (0 = free shipping; issue 16). */
  shipping: z.number(),
  discount: z.number(),
})
export type PaymentIntent = z.infer<typeof paymentIntentSchema>

/** The test-mode processor's card form (DESIGN §6). */
export const testCardSchema = z.object({
  number: z.string().trim().min(1, 'Card number is required').max(30),
  expiry: z.string().trim().min(1, 'Expiry is required').max(7),
  cvc: z.string().trim().min(1, 'CVC is required').max(4),
  zip: z.string().trim().min(1, 'ZIP is required').max(10),
})
export type TestCard = z.infer<typeof testCardSchema>
export const testConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: testCardSchema,
  billing: z.object({ name: z.string().max(120).optional(), email: z.string().max(254).optional() }).optional(),
})
export const testConfirmResultSchema = z.object({ status: z.literal('succeeded'), transactionId: z.string() })

/** POST /api/payments: the spec's body; only transactionId and bookingId are trusted (and then checked). */
export const recordPaymentBodySchema = z.object({
  transactionId: z.string({ error: 'transactionId is required' }).trim().min(1, 'transactionId is required').max(200),
  bookingId: z.string({ error: 'bookingId is required' }).trim().min(1, 'bookingId is required').max(64),
  price: z.number().optional(),
  email: z.string().optional(),
  paid: z.boolean().optional(),
})
export const isPaidSchema = z.object({ isPaid: z.boolean() })
