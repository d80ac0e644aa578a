import { z } from 'zod'
import './zod-config.ts'

// Offers (MARKETPLACE.md §5 and §7; issue 17): the shared contract of server and web.

export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
/** States in which an offer still stands (one per buyer and bag). */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const satisfies readonly OfferStatus[]

/** Dollars with at most two decimals, above zero. */
const dollars = (field: string) =>
  z
    .number({ error: `${field} must be an amount in dollars` })
    .positive(`${field} must be more than 0`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${field} must have at most two decimals`)

/** POST /api/offers (customer). */
export const createOfferBodySchema = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required'),
  amount: dollars('amount'),
})
export type CreateOfferBody = z.infer<typeof createOfferBodySchema>

/** POST /api/offers/{id}/counter (the bag's seller, once). */
export const counterOfferBodySchema = z.object({ amount: dollars('amount') })
export type CounterOfferBody = z.infer<typeof counterOfferBodySchema>

export const offersQuerySchema = z.object({ role: z.enum(['buyer', 'seller']).optional() })

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
  createdAt: z.string(),
})
export type Offer = z.infer<typeof offerSchema>

/** The lowest offer allowed on a price (MIN_OFFER_PERCENT of it, rounded up to the cent), in cents. */
export const minOfferCents = (priceCents: number, minPercent: number) => Math.ceil((priceCents * minPercent) / 100)
