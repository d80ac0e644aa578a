import { messages } from '@preloved/shared/messages'
import { UsersPage } from '@/features/users/components/users-page'
import { UsersTable } from '@/features/users/components/users-table'

/** '/dashboard/allSellers' (admin): every seller account, to verify or delete. */
export default function AllSellersRoute() {
  return (
    <UsersPage
      title={messages.nav.allSellers}
      lead="Every seller account, newest first. Verified sellers' listings carry the verified badge."
    >
      <UsersTable kind="seller" />
    </UsersPage>
  )
}
