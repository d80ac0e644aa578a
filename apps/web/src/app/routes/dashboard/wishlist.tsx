import { messages } from '@preloved/shared/messages'
import { Heart } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useWishlist } from '@/features/wishlists/api/wishlists'
import { WishlistTable } from '@/features/wishlists/components/wishlist-table'
import { useSession } from '@/lib/auth-client'

/** '/dashboard/wishlist': the bags saved for later (SPEC §2 Tables; headed 'My Wishlist', DESIGN §9). */
function WishlistRoute() {
  const { user } = useSession()
  const wishlist = useWishlist(user?.email)
  if (wishlist.isError && !wishlist.data) throw wishlist.error

  return (
    <section className="flex flex-col gap-6">
      <title>My Wishlist | Preloved Bags Co.</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold sm:text-4xl">{messages.nav.myWishlist}</h1>
        <p className="text-base-content/75">
          Bags you saved for later. Each one exists once: book it before someone else does.
        </p>
      </div>
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
    </section>
  )
}

export { WishlistRoute as Component }
