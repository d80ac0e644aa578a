import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/allCustomers' (admin): placeholder until its feature lands. */
function AllCustomersRoute() {
  return (
    <PagePlaceholder title="All Customers" compact>
      Every customer account will be listed here.
    </PagePlaceholder>
  )
}

export { AllCustomersRoute as Component }
