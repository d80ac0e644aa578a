import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { settingsQueryOptions } from '@/features/notifications/api/notifications'
import { MailSettings } from '@/features/notifications/components/mail-settings'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) => client.prefetchQuery(settingsQueryOptions()))

export function clientLoader() {
  if (cachedSessionUser()) void queryClient.prefetchQuery(settingsQueryOptions())
  return { dehydrated: undefined }
}

/** '/dashboard/notification-settings' (docs/product/notifications.md#kinds): mail on or off per kind; where every mail's footer leads. */
export default function NotificationSettingsRoute() {
  return (
    <DashboardPage title={t.settingsTitle} lead={t.settingsLead}>
      <MailSettings />
    </DashboardPage>
  )
}
