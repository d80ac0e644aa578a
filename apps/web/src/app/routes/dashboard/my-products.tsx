import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/myProducts' (seller): placeholder until its feature lands. */
function MyProductsRoute() {
  return (
    <PagePlaceholder title="My Products" compact>
      The bags you have listed will show here.
    </PagePlaceholder>
  )
}

export { MyProductsRoute as Component }
