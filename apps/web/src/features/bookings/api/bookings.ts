import type { CreateBookingBody } from '@preloved/shared/bookings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The category and product pages read the viewer's bookings on their first load: the list and booking's answer are
// checked with the shared schemas, imported when a request starts, so that zod stays out of those pages' first chunk
// and downloads while the request is in flight.
const bookingListSchema = () => import('@preloved/shared/bookings').then((m) => m.bookingListSchema)
const bookingCreatedSchema = () => import('@preloved/shared/bookings').then((m) => m.bookingCreatedSchema)
const bookingTermsSchema = () => import('@preloved/shared/bookings').then((m) => m.bookingTermsSchema)

/** docs/product/storefront.md#api-rules: GET /bookings?email={email} (bearer token; own orders only). */
export const myBookingsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['bookings', { email }],
    queryFn: ({ signal }) => api.get(`/bookings?${new URLSearchParams({ email })}`, bookingListSchema(), { signal }),
  })

/** The signed-in customer's orders; nothing is fetched without an email. */
export function useMyBookings(email: string | undefined) {
  return useQuery({ ...myBookingsQueryOptions(email ?? ''), enabled: Boolean(email) })
}

/**
 * GET /booking-terms/{productId}: what Book Now gives right now (docs/decisions/034): an exclusive hold, a payment
 * window shared with every buyer while the bag cools down, or none. Read fresh each time it is shown.
 */
export const bookingTermsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['bookings', 'terms', productId],
    queryFn: ({ signal }) =>
      api.get(`/booking-terms/${encodeURIComponent(productId)}`, bookingTermsSchema(), { signal }),
    staleTime: 0,
  })

export function useBookingTerms(productId: string, enabled = true) {
  return useQuery({ ...bookingTermsQueryOptions(productId), enabled })
}

/** POST /bookings: the customer comes from the token and the price from the listing. */
export function useCreateBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateBookingBody) => api.post('/bookings', body, bookingCreatedSchema()),
    onSettled: () => {
      // my orders, and the listings' 'Reserved' state, are different now (also after a 409: someone else holds it)
      void queryClient.invalidateQueries({ queryKey: ['bookings'] })
      void queryClient.invalidateQueries({ queryKey: ['products'] })
    },
  })
}
