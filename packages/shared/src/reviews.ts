import { z } from 'zod'
import './zod-config.ts'

// Reviews and badges (MARKETPLACE.md §5; issue 17): the shared contract of server and web.

export const REVIEW_TEXT_MAX = 1000

/** POST /api/orders/{id}/review (its buyer; completed, within REVIEW_DAYS, once). */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5'),
  text: z.string().trim().max(REVIEW_TEXT_MAX, `text must be at most ${REVIEW_TEXT_MAX} characters`).default(''),
})
export type ReviewBody = z.infer<typeof reviewBodySchema>

/** POST /api/reviews/{id}/reply (the reviewed seller, once). */
export const replyBodySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'text is required')
    .max(REVIEW_TEXT_MAX, `text must be at most ${REVIEW_TEXT_MAX} characters`),
})

export const reviewSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  rating: z.number(),
  text: z.string(),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  product: z.object({ _id: z.string(), title: z.string() }),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Review = z.infer<typeof reviewSchema>

export const BADGES = ['ships_fast', 'top_rated', 'verified'] as const
export type Badge = (typeof BADGES)[number]
export const BADGE_LABELS: Record<Badge, string> = {
  ships_fast: 'Ships fast',
  top_rated: 'Top rated',
  verified: 'Verified',
}

/** A seller's standing: shown on the seller profile and beside the seller's name on product pages. */
export const sellerRatingSchema = z.object({
  /** Average stars, one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number(),
  badges: z.array(z.enum(BADGES)),
})
export type SellerRating = z.infer<typeof sellerRatingSchema>
