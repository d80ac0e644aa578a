import { messages } from '@preloved/shared/messages'
import { ShoppingBag } from 'lucide-react'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useMyBookings } from '@/features/bookings/api/bookings'
import { MyOrdersTable } from '@/features/bookings/components/my-orders-table'
import { useSession } from '@/lib/auth-client'

/** '/dashboard/myOrders': the bags the user booked, with their payment status (SPEC §2 Tables). */
function MyOrdersRoute() {
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

export { MyOrdersRoute as Component }
