import { ReportedItems } from '@/features/reports/components/reported-items'

/** '/dashboard/reportedItems' (admin): reported listings to remove or dismiss (docs/product/listings.md#reports). */
export default function ReportedItemsRoute() {
  return <ReportedItems />
}
