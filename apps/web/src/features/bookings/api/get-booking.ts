import { queryOptions } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'
import { bookingParser } from './booking-parser'

// Zod-free: the payment route's loader imports this module alone, so that the request starts as soon as the route
// matches (app/router.tsx); the answer is checked by hand (booking-parser.ts).

/** SPEC §7: GET /bookings/{id}, the payment page's loader. */
export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'detail', id],
    queryFn: ({ signal }) => api.get(`/bookings/${encodeURIComponent(id)}`, bookingParser, { signal }),
    retry: retryServerErrors, // someone else's (403) or no such booking (404) stays so
  })
