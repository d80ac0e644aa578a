import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { DisputesList } from '@/features/admin-orders/components/disputes-list'

/** '/dashboard/disputes' (admin): the orders whose buyer reported a problem, oldest first. */
export default function DisputesRoute() {
  return (
    <DashboardPage title={moneyPagesMessages.disputes.title} lead={moneyPagesMessages.disputes.lead}>
      <DisputesList />
    </DashboardPage>
  )
}
