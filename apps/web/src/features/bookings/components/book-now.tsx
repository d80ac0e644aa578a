import type { Booking, BookingTerms } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { CalendarCheck, Lock } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { PaymentHoldNote } from './payment-hold-note'

type BookNowProps = {
  product: Product
  /** The signed-in user's id: a seller does not book their own bag. */
  viewerId: string | undefined
  /** The viewer's orders, to tell their own hold from someone else's. */
  myBookings: Booking[] | undefined
  onBook: (product: Product) => void
  block?: boolean
  /** What Book Now gives now (the product page asks): a payment window is said under the button. */
  terms?: BookingTerms | undefined
}

const isOwn = (product: Product, viewerId: string | undefined) =>
  viewerId !== undefined && product.seller_id === viewerId

/** Whether the viewer's own live hold is on this bag. */
const heldByViewer = (product: Product, bookings: Booking[] | undefined) =>
  bookings?.some((b) => b.product_id === product._id && b.status === 'held' && !b.soldToSomeoneElse) ?? false

/**
 * Book Now, or what stands in its place: nothing on the seller's own bag, 'Reserved' (disabled) while another
 * customer's hold is live, a link to My Orders while the viewer's own hold is, 'Sold' for a sold bag. While the bag
 * cools down after an unpaid hold ran out, Book Now comes with the payment window it gives.
 */
export function BookNow({ product, viewerId, myBookings, onBook, block = false, terms }: BookNowProps) {
  if (isOwn(product, viewerId)) return null
  if (product.status === 'sold') {
    return (
      <Button variant="neutral" block={block} disabled>
        Sold
      </Button>
    )
  }
  if (heldByViewer(product, myBookings)) {
    return (
      <ButtonLink to={paths.dashboard.myOrders()} variant="outline" block={block} className="gap-2">
        <CalendarCheck aria-hidden="true" className="size-4" />
        Booked by you: see My Orders
      </ButtonLink>
    )
  }
  if (product.reserved) {
    return (
      <Button
        variant="neutral"
        block={block}
        disabled
        title="Another customer is holding this bag while they pay. Try again later."
        className="gap-2"
      >
        <Lock aria-hidden="true" className="size-4" />
        {messages.bookings.reservedLabel}
      </Button>
    )
  }
  const button = (
    <Button variant="primary" block={block} onClick={() => onBook(product)}>
      Book Now<span className="sr-only"> {product.title}</span>
    </Button>
  )
  if (terms?.hold !== 'payment') return button
  // the bag cools down after an unpaid hold ran out: a short payment window, the first payment wins
  return (
    <div className="flex flex-col gap-2">
      {button}
      <PaymentHoldNote minutes={terms.minutes} />
    </div>
  )
}

/** The seller's own bag: a quiet note where Book Now would be. */
export function OwnListingNote({ product, viewerId }: { product: Product; viewerId: string | undefined }) {
  if (!isOwn(product, viewerId)) return null
  return <p className="text-sm text-base-content/70">This is your listing.</p>
}
