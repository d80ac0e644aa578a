import type { SessionUser } from '@preloved/shared/auth'
import { offersMessages as m } from '@preloved/shared/messages/offers'
import type { Offer } from '@preloved/shared/offers'
import type { Product } from '@preloved/shared/products'
import { HandCoins } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { useProductOffers } from '../api/offers'
import type { OfferableBag } from './make-offer-dialog'
import { OfferCountdown } from './offer-countdown'

// The dialog downloads on the first "Make an offer", not with the page.
const MakeOfferDialog = lazy(() =>
  import('./make-offer-dialog').then((module) => ({ default: module.MakeOfferDialog })),
)

/** What the buyer pays through the ordinary booking, at the agreed price (the server takes it from the offer). */
export type PayNow = (bag: OfferableBag) => void

/** The buyer's offer on this bag that still matters: standing, or accepted and holding (or booked, not yet paid). */
const current = (offers: Offer[] | undefined) =>
  offers?.find(
    (o) =>
      o.status === 'pending' ||
      o.status === 'countered' ||
      (o.status === 'accepted' && (o.bookingStatus === null || o.bookingStatus === 'held')),
  )

function Standing({ offer, product, onPayNow }: { offer: Offer; product: Product; onPayNow: PayNow }) {
  const note = (text: string) => <p className="text-sm font-medium">{text}</p>
  if (offer.status === 'accepted' && offer.agreed !== null) {
    return (
      <>
        {note(m.yourAccepted(formatPrice(offer.agreed)))}
        {offer.holdUntil && offer.bookingId === null ? (
          <OfferCountdown label={m.heldUntil} at={offer.holdUntil} className="text-sm" />
        ) : null}
        {offer.bookingId ? (
          <ButtonLink to={paths.dashboard.payment(offer.bookingId)} variant="primary" size="sm" className="self-start">
            {m.continuePayment}
          </ButtonLink>
        ) : (
          <Button
            variant="primary"
            size="sm"
            className="self-start"
            onClick={() => onPayNow({ _id: product._id, title: product.title, resell_price: offer.agreed! })}
          >
            {m.payNow}
            <span className="sr-only"> {formatPrice(offer.agreed)}</span>
          </Button>
        )}
      </>
    )
  }
  return (
    <>
      {note(
        offer.status === 'countered' && offer.counter !== null
          ? m.yourCountered(formatPrice(offer.counter))
          : m.yourPending(formatPrice(offer.amount)),
      )}
      <OfferCountdown label={m.expiresIn} at={offer.expiresAt} className="text-sm" />
      <ButtonLink to={paths.dashboard.myOffers()} variant="subtle" size="sm" className="self-start">
        {m.seeOffers}
      </ButtonLink>
    </>
  )
}

/**
 * The product page's offer: for a customer on someone else's bag for sale, "Make an offer", or where their
 * own offer stands, with "Pay now" once it is accepted (the ordinary booking, at the agreed price).
 */
export function ProductOffer({ product, user, onPayNow }: { product: Product; user: SessionUser; onPayNow: PayNow }) {
  const applies = user.role === 'customer' && product.seller_id !== user.id && product.status === 'available'
  // the seller's moves show at once (live 'offer' events, on the tab's one stream); read again every few seconds
  // while the stream is down, and when the tab comes back
  const offers = useProductOffers(product._id, applies)
  const [open, setOpen] = useState<OfferableBag | null>(null)
  const [opened, setOpened] = useState(false)
  if (open && !opened) setOpened(true)
  if (!applies) return null
  const standing = current(offers.data)
  return (
    <div className="flex flex-col gap-2" data-testid="product-offer">
      {standing ? (
        <div className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-200/60 p-3">
          <Standing offer={standing} product={product} onPayNow={onPayNow} />
        </div>
      ) : product.reserved || !offers.data ? null : (
        <Button
          variant="outline"
          block
          className="gap-2"
          onClick={() => setOpen({ _id: product._id, title: product.title, resell_price: product.resell_price })}
        >
          <HandCoins aria-hidden="true" className="size-4" />
          {m.makeOffer}
          <span className="sr-only"> {product.title}</span>
        </Button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <MakeOfferDialog bag={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}
