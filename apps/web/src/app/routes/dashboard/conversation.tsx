import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { useParams } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { Inbox } from '@/features/messages/components/inbox'

/**
 * '/dashboard/messages/:id': one conversation, for its buyer and its seller (and an admin once it is
 * reported or its order disputed; the API answers 404 to anyone else, which shows the route's error screen).
 */
export default function ConversationRoute() {
  const { id = '' } = useParams()
  return (
    <DashboardPage title={t.inboxTitle}>
      <Inbox selectedId={id} />
    </DashboardPage>
  )
}
