import { DashboardSummary } from '@/features/dashboard/components/dashboard-summary'

/** '/dashboard' index: a summary for the user's role (DESIGN §9). */
function DashboardHomeRoute() {
  return <DashboardSummary />
}

export { DashboardHomeRoute as Component }
