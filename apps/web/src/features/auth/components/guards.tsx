import { type ReactNode, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useSession } from '@/lib/auth-client'
import { useHydrated } from '@/lib/use-hydrated'
import { useAdmin, useSeller } from '../api/roles'
import type { FromState, NeededRole } from '../origin'

/**
 * docs/product/accounts.md#guards: to '/login', keeping the origin for after the sign-in, and replacing this entry in the history. The server
 * cannot move the browser's history: its page shows the loading indicator, and the browser goes on once hydrated.
 */
function ToLogin({ needs }: { needs?: NeededRole }) {
  const location = useLocation()
  // one state object: <Navigate> navigates again whenever its props change, and every render would make a new one.
  // `needs`: a signed-in user lacks the page's role; the login page says so.
  const [state] = useState((): FromState => (needs ? { from: location, needs } : { from: location }))
  if (!useHydrated()) return <PageLoading />
  return <Navigate to={paths.login()} replace state={state} />
}

/** Any signed-in user (session cookie); renders its children, or the nested routes. */
export function PrivateRoute({ children }: { children?: ReactNode }) {
  const session = useSession()
  if (session.isPending) return <PageLoading />
  if (session.isError) throw session.error
  if (!session.user) return <ToLogin />
  return children ?? <Outlet />
}

/** A signed-in user whose role the server confirms (docs/product/accounts.md#roles: GET /users/admin|seller/{email}). */
function RoleRoute({ needs: role }: { needs: 'admin' | 'seller' }) {
  const session = useSession()
  const email = session.user?.email
  const admin = useAdmin(role === 'admin' ? email : undefined)
  const seller = useSeller(role === 'seller' ? email : undefined)
  const lookup = role === 'admin' ? admin : seller
  const allowed = role === 'admin' ? admin.isAdmin : seller.isSeller

  if (session.isPending) return <PageLoading />
  if (session.isError) throw session.error
  if (!session.user) return <ToLogin />
  if (lookup.isError) {
    // 401 (no session left) or 403: this user cannot be here; anything else is the route-error screen
    if (isApiError(lookup.error) && lookup.error.statusCode === 403) return <ToLogin needs={role} />
    if (isApiError(lookup.error) && lookup.error.statusCode >= 400 && lookup.error.statusCode < 500) return <ToLogin />
    throw lookup.error
  }
  if (lookup.isPending) return <PageLoading />
  // docs/product/accounts.md#guards: a signed-in user lacking the role is sent to '/login' too; the login page tells them why
  if (!allowed) return <ToLogin needs={role} />
  return <Outlet />
}

export function AdminRoute() {
  return <RoleRoute needs="admin" />
}

export function SellerRoute() {
  return <RoleRoute needs="seller" />
}
