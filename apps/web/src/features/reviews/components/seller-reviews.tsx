import { messages } from '@preloved/shared/messages'
import type { SellerRating } from '@preloved/shared/reviews'
import { MessageSquareText } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { useSellerReviews } from '../api/reviews'
import { ReviewCard } from './review-card'
import { StarRating } from './star-rating'

const m = messages.reviews

/** The id of the reviews section on a seller's profile (the stars beside the name link to it). */
export const REVIEWS_SECTION_ID = 'reviews'

/**
 * A seller's reviews on their profile (docs/product/reviews.md): the average and count, then each review with its reply,
 * newest first, a page at a time.
 */
export function SellerReviews({ sellerId, name, rating }: { sellerId: string; name: string; rating: SellerRating }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isError } = useSellerReviews(sellerId)
  const reviews = data?.pages.flatMap((page) => page.data) ?? []
  return (
    <section
      id={REVIEWS_SECTION_ID}
      aria-labelledby="reviews-heading"
      className="flex scroll-mt-24 flex-col gap-5 border-t border-base-300 pt-8"
    >
      <div className="flex flex-col gap-2">
        <h2 id="reviews-heading" className="text-2xl font-semibold">
          {m.reviewsHeading}
        </h2>
        {rating.average !== null && rating.count > 0 ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StarRating value={rating.average} size="lg" />
            <span className="text-xl font-semibold">{rating.average.toFixed(1)}</span>
            <span className="text-base-content/75">{m.reviewsLead(rating.count)}</span>
          </p>
        ) : null}
      </div>
      {!data && !isError ? (
        <Loading className="py-6" />
      ) : reviews.length === 0 ? (
        <EmptyState
          icon={<MessageSquareText className="size-6" />}
          title={m.noReviews(name)}
          description={m.noReviewsHint}
          headingLevel="h3"
        />
      ) : (
        <ul className="grid gap-x-8 gap-y-6 md:grid-cols-2">
          {reviews.map((review) => (
            <li key={review._id} className="border-b border-base-300 pb-6 md:border-b-0">
              <ReviewCard review={review} sellerName={name} showBag />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage || undefined}
          onClick={() => void fetchNextPage()}
        >
          {m.loadMore}
        </Button>
      ) : null}
    </section>
  )
}
