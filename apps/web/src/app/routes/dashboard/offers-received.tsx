import { offersMessages as m } from '@preloved/shared/messages/offers'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { myOffersPagesQueryOptions, offerRulesQueryOptions } from '@/features/offers/api/offers'
import { OffersList } from '@/features/offers/components/offers-list'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The seller's first page of offers arrives with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(myOffersPagesQueryOptions('seller')),
      client.prefetchQuery(offerRulesQueryOptions()),
    ]),
  )

export function clientLoader() {
  if (cachedSessionUser()) void queryClient.prefetchInfiniteQuery(myOffersPagesQueryOptions('seller'))
  return { dehydrated: undefined }
}

const noPayment = () => {}

/** '/dashboard/offersReceived' (seller): offers on the seller's bags, to accept, decline or counter. */
export default function OffersReceivedRoute() {
  return (
    <DashboardPage title={m.offersReceived} lead={m.offersReceivedLead}>
      <OffersList side="seller" onPayNow={noPayment} />
    </DashboardPage>
  )
}
