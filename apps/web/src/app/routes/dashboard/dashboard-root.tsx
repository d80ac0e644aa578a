import type { LoaderFunctionArgs, MetaFunction } from 'react-router'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { DashboardLayout, type DashboardMenu } from '@/components/layouts/dashboard-layout'
import { MenuCountsContext } from '@/components/layouts/menu-counts'
import { isAdminQueryOptions, isSellerQueryOptions, useAdmin, useSeller } from '@/features/auth/api/roles'
import { PrivateRoute } from '@/features/auth/components/guards'
import { useUnreadMessages } from '@/features/messages/api/conversations'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/**
 * The side menu and the admin and seller guards follow the user's roles (docs/product/accounts.md#roles): read before the first render, so
 * that the dashboard renders once, with its menu. One try only here: a failure is left to the menu and the guards,
 * which ask again with the usual retries. Without a session the guard sends the visitor to '/login'.
 */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client, user) =>
    Promise.all([
      client.prefetchQuery(isAdminQueryOptions(user.email)),
      client.prefetchQuery(isSellerQueryOptions(user.email)),
    ]),
  )

export async function clientLoader() {
  const user = cachedSessionUser()
  if (user) {
    await Promise.all([
      queryClient.prefetchQuery({ ...isAdminQueryOptions(user.email), retry: false }),
      queryClient.prefetchQuery({ ...isSellerQueryOptions(user.email), retry: false }),
    ])
  }
  return { dehydrated: undefined }
}

/** A dashboard page's error shows in the page's place, beside the side menu. */
export function ErrorBoundary() {
  return (
    <DashboardLayout menu={useDashboardMenu()}>
      <RouteErrorBoundary />
    </DashboardLayout>
  )
}

/** A user's own pages: described, never indexed (their titles are the pages' own <title>). */
export const meta: MetaFunction = () => [
  { name: 'description', content: 'Your Preloved Bags Co. dashboard: orders, wishlist, listings and payments.' },
  { name: 'robots', content: 'noindex' },
]

/** The side menu follows the same lookups as the admin and seller guards (docs/product/accounts.md#roles). */
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

/** The dashboard with its side menu; the menu's counts (unread messages) come from the features. */
function RoleDashboard() {
  const unread = useUnreadMessages()
  return (
    <MenuCountsContext value={{ messages: unread }}>
      <DashboardLayout menu={useDashboardMenu()} />
    </MenuCountsContext>
  )
}

/** '/dashboard' and everything under it: signed-in users only (docs/product/storefront.md#access), with their role's side menu. */
export default function DashboardRoot() {
  return (
    <PrivateRoute>
      <RoleDashboard />
    </PrivateRoute>
  )
}
