import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/myOrders': placeholder until its feature lands. */
function MyOrdersRoute() {
  return (
    <PagePlaceholder title="My Orders" compact>
      The bags you have booked, with their payment status, will be listed here.
    </PagePlaceholder>
  )
}

export { MyOrdersRoute as Component }
