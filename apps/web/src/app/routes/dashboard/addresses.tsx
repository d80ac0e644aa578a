import { messages } from '@preloved/shared/messages'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { addressesQueryOptions } from '@/features/addresses/api/addresses'
import { AddressBook } from '@/features/addresses/components/address-book'
import { getAccessToken } from '@/lib/access-token'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The user's own saved addresses arrive with the page (asked with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) => client.prefetchQuery(addressesQueryOptions()))

export function clientLoader() {
  if (getAccessToken()) void queryClient.prefetchQuery(addressesQueryOptions())
  return { dehydrated: undefined }
}

/** '/dashboard/addresses': the account's delivery addresses, for every role. */
export default function AddressesRoute() {
  return (
    <DashboardPage title={messages.addresses.pageTitle} lead={messages.addresses.pageIntro}>
      <AddressBook />
    </DashboardPage>
  )
}
