import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { myOrdersPagesQueryOptions } from '@/features/orders/api/orders'
import { MySalesList } from '@/features/orders/components/my-sales-list'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The seller's first page of sales arrives with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) => client.prefetchInfiniteQuery(myOrdersPagesQueryOptions('seller')))

export function clientLoader() {
  if (cachedSessionUser()) void queryClient.prefetchInfiniteQuery(myOrdersPagesQueryOptions('seller'))
  return { dehydrated: undefined }
}

/** '/dashboard/mySales' (seller): the bags sold, their state, the date to ship by, each order's page. */
export default function MySalesRoute() {
  return (
    <DashboardPage title={t.mySales} lead={t.mySalesLead}>
      <MySalesList />
    </DashboardPage>
  )
}
