import { DashboardSummary } from '@/features/dashboard/components/dashboard-summary'

/** '/dashboard' index: a summary for the user's role (DESIGN §9). */
export default function DashboardHomeRoute() {
  return <DashboardSummary />
}
