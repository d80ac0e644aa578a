import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/allSellers' (admin): placeholder until its feature lands. */
function AllSellersRoute() {
  return (
    <PagePlaceholder title="All Sellers" compact>
      Every seller account, with its verification, will be listed here.
    </PagePlaceholder>
  )
}

export { AllSellersRoute as Component }
