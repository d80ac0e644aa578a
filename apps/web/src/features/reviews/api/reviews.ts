import type { Review, ReviewBody } from '@preloved/shared/reviews'
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { api, retryServerErrors } from '@/lib/api-client'
import { liveConnected, useNotificationsAbout } from '@/lib/live-events'

// Answers are checked with the shared schemas, imported when a request starts (zod stays out of the first chunk).
const orderReviewSchema = () => import('@preloved/shared/reviews').then((m) => m.orderReviewSchema)
const reviewSchema = () => import('@preloved/shared/reviews').then((m) => m.reviewSchema)
const reviewListSchema = () => import('@preloved/shared/reviews').then((m) => m.reviewSchema.array())

/** Reviews per page of a seller's profile. */
export const REVIEWS_PAGE_SIZE = 6

/** How often an open order page reads its review again while the live stream is down (a review or a reply arrives). */
const REFETCH_MS = 30_000

const orderReviewPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/review`

/** GET /api/orders/{id}/review: the order's review, the review window, and what the caller may do now. */
export const orderReviewQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['reviews', 'order', orderId],
    queryFn: ({ signal }) => api.get(orderReviewPath(orderId), orderReviewSchema(), { signal }),
    retry: retryServerErrors,
  })

/**
 * The order page's review part. The other party's review or reply shows without a reload: each one notifies this
 * user, live, with a link to the order's page, and the review is read again then; every 30 s while the stream is down.
 */
export function useOrderReview(orderId: string, enabled = true) {
  const queryClient = useQueryClient()
  useNotificationsAbout(
    paths.dashboard.order(orderId),
    () => void queryClient.invalidateQueries({ queryKey: orderReviewQueryOptions(orderId).queryKey }),
    enabled,
  )
  return useQuery({
    ...orderReviewQueryOptions(orderId),
    enabled,
    refetchInterval: () => (liveConnected() ? false : REFETCH_MS),
  })
}

/**
 * GET /api/sellers/{id}/reviews: a seller's reviews with their replies, newest first, a page at a time (the `Link`
 * header's cursor leads to the next).
 */
export const sellerReviewsQueryOptions = (sellerId: string) =>
  infiniteQueryOptions({
    queryKey: ['reviews', 'seller', sellerId],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `/sellers/${encodeURIComponent(sellerId)}/reviews?${new URLSearchParams({
          limit: String(REVIEWS_PAGE_SIZE),
          ...(pageParam ? { cursor: pageParam } : {}),
        })}`,
        reviewListSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    retry: retryServerErrors,
  })

export const useSellerReviews = (sellerId: string) => useInfiniteQuery(sellerReviewsQueryOptions(sellerId))

/** After a review or a reply: the order's review is read again, and so are the seller's list, profile and bags. */
function useSettle(orderId: string) {
  const queryClient = useQueryClient()
  return (review: Review) => {
    void queryClient.invalidateQueries({ queryKey: orderReviewQueryOptions(orderId).queryKey })
    void queryClient.invalidateQueries({ queryKey: ['reviews', 'seller', review.sellerId] })
    void queryClient.invalidateQueries({ queryKey: ['sellers', review.sellerId] })
    void queryClient.invalidateQueries({ queryKey: ['products', 'detail'] })
  }
}

/** POST /api/orders/{id}/review: the buyer's stars and words, once. */
export function useCreateReview(orderId: string) {
  const settle = useSettle(orderId)
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post(orderReviewPath(orderId), body, reviewSchema()),
    onSuccess: settle,
  })
}

/** POST /api/reviews/{id}/reply: the reviewed seller's one reply. */
export function useReplyToReview(orderId: string) {
  const settle = useSettle(orderId)
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      api.post(`/reviews/${encodeURIComponent(reviewId)}/reply`, { text }, reviewSchema()),
    onSuccess: settle,
  })
}
