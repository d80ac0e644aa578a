import { messages } from '@preloved/shared/messages'
import type { Review } from '@preloved/shared/reviews'
import { Reply } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { formatDay } from '@/lib/format-date'
import { StarRating } from './star-rating'

const m = messages.reviews

/**
 * One review as everyone reads it: the stars, who wrote it and when, the bag, the words, and the seller's reply under
 * it. `headingLevel` fits the page's outline; `showBag` adds the bag's picture and title (a seller's profile).
 */
export function ReviewCard({
  review,
  sellerName,
  showBag = false,
  headingLevel = 'h3',
  children,
  className,
}: {
  review: Review
  sellerName: string
  showBag?: boolean
  headingLevel?: 'h3' | 'h4'
  /** What follows the review (the seller's reply form). */
  children?: ReactNode
  className?: string
}) {
  const Heading = headingLevel
  return (
    <article
      className={cn('flex flex-col gap-2', className)}
      aria-labelledby={`review-${review._id}`}
      data-testid="review"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} label={m.ratedShort(review.rating)} />
        <Heading id={`review-${review._id}`} className="text-sm font-semibold">
          {review.buyer.name}
        </Heading>
        <time dateTime={review.createdAt} className="text-sm text-base-content/70" suppressHydrationWarning>
          {formatDay(review.createdAt)}
        </time>
      </div>
      {showBag ? (
        <Link
          to={paths.product(review.product._id)}
          className="inline-flex max-w-full items-center gap-2 self-start text-sm text-base-content/80 hover:underline"
        >
          <img
            src={review.product.thumb}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 shrink-0 rounded-field bg-base-200 object-cover"
          />
          <span className="truncate">{m.boughtItem(review.product.title)}</span>
        </Link>
      ) : null}
      {review.text ? <p className="break-words whitespace-pre-line">{review.text}</p> : null}
      {review.reply ? (
        <div className="mt-1 flex gap-2 rounded-box border-l-4 border-primary/40 bg-base-200/60 px-3 py-2 text-sm">
          <Reply aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-base-content/60" />
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-semibold">{m.sellerReply(sellerName)}</p>
            <p className="break-words whitespace-pre-line">{review.reply}</p>
          </div>
        </div>
      ) : null}
      {children}
    </article>
  )
}
