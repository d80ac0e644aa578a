import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { Inbox } from '@/features/messages/components/inbox'

/** '/dashboard/messages': the inbox, for every role; a conversation opens beside it (or alone on a phone). */
export default function MessagesRoute() {
  return (
    <DashboardPage title={t.inboxTitle} lead={t.inboxLead}>
      <Inbox />
    </DashboardPage>
  )
}
