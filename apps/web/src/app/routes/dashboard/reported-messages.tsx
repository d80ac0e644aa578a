import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { ReportedMessages } from '@/features/messages/components/reported-messages'

/** '/dashboard/reportedMessages' (admin): the moderation queue of reported messages. */
export default function ReportedMessagesRoute() {
  return (
    <DashboardPage title={t.reportedMessagesTitle} lead={t.reportedMessagesLead}>
      <ReportedMessages />
    </DashboardPage>
  )
}
