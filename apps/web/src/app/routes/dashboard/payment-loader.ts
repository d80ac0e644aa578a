import type { LoaderFunctionArgs } from 'react-router'
import { publicConfigQueryOptions } from '@/features/auth/api/get-public-config'
import { bookingQueryOptions } from '@/features/bookings/api/get-booking'
import { getAccessToken } from '@/lib/access-token'
import { sessionQueryOptions } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'

// Apart from the page's module (payment.tsx) and free of zod: react-router loads both at once, so the requests start
// without waiting for the page's code (docs/decisions/003).

/** SPEC §7: the booking is loaded by id before the page shows (GET /bookings/{id}, the caller's own). */
export async function loader({ params }: LoaderFunctionArgs) {
  // a visitor without a session is sent to login by the dashboard's guard; the booking needs one. With a stored token
  // the booking is asked for alongside the session (not after it); a failure then is read again below.
  const booking = bookingQueryOptions(params.id ?? '')
  const [user] = await Promise.all([
    queryClient.ensureQueryData(sessionQueryOptions()),
    getAccessToken() ? queryClient.prefetchQuery(booking) : undefined,
    // which card form to show; the page renders once with it (one try: the page's own query retries a failure)
    queryClient.prefetchQuery({ ...publicConfigQueryOptions(), retry: false }),
  ])
  if (!user) return null
  await queryClient.ensureQueryData(booking)
  return null
}
