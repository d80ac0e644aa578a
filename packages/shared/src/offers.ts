import { z } from 'zod'
import './zod-config.ts'
import { MAX_PRICE, moneyField } from './money.ts'

// Offers (docs/product/offers.md): the shared contract of server and web.

export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
/** States in which an offer still stands (one per buyer and bag). */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const satisfies readonly OfferStatus[]

/** Dollars with at most two decimals, above zero, at most a listing's highest price (the money parser, decision 031). */
const dollars = (field: string) =>
  moneyField({
    field,
    min: 0.01,
    max: MAX_PRICE,
    messages: { invalid: `${field} must be an amount in dollars`, decimals: `${field} must have at most two decimals` },
  })

/** POST /api/offers (customer). */
export const createOfferBodySchema = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required'),
  amount: dollars('amount'),
})
export type CreateOfferBody = z.infer<typeof createOfferBodySchema>

/** POST /api/offers/{id}/counter (the bag's seller, once). */
export const counterOfferBodySchema = z.object({ amount: dollars('amount') })
export type CounterOfferBody = z.infer<typeof counterOfferBodySchema>

export const offersQuerySchema = z.object({
  role: z.enum(['buyer', 'seller'], { error: 'role must be buyer or seller' }).optional(),
  /** Only the offers on one bag (the product page shows the buyer's own). */
  productId: z.string().max(64, 'productId is not a bag').optional(),
})
export type OffersQuery = z.infer<typeof offersQuerySchema>

/** GET /api/offers/rules (public): what the "Make an offer" dialog and the offers pages say. */
export const offerRulesSchema = z.object({
  /** The lowest offer as a share of the price (MIN_OFFER_PERCENT). */
  minOfferPercent: z.number(),
  /** How long an offer, and a counter, stand (OFFER_HOURS). */
  offerHours: z.number(),
  /** How long an accepted offer holds the bag (OFFER_HOLD_HOURS). */
  holdHours: z.number(),
})
export type OfferRules = z.infer<typeof offerRulesSchema>

/** The state of the booking made at the agreed price (the order once paid). */
export const OFFER_BOOKING_STATUSES = ['held', 'paid', 'expired', 'cancelled'] as const

export const offerSchema = z.object({
  _id: z.string(),
  status: z.enum(OFFER_STATUSES),
  product: z.object({ _id: z.string(), title: z.string(), img: z.string(), price: z.number() }),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  seller: z.object({ _id: z.string(), name: z.string() }),
  /** Dollars: the buyer's offer. */
  amount: z.number(),
  /** Dollars: the seller's counter, or null. */
  counter: z.number().nullable(),
  /** Dollars: the agreed price once accepted, or null. */
  agreed: z.number().nullable(),
  /** When the pending offer or the counter expires. */
  expiresAt: z.string(),
  /** Accepted: the bag is held for the buyer until then. */
  holdUntil: z.string().nullable(),
  /** The booking made at the agreed price, once the buyer booked. */
  bookingId: z.string().nullable(),
  /** That booking's state (held while they pay; paid: it is an order), or null before booking. */
  bookingStatus: z.enum(OFFER_BOOKING_STATUSES).nullable(),
  /** When the seller countered, or null. */
  counteredAt: z.string().nullable(),
  /** When it was accepted, declined, withdrawn or expired, or null while it stands. */
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Offer = z.infer<typeof offerSchema>

/** The lowest offer allowed on a price (MIN_OFFER_PERCENT of it, rounded up to the cent), in cents. */
export const minOfferCents = (priceCents: number, minPercent: number) => Math.ceil((priceCents * minPercent) / 100)

/**
 * The cents of a dollar amount, shifting the decimal point in the number's text (1.005 is 100.5 cents, rounded up);
 * a number written with an exponent (1e21) is multiplied instead.
 */
export function offerCents(dollars: number): number {
  const shifted = Math.round(Number(`${dollars}e2`))
  return Number.isFinite(shifted) ? shifted : Math.round(dollars * 100)
}
