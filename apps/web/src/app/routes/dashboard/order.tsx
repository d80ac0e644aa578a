import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useParams } from 'react-router'
import { NotFound } from '@/components/errors/not-found'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { Loading } from '@/components/ui/loading'
import { OrderConversation } from '@/features/messages/components/order-conversation'
import { orderQueryOptions, useOrder } from '@/features/orders/api/orders'
import { OrderDetails } from '@/features/orders/components/order-details'
import { orderViewer } from '@/features/orders/order-state'
import { OrderReview } from '@/features/reviews/components/order-review'
import { getAccessToken } from '@/lib/access-token'
import { sessionQueryOptions, useSession } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The order arrives with the page (GET /api/orders/{id}, as its visitor); someone else's or an unknown one is a 404. */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    client.fetchQuery(orderQueryOptions(args.params.id ?? '')).catch(throwRouteError),
  )

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const order = orderQueryOptions(params.id ?? '')
  // read afresh on each visit: another party may have moved it since
  const [user] = await Promise.all([
    queryClient.ensureQueryData(sessionQueryOptions()),
    getAccessToken() ? queryClient.fetchQuery(order).catch(() => undefined) : undefined,
  ])
  if (user) await queryClient.ensureQueryData(order).catch(throwRouteError)
  return { dehydrated: undefined }
}

/** '/dashboard/orders/:id': the order after payment, for its buyer, its seller and admins. */
export default function OrderRoute() {
  const { id = '' } = useParams()
  const { user } = useSession()
  const { data: order } = useOrder(id)
  if (!order || !user) return <Loading className="py-12" />
  const viewer = orderViewer(order, user)
  // the API shows an order to its buyer, its seller and admins only: anyone else never gets here
  if (!viewer) return <NotFound />
  return (
    <DashboardPage title={t.orderTitle(order.product.title)}>
      {/* a completed order's review comes first: the buyer's one thing left to do */}
      <OrderReview order={order} viewer={viewer} />
      <OrderDetails order={order} viewer={viewer} />
      {viewer !== 'admin' ? (
        <OrderConversation
          orderId={order._id}
          productId={order.product._id}
          buyerId={order.buyer._id}
          viewer={viewer}
        />
      ) : null}
    </DashboardPage>
  )
}
