import { messages } from '@preloved/shared/messages'
import { UsersPage } from '@/features/users/components/users-page'
import { UsersTable } from '@/features/users/components/users-table'

/** '/dashboard/allCustomers' (admin): every customer account, to delete. */
export default function AllCustomersRoute() {
  return (
    <UsersPage title={messages.nav.allCustomers} lead="Every customer account, newest first.">
      <UsersTable kind="customer" />
    </UsersPage>
  )
}
