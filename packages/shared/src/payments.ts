import { z } from 'zod'
import './zod-config.ts'
import { addressSchema } from './addresses.ts'

export const createPaymentIntentBodySchema = z.object({
  bookingId: z.string({ error: 'bookingId is required' }).trim().min(1, 'bookingId is required').max(64),
  /** The delivery address: kept on the booking; a later call with another one replaces it while held. */
  address: addressSchema.optional(),
  /** Also keep `address` among the buyer's saved addresses (an identical one is not saved twice). */
  saveAddress: z.boolean({ error: 'saveAddress must be true or false' }).optional(),
})
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  /** Dollars: what the card is charged. */
  amount: z.number(),
  /** Dollars: the booking's price before the first-order discount. */
  price: z.number(),
  /** Dollars: the listing's shipping, paid on top of the price (0 = free shipping). */
  shipping: z.number(),
  discount: z.number(),
  /** With `saveAddress: true`: whether the address is among the saved ones now (false: the address book is full). */
  addressSaved: z.boolean().optional(),
})
export type PaymentIntent = z.infer<typeof paymentIntentSchema>

/** The test-mode processor's card form (docs/product/checkout.md#processors). */
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

/** POST /api/payments: the original body; only transactionId and bookingId are trusted (and then checked). */
export const recordPaymentBodySchema = z.object({
  transactionId: z.string({ error: 'transactionId is required' }).trim().min(1, 'transactionId is required').max(200),
  bookingId: z.string({ error: 'bookingId is required' }).trim().min(1, 'bookingId is required').max(64),
  price: z.number().optional(),
  email: z.string().optional(),
  paid: z.boolean().optional(),
})
export const isPaidSchema = z.object({ isPaid: z.boolean() })
