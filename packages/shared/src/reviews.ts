import { z } from 'zod'
import './zod-config.ts'

// Reviews and badges (docs/product/reviews.md): the shared contract of server and web.

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
  /** The reviewed seller. */
  sellerId: z.string(),
  /** The buyer as the public reads them: first name and initial ("Emma W."). */
  buyer: z.object({ _id: z.string(), name: z.string() }),
  /** The bag that was bought (its small picture for lists). */
  product: z.object({ _id: z.string(), title: z.string(), thumb: z.string() }),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Review = z.infer<typeof reviewSchema>

/**
 * GET /api/orders/{id}/review (its buyer, its seller, an admin): the order's review, if any, and what the caller may do
 * now. `reviewBy` is the end of the review window (completion + REVIEW_DAYS); null before completion.
 */
export const orderReviewSchema = z.object({
  review: reviewSchema.nullable(),
  reviewBy: z.string().nullable(),
  canReview: z.boolean(),
  canReply: z.boolean(),
})
export type OrderReview = z.infer<typeof orderReviewSchema>

export const BADGES = ['ships_fast', 'top_rated', 'verified'] as const
export type Badge = (typeof BADGES)[number]
export const BADGE_LABELS: Record<Badge, string> = {
  ships_fast: 'Ships fast',
  top_rated: 'Top rated',
  verified: 'Verified',
}

/** The measured thresholds of the badges (docs/product/reviews.md#badges). */
export const SHIPS_FAST_HOURS = 48
export const SHIPS_FAST_MIN_ORDERS = 5
export const TOP_RATED_AVERAGE = 4.8
export const TOP_RATED_MIN_REVIEWS = 10

/** A seller's standing: shown on the seller profile and beside the seller's name on product pages. */
export const sellerRatingSchema = z.object({
  /**
   * Average stars, rounded down to one decimal (4.79 reads 4.7: "Top rated" shows exactly when this reads 4.8 or more);
   * null without reviews.
   */
  average: z.number().nullable(),
  count: z.number(),
  badges: z.array(z.enum(BADGES)),
})
export type SellerRating = z.infer<typeof sellerRatingSchema>
