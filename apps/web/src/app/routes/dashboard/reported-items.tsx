import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/reportedItems' (admin): placeholder until its feature lands. */
function ReportedItemsRoute() {
  return (
    <PagePlaceholder title="Reported Items" compact>
      Listings reported by customers will be reviewed here.
    </PagePlaceholder>
  )
}

export { ReportedItemsRoute as Component }
