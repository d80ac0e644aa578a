import { DashboardSummary } from '@/features/dashboard/components/dashboard-summary'

/** '/dashboard' index: a summary for the user's role (docs/product/storefront.md#pages). */
export default function DashboardHomeRoute() {
  return <DashboardSummary />
}
