import { z } from 'zod'
import './zod-config.ts'
import { messages } from './messages.ts'

/** POST /api/bookings: the customer and the price come from the token and the product, not from here. */
export const createBookingBodySchema = z.object({
  product_id: z.string({ error: 'product_id is required' }).trim().min(1, 'product_id is required').max(64),
  customer: z
    .string()
    .trim()
    .min(1, messages.auth.nameRequired)
    .max(80, 'Name must be at most 80 characters')
    .optional(),
  number: z
    .string({ error: messages.bookings.phoneRequired })
    .trim()
    .min(1, messages.bookings.phoneRequired)
    .regex(/^\+?[0-9 ()-]{5,30}$/, 'Phone number may contain only digits, spaces, +, ( ) and -'),
  location: z
    .string({ error: messages.bookings.locationRequired })
    .trim()
    .min(1, messages.bookings.locationRequired)
    .max(120, 'location must be at most 120 characters'),
})
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>

export const bookingSchema = z.object({
  _id: z.string(),
  img: z.string(),
  bag: z.string(),
  product_id: z.string(),
  category: z.string(),
  /** Dollars: the listing price the bag was booked at (paid orders: the price of the payment's figures). */
  price: z.number(),
  /** Dollars: the first-order discount of the paid order, 0 when none (or not paid yet). */
  discount: z.number(),
  /** Dollars: what was charged for a paid order (price − discount); null while unpaid. */
  amountPaid: z.number().nullable(),
  customer: z.string(),
  email: z.string(),
  number: z.string(),
  location: z.string(),
  paid: z.boolean(),
  /** held (unpaid, holding the bag), paid, expired (hold ran out), cancelled (listing removed). */
  status: z.enum(['held', 'paid', 'expired', 'cancelled']),
  expiresAt: z.string(),
  date: z.string(),
  /** The bag was sold to someone else: this order can no longer be paid. */
  soldToSomeoneElse: z.boolean(),
  /** The bag is still for sale and not held by anyone: an expired order can be booked again. */
  canBookAgain: z.boolean(),
  /**
   * A payment hold (docs/decisions/034): booked while the bag cooled down after an unpaid hold ran out. It lasts a few
   * minutes, is never renewed, and keeps nobody else out: the first buyer to pay gets the bag.
   */
  paymentHold: z.boolean(),
})
export type Booking = z.infer<typeof bookingSchema>
export const bookingListSchema = z.array(bookingSchema)

/** POST /bookings' answer: the original insert result, with the kind of hold it gave and when it ends. */
export const bookingCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  /** exclusive: the bag is yours until `expiresAt`; payment: pay before `expiresAt`, the first payment wins. */
  hold: z.enum(['exclusive', 'payment']),
  expiresAt: z.string(),
})
export type BookingCreated = z.infer<typeof bookingCreatedSchema>

/**
 * GET /booking-terms/{productId}: what Book Now gives right now. `exclusive`: a hold of `minutes` that keeps others
 * out; `payment`: the bag is cooling down after an unpaid hold ran out, so a payment window of `minutes` shared with
 * every buyer (the first payment wins); `none`: the bag is held by someone or not for sale.
 */
export const bookingTermsSchema = z.object({
  hold: z.enum(['exclusive', 'payment', 'none']),
  minutes: z.number(),
})
export type BookingTerms = z.infer<typeof bookingTermsSchema>

export const wishlistBodySchema = z.object({
  product_id: z.string({ error: 'product_id is required' }).trim().min(1, 'product_id is required').max(64),
})
/** POST /wishlists' answer: the original insert result, and whether the bag was already saved (the one entry is kept). */
export const wishlistAddResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  alreadySaved: z.boolean(),
})
export const wishlistEntrySchema = z.object({
  _id: z.string(),
  img: z.string(),
  bag: z.string(),
  category: z.string(),
  product_id: z.string(),
  price: z.number(),
  email: z.string(),
  /** available, sold or removed: a wishlisted bag may be gone. */
  status: z.enum(['available', 'sold', 'removed']),
})
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>
export const wishlistSchema = z.array(wishlistEntrySchema)
