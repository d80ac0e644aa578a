import { messages } from '@preloved/shared/messages'
import type { Badge, SellerRating } from '@preloved/shared/reviews'
import { Award, Zap } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '@/lib/cn'
import { StarRating } from './star-rating'

const m = messages.reviews

const ICONS: Partial<Record<Badge, typeof Zap>> = { ships_fast: Zap, top_rated: Award }

/**
 * The badges earned from data, "Ships fast" and "Top rated" (docs/product/reviews.md#badges), each saying what it means. "Verified"
 * keeps its own mark (components/ui/verified-badge) wherever the seller's name shows, so it is left out here.
 */
export function SellerBadges({ badges, className }: { badges: readonly Badge[]; className?: string }) {
  const earned = badges.filter((badge) => badge !== 'verified')
  if (earned.length === 0) return null
  return (
    <ul aria-label={m.badgesLabel} className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      {earned.map((badge) => {
        const Icon = ICONS[badge]!
        return (
          <li
            key={badge}
            title={m.badgeMeaning[badge]}
            className="inline-flex items-center gap-1 rounded-full border border-base-300 bg-base-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-base-content"
          >
            <Icon aria-hidden="true" className="size-3.5 text-primary" />
            {m.badgeLabel[badge]}
            <span className="sr-only">: {m.badgeMeaning[badge]}</span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A seller's stars and review count, then their badges: beside the seller's name on a product page and a profile.
 * Nothing of the stars shows before the first review. `reviewsHref` makes the count a link (to the profile's reviews).
 */
export function SellerStanding({
  rating,
  reviewsHref,
  className,
}: {
  rating: SellerRating
  reviewsHref?: string
  className?: string
}) {
  const { average, count, badges } = rating
  const countText = m.reviewCount(count)
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)} data-testid="seller-standing">
      {average !== null && count > 0 ? (
        <span className="inline-flex items-center gap-1.5 text-sm">
          <StarRating value={average} size="sm" />
          <span className="font-semibold">{average.toFixed(1)}</span>
          {reviewsHref ? (
            <Link to={reviewsHref} className="text-base-content/75 underline-offset-2 hover:underline">
              ({countText})
            </Link>
          ) : (
            <span className="text-base-content/75">({countText})</span>
          )}
        </span>
      ) : null}
      <SellerBadges badges={badges} />
    </span>
  )
}
