import { queryOptions } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// The payment page's booking: checked with the shared schema, imported when the request starts, so that zod stays out
// of the page's first chunk and downloads while the request is in flight.
const bookingSchema = () => import('@preloved/shared/bookings').then((m) => m.bookingSchema)

/** docs/product/storefront.md#api-rules: GET /bookings/{id}, the payment page's loader. */
export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'detail', id],
    queryFn: ({ signal }) => api.get(`/bookings/${encodeURIComponent(id)}`, bookingSchema(), { signal }),
    retry: retryServerErrors, // someone else's (403) or no such booking (404) stays so
  })
