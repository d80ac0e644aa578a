import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useParams } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { orderQueryOptions, useOrder } from '@/features/orders/api/orders'
import { OrderReceipt } from '@/features/orders/components/order-receipt'
import { getAccessToken } from '@/lib/access-token'
import { sessionQueryOptions } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchForVisitor } from '@/lib/server-api.server'

export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    client.fetchQuery(orderQueryOptions(args.params.id ?? '')).catch(throwRouteError),
  )

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const order = orderQueryOptions(params.id ?? '')
  const [user] = await Promise.all([
    queryClient.ensureQueryData(sessionQueryOptions()),
    getAccessToken() ? queryClient.prefetchQuery(order) : undefined,
  ])
  if (user) await queryClient.ensureQueryData(order).catch(throwRouteError)
  return { dehydrated: undefined }
}

/** '/dashboard/orders/:id/receipt': the printable receipt of a paid order. */
export default function OrderReceiptRoute() {
  const { id = '' } = useParams()
  const { data: order } = useOrder(id)
  if (!order) return <Loading className="py-12" />
  return (
    <>
      <title>{`${t.receiptPage.title} ${order._id} | Preloved Bags Co.`}</title>
      <OrderReceipt order={order} />
    </>
  )
}
