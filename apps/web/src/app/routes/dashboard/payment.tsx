import type { Booking } from '@preloved/shared/bookings'
import { FIRST_ORDER_DISCOUNT_RATE } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { PaymentIntent } from '@preloved/shared/payments'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck, ShieldCheck } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, useNavigation, useParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { addressesQueryOptions } from '@/features/addresses/api/addresses'
import { DeliveryAddress, type DeliveryAddressHandle } from '@/features/addresses/components/delivery-address'
import { bookingQueryOptions } from '@/features/bookings/api/get-booking'
import { HoldCountdown, useHoldClock } from '@/features/bookings/components/hold-countdown'
import { PaymentHoldNote } from '@/features/bookings/components/payment-hold-note'
import { usePaymentIntent, useSendDeliveryAddress } from '@/features/payments/api/payments'
import { TestCardForm } from '@/features/payments/components/test-card-form'
import { getAccessToken } from '@/lib/access-token'
import { sessionQueryOptions, useSession } from '@/lib/auth-client'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/notify'
import { publicConfigQueryOptions } from '@/lib/public-config'
import { queryClient } from '@/lib/query-client'
import { useAfterFirstPaint } from '@/lib/render-in-stages'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchForVisitor } from '@/lib/server-api.server'

// Stripe.js and Elements load only on an installation that uses Stripe (docs/product/checkout.md#processors)
const StripeCardForm = lazy(() =>
  import('@/features/payments/components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
)

/**
 * docs/product/storefront.md#api-rules: the booking is loaded by id before the page shows (GET /bookings/{id}, the caller's own), with which card
 * form to show (the page renders once with it). Without a session the guard sends the visitor to '/login'.
 */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    Promise.all([
      client.fetchQuery(bookingQueryOptions(args.params.id ?? '')).catch(throwRouteError),
      client.prefetchQuery(publicConfigQueryOptions()),
      // the saved delivery addresses, so that the default one shows picked on the first paint
      client.prefetchQuery(addressesQueryOptions()),
    ]),
  )

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  // With a stored token the booking is asked for alongside the session (not after it); a failure then is read again.
  const booking = bookingQueryOptions(params.id ?? '')
  const [user] = await Promise.all([
    queryClient.ensureQueryData(sessionQueryOptions()),
    getAccessToken() ? queryClient.prefetchQuery(booking) : undefined,
    // one try: the page's own query retries a failure
    queryClient.prefetchQuery({ ...publicConfigQueryOptions(), retry: false }),
    getAccessToken() ? queryClient.prefetchQuery(addressesQueryOptions()) : undefined,
  ])
  if (user) await queryClient.ensureQueryData(booking).catch(throwRouteError)
  return { dehydrated: undefined }
}

/** A payment hold's window in whole minutes, as the server gave it (booked at `date`, ends at `expiresAt`). */
const windowMinutes = (booking: Booking) =>
  Math.max(1, Math.round((Date.parse(booking.expiresAt) - Date.parse(booking.date)) / 60_000))

type SummaryProps = { booking: Booking; intent: PaymentIntent | undefined; waiting: boolean }

/**
 * The bag, its price, the first-order discount when the server applies it (docs/product/checkout.md#payment), and the total: for a paid
 * order, what was charged as the server recorded it.
 */
function Summary({ booking, intent, waiting }: SummaryProps) {
  const paid = booking.amountPaid !== null
  const discount = paid ? booking.discount : (intent?.discount ?? 0)
  return (
    <div className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <img
        src={booking.img}
        alt=""
        width={160}
        height={120}
        className="aspect-[4/3] h-20 w-28 shrink-0 rounded-field bg-base-200 object-cover sm:h-24 sm:w-32"
      />
      <dl className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-base-content/75">Price</dt>
          <dd className="tabular-nums">{formatPrice(paid ? booking.price : (intent?.price ?? booking.price))}</dd>
        </div>
        {discount > 0 ? (
          <div className="flex justify-between gap-3 text-success" data-testid="discount-line">
            <dt>First order discount ({FIRST_ORDER_DISCOUNT_RATE}):</dt>
            <dd className="whitespace-nowrap tabular-nums">−{formatPrice(discount)}</dd>
          </div>
        ) : null}
        <div className="mt-1 flex justify-between gap-3 border-t border-base-300 pt-2 text-base font-semibold">
          <dt>{paid ? 'Paid' : 'Total'}</dt>
          <dd className="tabular-nums">
            {booking.amountPaid !== null ? (
              formatPrice(booking.amountPaid)
            ) : intent ? (
              formatPrice(intent.amount)
            ) : waiting ? (
              <Skeleton className="inline-block h-5 w-16 align-middle" />
            ) : (
              formatPrice(booking.price)
            )}
          </dd>
        </div>
      </dl>
    </div>
  )
}

function Paid({ transactionId }: { transactionId?: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-box border border-success/30 bg-success/8 p-5">
      <p role="status" className="flex items-center gap-2 text-lg font-semibold text-success">
        <CircleCheck aria-hidden="true" className="size-6" />
        {transactionId ? messages.payments.success : messages.payments.alreadyPaid}
      </p>
      {transactionId ? (
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-base-content/80">{messages.payments.transactionId}</span>
          <code
            className="rounded-field bg-base-100 px-2 py-1 font-mono text-sm break-all"
            data-testid="transaction-id"
          >
            {transactionId}
          </code>
        </p>
      ) : null}
      <ButtonLink to={paths.dashboard.myOrders()} variant="primary" size="sm">
        Back to My Orders
      </ButtonLink>
    </div>
  )
}

function CannotPay({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <FormAlert>{message}</FormAlert>
      <ButtonLink to={paths.dashboard.myOrders()} variant="outline" size="sm">
        Back to My Orders
      </ButtonLink>
    </div>
  )
}

/** '/dashboard/payment/:id' (the booking id): docs/product/checkout.md#payment, with the test-mode card form (docs/product/checkout.md#processors). */
export default function PaymentRoute() {
  const { id = '' } = useParams()
  const navigation = useNavigation()
  const { user } = useSession()
  const bookingQuery = useQuery(bookingQueryOptions(id))
  const [transactionId, setTransactionId] = useState<string>()
  const booking = bookingQuery.data
  // the hold's live countdown: at zero the form goes, and the page says the hold ended
  const clock = useHoldClock(booking?.expiresAt ?? '', booking?.status === 'held' && !transactionId)
  const holdEnded = booking?.status === 'held' && clock.ended
  const payable = booking?.status === 'held' && !booking.soldToSomeoneElse && !transactionId && !holdEnded
  // the page (its title, the bag, the price) paints first; then the payment is opened with the card processor
  const painted = useAfterFirstPaint()
  const intent = usePaymentIntent(id, payable && painted)
  const config = useQuery(publicConfigQueryOptions())
  const publishableKey = config.data?.payments.publishableKey
  // the delivery address goes with the payment; the page pays only with a valid one
  const delivery = useRef<DeliveryAddressHandle>(null)
  const sendAddress = useSendDeliveryAddress(id)
  const beforePay = async (cardValid: boolean) => {
    const choice = await delivery.current?.resolve()
    if (!choice || !cardValid) return null
    const fresh = await sendAddress.mutateAsync(choice)
    if (choice.save && fresh.addressSaved === false) toast.error(messages.addresses.addressBookFull)
    // The amount changed meanwhile (the first-order discount moved or was used): the page now shows the fresh
    // amount, and the card is offered the intent the buyer saw, which the processor refuses (nothing is charged)
    // with the reason and the new amount; Pay again pays the amount shown.
    if (intent.data && fresh.amount !== intent.data.amount) return intent.data.clientSecret
    return fresh.clientSecret
  }
  if (bookingQuery.isError && !booking) throw bookingQuery.error

  if (!booking) return <Loading className="py-16" />

  let body: ReactNode
  let showsForm = false
  if (transactionId) body = <Paid transactionId={transactionId} />
  else if (booking.status === 'paid') body = <Paid />
  else if (booking.soldToSomeoneElse)
    body = (
      <CannotPay message={booking.paymentHold ? messages.payments.paidFirstByOther : messages.payments.soldToOther} />
    )
  else if (booking.status === 'expired' || holdEnded)
    body = (
      <CannotPay
        message={
          booking.paymentHold
            ? messages.bookings.paymentHoldEnded
            : `${messages.bookings.holdExpired}: book the bag again from My Orders if it is still for sale.`
        }
      />
    )
  else if (booking.status === 'cancelled')
    body = <CannotPay message="This order was cancelled: the listing is no longer for sale." />
  else if (intent.isError) body = <CannotPay message={intent.error.message} />
  else {
    showsForm = true
    const formProps = {
      clientSecret: intent.data?.clientSecret,
      bookingId: booking._id,
      price: intent.data?.amount ?? booking.price,
      billing: { name: user?.name ?? booking.customer, email: user?.email ?? booking.email },
      onPaid: setTransactionId,
      // the amount is no longer valid (the first-order discount moved to another bag): the fresh intent is loaded
      onStale: () => void intent.refetch(),
      beforePay,
    }
    // The installation's processor (its public config, read by the loader) decides the form from the first render;
    // the intent, asked for after the first paint, only enables paying.
    const provider = intent.data?.provider ?? config.data?.payments.provider
    body =
      provider === 'stripe' && publishableKey ? (
        <Suspense fallback={<Loading label="Loading the card form" className="py-8" />}>
          <StripeCardForm publishableKey={publishableKey} {...formProps} />
        </Suspense>
      ) : provider === 'stripe' || provider === undefined ? (
        <Loading label="Loading the card form" className="py-8" />
      ) : (
        <TestCardForm {...formProps} />
      )
  }

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <title>{`Payment for ${booking.bag} | Preloved Bags Co.`}</title>
      {navigation.state === 'loading' ? (
        <Loading label="Loading the next page" size="sm" className="fixed top-20 right-6 z-40" />
      ) : null}
      <ButtonLink to={paths.dashboard.myOrders()} variant="ghost" size="sm" className="-ml-3 gap-1.5 self-start">
        <ArrowLeft aria-hidden="true" className="size-4" />
        My Orders
      </ButtonLink>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">Payment for {booking.bag}</h1>
        {payable && (intent.data || intent.isPending) ? (
          // the sentence is there from the start, only the amount waits: nothing below moves when it arrives
          <p className="text-base-content/85">
            Please pay{' '}
            {intent.data ? (
              <strong>{formatPrice(intent.data.amount)}</strong>
            ) : (
              <Skeleton inline className="h-4 w-14 align-middle" />
            )}{' '}
            for the bag you booked. Happy Shopping!
          </p>
        ) : null}
        {payable ? (
          <HoldCountdown
            expiresAt={booking.expiresAt}
            clock={clock}
            paymentWindow={booking.paymentHold}
            className="text-sm text-base-content/80"
          />
        ) : null}
      </div>
      {/* a payment hold (docs/decisions/034): a short window shared with other buyers; the first payment wins */}
      {payable && booking.paymentHold ? <PaymentHoldNote minutes={windowMinutes(booking)} /> : null}
      <Summary booking={booking} intent={intent.data} waiting={payable && intent.isPending} />
      {showsForm ? <DeliveryAddress ref={delivery} /> : null}
      {showsForm ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">{body}</div>
      ) : (
        body
      )}
      <p className="flex items-center gap-2 text-xs text-base-content/65">
        <ShieldCheck aria-hidden="true" className="size-4" />
        Your card is sent to the card processor only; we never store card details.
      </p>
    </section>
  )
}
