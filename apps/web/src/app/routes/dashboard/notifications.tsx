import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import {
  notificationsPagesQueryOptions,
  unreadQueryOptions,
  useUnreadCount,
} from '@/features/notifications/api/notifications'
import { NotificationsList } from '@/features/notifications/components/notifications-list'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The user's notifications arrive with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(notificationsPagesQueryOptions()),
      client.prefetchQuery(unreadQueryOptions()),
    ]),
  )

export function clientLoader() {
  if (cachedSessionUser()) void queryClient.prefetchInfiniteQuery(notificationsPagesQueryOptions())
  return { dehydrated: undefined }
}

/** '/dashboard/notifications' (docs/product/notifications.md): the bell's page, for every role. */
export default function NotificationsRoute() {
  const unread = useUnreadCount(true).data?.unread
  return (
    <DashboardPage title={t.pageTitle} lead={t.pageLead}>
      <NotificationsList unread={unread} />
    </DashboardPage>
  )
}
