import { riskMessages as t } from '@preloved/shared/messages/risk'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { FlagsList } from '@/features/risk/components/flags-list'

/** '/dashboard/flags' (admin): orders between accounts that may be one person, and bags held again and again. */
export default function FlagsRoute() {
  return (
    <DashboardPage title={t.title} lead={t.lead}>
      <FlagsList />
    </DashboardPage>
  )
}
