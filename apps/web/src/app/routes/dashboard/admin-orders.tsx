import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { AdminOrdersView } from '@/features/admin-orders/components/admin-orders-view'

/** '/dashboard/orders' (admin): every order, found by its id or an email; refunds with a confirmation. */
export default function AdminOrdersRoute() {
  return (
    <DashboardPage title={moneyPagesMessages.orders.title} lead={moneyPagesMessages.orders.lead}>
      <AdminOrdersView />
    </DashboardPage>
  )
}
