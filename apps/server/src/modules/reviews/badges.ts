import {
  type Badge,
  type SellerRating,
  SHIPS_FAST_HOURS,
  SHIPS_FAST_MIN_ORDERS,
  TOP_RATED_AVERAGE,
  TOP_RATED_MIN_REVIEWS,
} from '@preloved/shared/reviews'

/**
 * A seller's badges, computed from data (docs/product/reviews.md#badges), never granted by hand. Pure: the repository reads the
 * figures, this decides. The comparisons are exact (whole numbers), so an edge reads the same on every machine.
 */

/** What the badges are computed from. */
export interface StandingFigures {
  /** The admin's check (users.verified). */
  verified: boolean
  /** The seller's reviews: how many, and the sum of their stars. */
  reviewCount: number
  ratingSum: number
  /** The shipped orders measured (the seller's most recent SHIP_SAMPLE) and their median ship time, in hours. */
  shippedCount: number
  medianShipHours: number | null
}

/** How many of a seller's most recent shipped orders the ship time is measured over: their current pace. */
export const SHIP_SAMPLE = 50

/** The average of `sum / count` rounded DOWN to one decimal: 4.79 reads 4.7, so it never shows 4.8 without the badge. */
export const averageOf = (sum: number, count: number): number | null =>
  count === 0 ? null : Math.floor((sum * 10) / count) / 10

/** Ship hours rounded UP to one decimal: 48 h and a minute reads 48.1, so it never shows 48 without the badge. */
export const shipHoursOf = (hours: number | null): number | null => (hours === null ? null : Math.ceil(hours * 10) / 10)

/** "Top rated": an average of at least 4.8 over at least 10 reviews, compared in whole numbers (sum × 10 ≥ 48 × n). */
export const isTopRated = (f: Pick<StandingFigures, 'reviewCount' | 'ratingSum'>): boolean =>
  f.reviewCount >= TOP_RATED_MIN_REVIEWS && f.ratingSum * 10 >= Math.round(TOP_RATED_AVERAGE * 10) * f.reviewCount

/** "Ships fast": a median ship time of at most 48 hours over at least 5 shipped orders. */
export const shipsFast = (f: Pick<StandingFigures, 'shippedCount' | 'medianShipHours'>): boolean =>
  f.shippedCount >= SHIPS_FAST_MIN_ORDERS && f.medianShipHours !== null && f.medianShipHours <= SHIPS_FAST_HOURS

export function badgesOf(f: StandingFigures): Badge[] {
  const badges: Badge[] = []
  if (shipsFast(f)) badges.push('ships_fast')
  if (isTopRated(f)) badges.push('top_rated')
  if (f.verified) badges.push('verified')
  return badges
}

/** The rating JSON of a seller (profile, product page). */
export const ratingOf = (f: StandingFigures): SellerRating => ({
  average: averageOf(f.ratingSum, f.reviewCount),
  count: f.reviewCount,
  badges: badgesOf(f),
})

/** The median ship time shown on a profile: only once it is measured over enough orders to mean something. */
export const medianShownOf = (f: StandingFigures): number | null =>
  f.shippedCount >= SHIPS_FAST_MIN_ORDERS ? shipHoursOf(f.medianShipHours) : null
