import { offersMessages as m } from '@preloved/shared/messages/offers'
import { offerRoutesFor } from '@preloved/shared/offer-process'
import type { Offer } from '@preloved/shared/offers'
import { HandCoins } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/notify'
import {
  type OfferMove,
  type OfferRole,
  useMyOffersPages,
  useOfferMove,
  useOfferRules,
  useOffersLive,
} from '../api/offers'
import { CounterDialog } from './counter-dialog'
import { OfferCountdown } from './offer-countdown'
import type { PayNow } from './product-offer'

const TONES: Record<Offer['status'], BadgeTone> = {
  pending: 'warning',
  countered: 'info',
  accepted: 'success',
  declined: 'error',
  withdrawn: 'neutral',
  expired: 'neutral',
}

/** A move waiting for its confirmation: which offer, which move, and the dialog's words. */
type Pending = { offer: Offer; move: OfferMove; title: string; message: string; label: string; done: string }

type CardProps = { offer: Offer; side: OfferRole; onPayNow: PayNow; ask: (p: Pending) => void; counter: () => void }

/**
 * The one or two things this party may do now with this offer: the moves the offer process table gives them in its
 * state (packages/shared/src/offer-process.ts), then paying for an accepted one.
 */
function Actions({ offer, side, onPayNow, ask, counter }: CardProps) {
  const rules = useOfferRules()
  const hours = rules.data?.holdHours ?? 24
  const of = (label: string) => `${label}: ${offer.product.title}`
  const routes = offerRoutesFor(offer.status, [side])
  if (side === 'seller' && routes.length > 0) {
    return (
      <>
        {routes.includes('accept') ? (
          <Button
            size="sm"
            variant="primary"
            aria-label={of(m.accept)}
            onClick={() =>
              ask({
                offer,
                move: 'accept',
                title: m.confirmAcceptTitle,
                message: m.confirmAcceptBody(formatPrice(offer.amount), hours),
                label: m.accept,
                done: m.accepted,
              })
            }
          >
            {m.accept}
          </Button>
        ) : null}
        {routes.includes('counter') ? (
          <Button size="sm" variant="subtle" aria-label={of(m.counter)} onClick={counter}>
            {m.counter}
          </Button>
        ) : null}
        {routes.includes('decline') ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={of(m.decline)}
            onClick={() =>
              ask({
                offer,
                move: 'decline',
                title: m.confirmDeclineTitle,
                message: m.fromBuyer(offer.buyer.name),
                label: m.decline,
                done: m.declined,
              })
            }
          >
            {m.decline}
          </Button>
        ) : null}
      </>
    )
  }
  if (side === 'buyer' && routes.includes('withdraw')) {
    return (
      <Button
        size="sm"
        variant="subtle"
        aria-label={of(m.withdraw)}
        onClick={() =>
          ask({
            offer,
            move: 'withdraw',
            title: m.confirmWithdrawTitle,
            message: m.offerLine(formatPrice(offer.amount)),
            label: m.withdraw,
            done: m.withdrawn,
          })
        }
      >
        {m.withdraw}
      </Button>
    )
  }
  if (side === 'buyer' && routes.includes('accept') && offer.counter !== null) {
    const counterPrice = formatPrice(offer.counter)
    return (
      <>
        <Button
          size="sm"
          variant="primary"
          aria-label={of(m.acceptCounter)}
          onClick={() =>
            ask({
              offer,
              move: 'accept',
              title: m.confirmAcceptCounterTitle,
              message: m.confirmAcceptCounterBody(counterPrice, hours),
              label: m.acceptCounter,
              done: m.counterAccepted,
            })
          }
        >
          {m.acceptCounter}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={of(m.declineCounter)}
          onClick={() =>
            ask({
              offer,
              move: 'decline',
              title: m.confirmDeclineCounterTitle,
              message: m.counterLine(counterPrice),
              label: m.declineCounter,
              done: m.counterDeclined,
            })
          }
        >
          {m.declineCounter}
        </Button>
      </>
    )
  }
  if (offer.status === 'accepted' && offer.bookingStatus === 'paid' && offer.bookingId) {
    return (
      <ButtonLink size="sm" variant="subtle" to={paths.dashboard.order(offer.bookingId)} aria-label={of(m.viewOrder)}>
        {m.viewOrder}
      </ButtonLink>
    )
  }
  if (side === 'buyer' && offer.status === 'accepted' && offer.agreed !== null) {
    if (offer.bookingId && offer.bookingStatus === 'held')
      return (
        <ButtonLink
          size="sm"
          variant="primary"
          to={paths.dashboard.payment(offer.bookingId)}
          aria-label={of(m.continuePayment)}
        >
          {m.continuePayment}
        </ButtonLink>
      )
    if (!offer.bookingId)
      return (
        <Button
          size="sm"
          variant="primary"
          aria-label={of(m.payNow)}
          onClick={() => onPayNow({ _id: offer.product._id, title: offer.product.title, resell_price: offer.agreed! })}
        >
          {m.payNow}
        </Button>
      )
  }
  return null
}

/** The deadline that matters now: when a standing offer expires, or until when an accepted one holds the bag. */
function Deadline({ offer, side }: { offer: Offer; side: OfferRole }) {
  if (offer.status === 'pending' || offer.status === 'countered')
    return <OfferCountdown label={m.expiresIn} at={offer.expiresAt} className="text-xs sm:text-sm" />
  if (
    offer.status === 'accepted' &&
    offer.holdUntil &&
    (offer.bookingStatus === null || offer.bookingStatus === 'held')
  )
    return (
      <OfferCountdown
        label={side === 'buyer' ? m.heldUntil : m.heldForBuyerUntil}
        at={offer.holdUntil}
        className="text-xs sm:text-sm"
      />
    )
  return null
}

function OfferCard(props: CardProps) {
  const { offer, side } = props
  const status = side === 'seller' ? m.statusForSeller[offer.status] : m.status[offer.status]
  return (
    <li className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:gap-4 sm:p-4">
      <img
        src={offer.product.img}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className="size-20 shrink-0 rounded-field bg-base-200 object-cover sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h2 className="min-w-0 text-base font-semibold break-words">
            <Link to={paths.product(offer.product._id)} className="link link-hover">
              {offer.product.title}
            </Link>
          </h2>
          <Badge tone={TONES[offer.status]}>{status}</Badge>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm tabular-nums">
          <span>{m.offerLine(formatPrice(offer.amount))}</span>
          {offer.counter !== null ? <span>{m.counterLine(formatPrice(offer.counter))}</span> : null}
          {offer.agreed !== null ? (
            <span className="font-semibold">{m.agreedLine(formatPrice(offer.agreed))}</span>
          ) : null}
          <span className="text-base-content/70">{m.priceLine(formatPrice(offer.product.price))}</span>
        </p>
        <p className="text-sm text-base-content/75">
          {side === 'seller' ? m.fromBuyer(offer.buyer.name) : m.toSeller(offer.seller.name)}
        </p>
        <Deadline offer={offer} side={side} />
        <div className="flex flex-wrap gap-2 empty:hidden">
          <Actions {...props} />
        </div>
      </div>
    </li>
  )
}

/**
 * My Offers (buyer) and Offers Received (seller): each offer with where it stands, its countdown and the
 * moves this party may make now; "Load more" while the `Link` header has a next page. Live 'offer' events (and a poll
 * while the stream is down) keep it current.
 */
export function OffersList({ side, onPayNow }: { side: OfferRole; onPayNow: PayNow }) {
  const offers = useMyOffersPages(side)
  useOffersLive()
  const move = useOfferMove()
  const [pending, setPending] = useState<Pending | null>(null)
  const [countering, setCountering] = useState<Offer | null>(null)
  const [counterOpened, setCounterOpened] = useState(false)
  if (countering && !counterOpened) setCounterOpened(true)
  if (offers.isError && !offers.data) throw offers.error
  if (!offers.data) return <Loading className="py-12" />
  const rows = offers.data.pages.flatMap((page) => page.data)
  const confirm = () => {
    if (!pending) return
    move.mutate(
      { id: pending.offer._id, move: pending.move },
      {
        onSuccess: () => toast.success(pending.done),
        onError: (error) => toast.error(error.message),
        onSettled: () => setPending(null),
      },
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          icon={<HandCoins className="size-7" />}
          title={side === 'seller' ? m.noOffersReceived : m.noOffersMade}
          description={side === 'seller' ? m.noOffersReceivedHint : m.noOffersMadeHint}
          action={
            side === 'buyer' ? (
              <ButtonLink to={paths.search()} variant="primary" size="sm">
                Find a bag
              </ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2" aria-label={side === 'seller' ? m.offersReceived : m.myOffers}>
          {rows.map((offer) => (
            <OfferCard
              key={offer._id}
              offer={offer}
              side={side}
              onPayNow={onPayNow}
              ask={setPending}
              counter={() => setCountering(offer)}
            />
          ))}
        </ul>
      )}
      {offers.hasNextPage ? (
        <Button
          variant="subtle"
          className="self-center"
          disabled={offers.isFetchingNextPage}
          aria-busy={offers.isFetchingNextPage || undefined}
          onClick={() => void offers.fetchNextPage()}
        >
          {offers.isFetchingNextPage ? (
            <span aria-hidden="true" className="loading loading-spinner loading-sm" />
          ) : null}
          {m.loadMore}
        </Button>
      ) : null}
      <ActionDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        message={pending?.message ?? ''}
        confirmLabel={pending?.label ?? ''}
        tone={pending?.move === 'accept' ? 'primary' : 'danger'}
        busy={move.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      {counterOpened ? <CounterDialog offer={countering} onClose={() => setCountering(null)} /> : null}
    </div>
  )
}
