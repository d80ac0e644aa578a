import type { Booking } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { CircleCheck, CreditCard, RotateCcw } from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { type Column, DataTable, indexColumn, TableThumb } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/toast'
import { useCreateBooking } from '../api/bookings'
import { HoldCountdown, useHoldClock } from './hold-countdown'

/**
 * An expired hold on a bag still for sale: book it again with the same details; while the bag cools down that gives
 * a payment window, and the payment page opens.
 */
function BookAgain({ booking }: { booking: Booking }) {
  const createBooking = useCreateBooking()
  const navigate = useNavigate()
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={createBooking.isPending}
      onClick={() =>
        createBooking.mutate(
          {
            product_id: booking.product_id,
            customer: booking.customer,
            number: booking.number,
            location: booking.location,
          },
          {
            onSuccess: (result) => {
              toast.success(messages.bookings.confirmed)
              // the bag cools down (docs/decisions/034): a short payment window, so straight to paying
              if (result.hold === 'payment') navigate(paths.dashboard.payment(result.insertedId))
            },
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      <RotateCcw aria-hidden="true" className="size-4" />
      Book again<span className="sr-only"> {booking.bag}</span>
    </Button>
  )
}

/** A live hold: Pay, and the time it ends with a countdown; at zero, the hold's end (until the server's answer). */
function Held({ booking }: { booking: Booking }) {
  const clock = useHoldClock(booking.expiresAt)
  return (
    <div className="flex flex-col items-start gap-1.5">
      {clock.ended ? null : (
        <ButtonLink to={paths.dashboard.payment(booking._id)} variant="primary" size="sm" className="min-w-20 gap-1.5">
          <CreditCard aria-hidden="true" className="size-4" />
          Pay<span className="sr-only"> for {booking.bag}</span>
        </ButtonLink>
      )}
      <HoldCountdown
        expiresAt={booking.expiresAt}
        clock={clock}
        paymentWindow={booking.paymentHold}
        className="text-xs text-base-content/75"
      />
    </div>
  )
}

/** What a paid row shows under 'Paid' (the order's state, linking to its page), from the page. */
export type PaidOrderSlot = (booking: Booking) => ReactNode

/** My Orders' payment status (docs/product/checkout.md#my-orders): Pay (held), 'Paid', or why it can no longer be paid. */
function PaymentStatus({ booking, paidOrder }: { booking: Booking; paidOrder?: PaidOrderSlot | undefined }) {
  if (booking.status === 'paid') {
    return (
      <div className="flex flex-col items-start gap-1.5">
        <Badge tone="success" className="gap-1 badge-md">
          <CircleCheck aria-hidden="true" className="size-3.5" />
          Paid
        </Badge>
        {paidOrder?.(booking)}
      </div>
    )
  }
  if (booking.soldToSomeoneElse) {
    return <span className="text-sm font-medium text-base-content/75">Sold to another customer</span>
  }
  if (booking.status === 'held') return <Held booking={booking} />
  if (booking.status === 'expired') {
    return (
      <div className="flex flex-col items-start gap-1.5">
        <span className="text-sm font-medium text-base-content/80">{messages.bookings.holdExpired}</span>
        {booking.canBookAgain ? <BookAgain booking={booking} /> : null}
      </div>
    )
  }
  // a paid order cancelled or refunded later: its state and refund, linking to its order page
  if (booking.amountPaid !== null && paidOrder) {
    return <div className="flex flex-col items-start gap-1.5">{paidOrder(booking)}</div>
  }
  return <span className="text-sm font-medium text-base-content/75">Cancelled</span>
}

/**
 * The order's money as the server recorded it: the price, and for a paid order the first-order discount as its own
 * line and what was charged (never recomputed here: the server's figures).
 */
function OrderAmounts({ booking }: { booking: Booking }) {
  if (booking.amountPaid === null) return <span className="whitespace-nowrap">{formatPrice(booking.price)}</span>
  return (
    <dl className="flex flex-col gap-0.5 text-sm">
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="sr-only">Price</dt>
        <dd className="whitespace-nowrap">{formatPrice(booking.price)}</dd>
      </div>
      {booking.discount > 0 ? (
        <div className="flex flex-wrap justify-between gap-x-3 text-success">
          <dt>First-order discount</dt>
          <dd className="whitespace-nowrap">−{formatPrice(booking.discount)}</dd>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-between gap-x-3 font-semibold">
        <dt>Amount paid</dt>
        <dd className="whitespace-nowrap">{formatPrice(booking.amountPaid)}</dd>
      </div>
    </dl>
  )
}

const columnsWith = (paidOrder: PaidOrderSlot | undefined): Column<Booking>[] => [
  indexColumn(),
  { header: 'Image', cell: (b) => <TableThumb src={b.img} /> },
  {
    header: 'Item',
    cell: (b) => (
      <>
        {b.bag}
        {/* phones: the payment status under the item, instead of a column off the screen */}
        <div className="mt-2 font-normal sm:hidden">
          <PaymentStatus booking={b} paidOrder={paidOrder} />
        </div>
      </>
    ),
    rowHeader: true,
    className: 'min-w-36 max-w-72',
  },
  // amounts never break; on a phone the discount's label wraps instead of pushing the column off the screen
  { header: 'Price', cell: (b) => <OrderAmounts booking={b} />, className: 'tabular-nums' },
  {
    header: 'Payment',
    cell: (b) => <PaymentStatus booking={b} paidOrder={paidOrder} />,
    className: 'hidden min-w-48 sm:table-cell',
  },
]

type MyOrdersTableProps = { bookings: Booking[]; empty: ReactNode; paidOrder?: PaidOrderSlot }

export function MyOrdersTable({ bookings, empty, paidOrder }: MyOrdersTableProps) {
  const columns = useMemo(() => columnsWith(paidOrder), [paidOrder])
  return <DataTable caption="My Orders" columns={columns} rows={bookings} rowKey={(b) => b._id} empty={empty} />
}
