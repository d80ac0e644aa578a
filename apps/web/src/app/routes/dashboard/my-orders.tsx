import { messages } from '@preloved/shared/messages'
import { ShoppingBag } from 'lucide-react'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { myBookingsQueryOptions, useMyBookings } from '@/features/bookings/api/bookings'
import { MyOrdersTable } from '@/features/bookings/components/my-orders-table'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The user's own orders arrive with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client, user) => client.prefetchQuery(myBookingsQueryOptions(user.email)))

export function clientLoader() {
  const user = cachedSessionUser()
  if (user) void queryClient.prefetchQuery(myBookingsQueryOptions(user.email))
  return { dehydrated: undefined }
}

/** '/dashboard/myOrders': the bags the user booked, with their payment status (SPEC §2 Tables). */
export default function MyOrdersRoute() {
  const { user } = useSession()
  const bookings = useMyBookings(user?.email)
  if (bookings.isError && !bookings.data) throw bookings.error

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
