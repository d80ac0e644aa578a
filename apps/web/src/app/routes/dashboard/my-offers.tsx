import { offersMessages as m } from '@preloved/shared/messages/offers'
import { lazy, Suspense, useState } from 'react'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import type { BookableItem } from '@/features/bookings/components/booking-modal'
import { myOffersPagesQueryOptions, offerRulesQueryOptions } from '@/features/offers/api/offers'
import { OffersList } from '@/features/offers/components/offers-list'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

// "Pay now" on an accepted offer is the ordinary booking form (at the agreed price, decided by the server), then the
// payment page; the form downloads on the first press.
const BookingModal = lazy(() =>
  import('@/features/bookings/components/booking-modal').then((module) => ({ default: module.BookingModal })),
)

/** The buyer's first page of offers arrives with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(myOffersPagesQueryOptions('buyer')),
      client.prefetchQuery(offerRulesQueryOptions()),
    ]),
  )

export function clientLoader() {
  if (cachedSessionUser()) void queryClient.prefetchInfiniteQuery(myOffersPagesQueryOptions('buyer'))
  return { dehydrated: undefined }
}

/** '/dashboard/myOffers': the offers the user made, the moves left to them, and Pay now once accepted. */
export default function MyOffersRoute() {
  const [paying, setPaying] = useState<BookableItem | null>(null)
  const [opened, setOpened] = useState(false)
  if (paying && !opened) setOpened(true)
  return (
    <DashboardPage title={m.myOffers} lead={m.myOffersLead}>
      <OffersList side="buyer" onPayNow={setPaying} />
      {opened ? (
        <Suspense fallback={null}>
          <BookingModal item={paying} onClose={() => setPaying(null)} />
        </Suspense>
      ) : null}
    </DashboardPage>
  )
}
