import { ReportedItems } from '@/features/reports/components/reported-items'

/** '/dashboard/reportedItems' (admin): reported listings to remove or dismiss (DESIGN §9). */
export default function ReportedItemsRoute() {
  return <ReportedItems />
}
