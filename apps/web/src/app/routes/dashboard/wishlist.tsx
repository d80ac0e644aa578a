import { messages } from '@preloved/shared/messages'
import { Heart } from 'lucide-react'
import type { LoaderFunctionArgs } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useWishlist, wishlistQueryOptions } from '@/features/wishlists/api/wishlists'
import { WishlistTable } from '@/features/wishlists/components/wishlist-table'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/** The user's own wishlist arrive with the page (as they asked, with their cookie). */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client, user) => client.prefetchQuery(wishlistQueryOptions(user.email)))

export function clientLoader() {
  const user = cachedSessionUser()
  if (user) void queryClient.prefetchQuery(wishlistQueryOptions(user.email))
  return { dehydrated: undefined }
}

/** '/dashboard/wishlist': the bags saved for later (docs/product/checkout.md#wishlist; headed 'My Wishlist'). */
export default function WishlistRoute() {
  const { user } = useSession()
  const wishlist = useWishlist(user?.email)
  if (wishlist.isError && !wishlist.data) throw wishlist.error

  return (
    <DashboardPage
      title={messages.nav.myWishlist}
      lead="Bags you saved for later. Each one exists once: book it before someone else does."
    >
      {!wishlist.data ? (
        <Loading className="py-12" />
      ) : (
        <WishlistTable
          entries={wishlist.data}
          empty={
            <EmptyState
              headingLevel="h2"
              icon={<Heart className="size-7" />}
              title={messages.wishlists.empty}
              description="Tap 'Add to your wishlist' on any bag to keep it here."
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
