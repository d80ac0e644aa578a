import { messages } from '@preloved/shared/messages'
import { ShoppingBag } from 'lucide-react'
import { useCallback, useMemo } from 'react'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { myBookingsQueryOptions, useMyBookings } from '@/features/bookings/api/bookings'
import { MyOrdersTable, type PaidOrderSlot } from '@/features/bookings/components/my-orders-table'
import { buyerOrdersQueryOptions, useBuyerOrders } from '@/features/orders/api/orders'
import { OrderStateLink } from '@/features/orders/components/order-state-link'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The user's own orders arrive with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client, user) =>
    Promise.all([
      client.prefetchQuery(myBookingsQueryOptions(user.email)),
      client.prefetchQuery(buyerOrdersQueryOptions()),
    ]),
  )

export function clientLoader() {
  const user = cachedSessionUser()
  if (user) {
    void queryClient.prefetchQuery(myBookingsQueryOptions(user.email))
    void queryClient.prefetchQuery(buyerOrdersQueryOptions())
  }
  return { dehydrated: undefined }
}

/** '/dashboard/myOrders': the bags the user booked, with their payment status (docs/product/checkout.md#my-orders). */
export default function MyOrdersRoute() {
  const { user } = useSession()
  const bookings = useMyBookings(user?.email)
  if (bookings.isError && !bookings.data) throw bookings.error
  // each paid row links to its order (an order's id is its booking's) and says its state in words; while
  // the orders are read, or if they cannot be, the row still links to its page
  const orders = useBuyerOrders(Boolean(user))
  const byId = useMemo(() => new Map((orders.data ?? []).map((order) => [order._id, order])), [orders.data])
  const paidOrder = useCallback<PaidOrderSlot>(
    (booking) => <OrderStateLink orderId={booking._id} order={byId.get(booking._id)} title={booking.bag} />,
    [byId],
  )

  return (
    <DashboardPage
      title={messages.nav.myOrders}
      lead="A booking holds the bag for you for a while: pay before the time shown, or it is for sale again."
    >
      {!bookings.data ? (
        <Loading className="py-12" />
      ) : (
        <MyOrdersTable
          bookings={bookings.data}
          paidOrder={paidOrder}
          empty={
            <EmptyState
              headingLevel="h2"
              icon={<ShoppingBag className="size-7" />}
              title={messages.bookings.noOrders}
              description="Find a bag you love and book it: it will show up here."
              action={
                <ButtonLink to={paths.categories()} variant="primary" size="sm">
                  Browse categories
                </ButtonLink>
              }
            />
          }
        />
      )}
    </DashboardPage>
  )
}
