import { messages } from '@preloved/shared/messages'
import type { OrderViewer } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { Loading } from '@/components/ui/loading'
import { formatDateTime } from '@/lib/format-date'
import { useOrderReview } from '../api/reviews'
import { ReviewCard } from './review-card'
import { ReplyForm, ReviewForm } from './review-form'

const m = messages.reviews

/**
 * The review part of the order page (docs/product/reviews.md): once the order is completed, its buyer may leave a review
 * until the window closes; the review then shows to both parties and an admin, with the seller's reply form under it
 * until they reply. The other party's review or reply shows without a reload: its notification arrives live and the
 * review is read again (every 30 seconds while the live stream is down, and when the page comes back into view).
 */
export function OrderReview({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  const completed = order.status === 'completed'
  const { data } = useOrderReview(order._id, completed)
  if (!completed) return null
  const sellerName = order.seller.name
  return (
    <section
      aria-labelledby="order-review-heading"
      className="flex max-w-5xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <h2 id="order-review-heading" className="text-lg font-semibold">
        {data?.review
          ? viewer === 'buyer'
            ? m.yourReview
            : m.buyersReview
          : data?.canReview
            ? m.leaveReview
            : m.heading}
      </h2>
      {!data ? (
        <Loading className="py-4" />
      ) : data.review ? (
        <ReviewCard review={data.review} sellerName={sellerName} headingLevel="h3">
          {data.canReply ? <ReplyForm orderId={order._id} reviewId={data.review._id} /> : null}
        </ReviewCard>
      ) : data.canReview ? (
        <>
          {data.reviewBy ? (
            <p className="text-sm text-base-content/80">{m.reviewUntil(formatDateTime(data.reviewBy))}</p>
          ) : null}
          <ReviewForm orderId={order._id} sellerName={sellerName} labelledBy="order-review-heading" />
        </>
      ) : data.reviewBy && Date.parse(data.reviewBy) < Date.now() ? (
        <p className="text-sm text-base-content/80">{m.windowClosedNote(formatDateTime(data.reviewBy))}</p>
      ) : (
        <p className="text-sm text-base-content/80">{m.noReviewYet}</p>
      )}
    </section>
  )
}
