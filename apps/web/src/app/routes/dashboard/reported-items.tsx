import { ReportedItems } from '@/features/reports/components/reported-items'

/** '/dashboard/reportedItems' (admin): reported listings to remove or dismiss (DESIGN §9). */
function ReportedItemsRoute() {
  return <ReportedItems />
}

export { ReportedItemsRoute as Component }
