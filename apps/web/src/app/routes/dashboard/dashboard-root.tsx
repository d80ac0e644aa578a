import { DashboardLayout, type DashboardMenu } from '@/components/layouts/dashboard-layout'
import { useAdmin, useSeller } from '@/features/auth/api/roles'
import { PrivateRoute } from '@/features/auth/components/guards'
import { useSession } from '@/lib/auth-client'

/** The side menu follows the same lookups as the admin and seller guards (SPEC §6). */
function useDashboardMenu(): DashboardMenu | undefined {
  const { user } = useSession()
  const { isAdmin, isError: adminFailed } = useAdmin(user?.email)
  const { isSeller, isError: sellerFailed } = useSeller(user?.email)
  if (isAdmin) return 'admin'
  if (isSeller) return 'seller'
  // both answered no (or could not answer): the ordinary user's menu
  if ((isAdmin === false || adminFailed) && (isSeller === false || sellerFailed)) return 'customer'
  return undefined
}

function RoleDashboard() {
  return <DashboardLayout menu={useDashboardMenu()} />
}

/** '/dashboard' and everything under it: signed-in users only (SPEC §2), with their role's side menu. */
function DashboardRoot() {
  return (
    <PrivateRoute>
      <RoleDashboard />
    </PrivateRoute>
  )
}

export { DashboardRoot as Component }
