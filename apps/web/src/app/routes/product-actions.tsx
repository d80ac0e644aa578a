// Not a route of its own: the product page's actions for a signed-in visitor, composed from the bookings, products,
// wishlists, reports and messages features. The product page loads this module only for a signed-in visitor (see product.tsx),
// so a visitor's first load carries none of it.
import type { Product } from '@preloved/shared/products'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { myBookingsQueryOptions, useBookingTerms, useMyBookings } from '@/features/bookings/api/bookings'
import { BookNow, OwnListingNote } from '@/features/bookings/components/book-now'
import { MessageSellerButton } from '@/features/messages/components/message-seller-button'
import { ProductOffer } from '@/features/offers/components/product-offer'
import { OwnListingActions } from '@/features/products/components/own-listing-actions'
import { ReportListingButton } from '@/features/reports/components/report-listing-button'
import { wishlistQueryOptions } from '@/features/wishlists/api/wishlists'
import { WishlistButton } from '@/features/wishlists/components/wishlist-button'
import type { SessionUser } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'

// The booking form (react-hook-form, its zod resolver) downloads on the first Book Now, not with the page.
const BookingModal = lazy(() =>
  import('@/features/bookings/components/booking-modal').then((module) => ({ default: module.BookingModal })),
)

/** A move within the app: what these actions read for this user, read alongside the bag. */
export function prefetchSignedInActions(user: SessionUser) {
  void queryClient.prefetchQuery(myBookingsQueryOptions(user.email))
  void queryClient.prefetchQuery(wishlistQueryOptions(user.email))
}

/**
 * Book Now (or why not), and the wishlist heart and Report this Listing; on the seller's own bag, Advertise and Delete
 * instead, as on its category page.
 */
export function SignedInActions({ product, user }: { product: Product; user: SessionUser }) {
  const navigate = useNavigate()
  const myBookings = useMyBookings(user.email)
  // what Book Now gives now: a short payment window while the bag cools down after an unpaid hold ran out
  const terms = useBookingTerms(
    product._id,
    product.status === 'available' && !product.reserved && product.seller_id !== user.id,
  )
  const [booking, setBooking] = useState<Product | null>(null)
  // mounted from the first Book Now on, so that closing it is the modal's own (focus goes back to the button)
  const [bookingOpened, setBookingOpened] = useState(false)
  if (booking && !bookingOpened) setBookingOpened(true)
  return (
    <div className="flex flex-col gap-2">
      <OwnListingNote product={product} viewerId={user.id} />
      <BookNow
        product={product}
        viewerId={user.id}
        myBookings={myBookings.data}
        onBook={setBooking}
        terms={terms.data}
        block
      />
      <ProductOffer product={product} user={user} onPayNow={(bag) => setBooking({ ...product, ...bag })} />
      {product.seller_id === user.id ? (
        <OwnListingActions product={product} onDeleted={() => navigate(paths.dashboard.myProducts())} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {product.status === 'available' ? (
            <WishlistButton productId={product._id} title={product.title} size="sm" />
          ) : null}
          {user.role === 'customer' && product.status === 'available' ? (
            <MessageSellerButton productId={product._id} title={product.title} />
          ) : null}
          <ReportListingButton productId={product._id} title={product.title} />
        </div>
      )}
      {bookingOpened ? (
        <Suspense fallback={null}>
          <BookingModal item={booking} onClose={() => setBooking(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}
