import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/addProducts' (seller): placeholder until its feature lands. */
function AddProductsRoute() {
  return (
    <PagePlaceholder title="Add a Product" compact>
      The form to list a bag for sale will show here.
    </PagePlaceholder>
  )
}

export { AddProductsRoute as Component }
