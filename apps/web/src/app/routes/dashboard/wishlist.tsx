import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/wishlist': placeholder until its feature lands. */
function WishlistRoute() {
  return (
    <PagePlaceholder title="My Wishlist" compact>
      The bags you saved for later will be listed here.
    </PagePlaceholder>
  )
}

export { WishlistRoute as Component }
