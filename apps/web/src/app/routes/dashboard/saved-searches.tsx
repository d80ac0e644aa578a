import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { savedSearchesQueryOptions } from '@/features/saved-searches/api/saved-searches'
import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) => client.prefetchQuery(savedSearchesQueryOptions()))

export function clientLoader() {
  if (cachedSessionUser()) void queryClient.prefetchQuery(savedSearchesQueryOptions())
  return { dehydrated: undefined }
}

/** '/dashboard/saved-searches' (docs/product/notifications.md#saved-searches): open, rename or delete the searches you are told about. */
export default function SavedSearchesRoute() {
  return (
    <DashboardPage title={t.savedTitle} lead={t.savedLead}>
      <SavedSearchesList />
    </DashboardPage>
  )
}
