import type { CreateBookingBody } from '@preloved/shared/bookings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The category and product pages read the viewer's bookings on their first load: the list and booking's answer are
// checked with the shared schemas, imported when a request starts, so that zod stays out of those pages' first chunk
// and downloads while the request is in flight.
const bookingListSchema = () => import('@preloved/shared/bookings').then((m) => m.bookingListSchema)
const insertResultSchema = () => import('@preloved/shared/products').then((m) => m.insertResultSchema)

/** SPEC §7: GET /bookings?email={email} (bearer token; own orders only). */
export const myBookingsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['bookings', { email }],
    queryFn: ({ signal }) => api.get(`/bookings?${new URLSearchParams({ email })}`, bookingListSchema(), { signal }),
  })

/** The signed-in customer's orders; nothing is fetched without an email. */
export function useMyBookings(email: string | undefined) {
  return useQuery({ ...myBookingsQueryOptions(email ?? ''), enabled: Boolean(email) })
}

/** POST /bookings: the customer comes from the token and the price from the listing. */
export function useCreateBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateBookingBody) => api.post('/bookings', body, insertResultSchema()),
    onSettled: () => {
      // my orders, and the listings' 'Reserved' state, are different now (also after a 409: someone else holds it)
      void queryClient.invalidateQueries({ queryKey: ['bookings'] })
      void queryClient.invalidateQueries({ queryKey: ['products'] })
    },
  })
}
