import { isAdminQueryOptions, isSellerQueryOptions } from '@/features/auth/api/roles'
import { cachedSessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'

// Apart from the dashboard's module (dashboard-root.tsx) and free of zod, like the pages' loaders (docs/decisions/003).

/**
 * The side menu and the admin and seller guards follow the user's roles (SPEC §6). When the session is already known
 * (the server wrote it into the page), the role lookups are read before the first render, alongside the page's own
 * loader: the dashboard then renders once, with its menu, instead of a second time when they arrive. One try only
 * here: a failure is left to the menu and the guards, which ask again with the usual retries.
 */
export async function loader() {
  const user = cachedSessionUser()
  if (!user) return null
  await Promise.all([
    queryClient.prefetchQuery({ ...isAdminQueryOptions(user.email), retry: false }),
    queryClient.prefetchQuery({ ...isSellerQueryOptions(user.email), retry: false }),
  ])
  return null
}
