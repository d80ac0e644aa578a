import { messages } from '@preloved/shared/messages'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { CreditCard, Lock } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { usePayWithStripe } from '../api/payments'

type StripeCardFormProps = {
  publishableKey: string
  /** Undefined until the PaymentIntent is loaded: Pay waits for it (SPEC §4). */
  clientSecret: string | undefined
  bookingId: string
  price: number
  billing: { name: string; email: string }
  onPaid: (transactionId: string) => void
  /** The intent was cancelled by the server (its amount is no longer valid): the page loads the fresh one. */
  onStale?: () => void
  /** Called when Pay is pressed, before the card is charged: the client secret to charge, or null to stop. */
  beforePay?: (cardValid: boolean) => Promise<string | null>
}

// one Stripe.js per publishable key for the life of the page (Stripe asks for it to be loaded once)
const stripes = new Map<string, Promise<Stripe | null>>()
const stripeFor = (key: string) => {
  let stripe = stripes.get(key)
  if (!stripe) {
    stripe = loadStripe(key)
    stripes.set(key, stripe)
  }
  return stripe
}

/** Stripe Elements' card field (DESIGN §6): the card goes from the browser to Stripe, never to our server. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  )
}

function CardForm({
  clientSecret,
  bookingId,
  price,
  billing,
  onPaid,
  onStale,
  beforePay,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe()
  const elements = useElements()
  const pay = usePayWithStripe()
  const [error, setError] = useState<string | null>(null)
  const [preparing, setPreparing] = useState(false)
  const ready = Boolean(stripe && elements && clientSecret)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const card = elements?.getElement(CardElement)
    // SPEC §5: nothing happens while Stripe or the payment secret is not ready
    if (!stripe || !card || !clientSecret || pay.isPending || preparing) return
    setError(null)
    let secret: string | null = clientSecret
    if (beforePay) {
      setPreparing(true)
      try {
        secret = await beforePay(true)
      } catch (err) {
        setError((err as Error).message)
        secret = null
      } finally {
        setPreparing(false)
      }
    }
    if (!secret) return
    const clientSecretToCharge = secret
    pay.mutate(
      {
        billing,
        bookingId,
        price,
        confirm: async () => {
          const result = await stripe.confirmCardPayment(clientSecretToCharge, {
            payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
          })
          // paid before, but the page could not record it then: record that charge now
          const pi = result.paymentIntent ?? result.error?.payment_intent
          if (pi?.status === 'succeeded') return { intentId: pi.id, status: pi.status }
          if (pi?.status === 'canceled') {
            // superseded on the server (the first-order discount moved to another bag): load the fresh amount
            onStale?.()
            return { error: messages.payments.staleIntent, intentId: pi.id, status: pi.status }
          }
          return { error: result.error?.message, intentId: pi?.id, status: pi?.status }
        },
      },
      {
        onSuccess: ({ transactionId }) => {
          card.clear()
          onPaid(transactionId)
        },
        onError: (err) => setError(err.message),
      },
    )
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5"
      aria-label="Card payment"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CreditCard aria-hidden="true" className="size-5 text-primary" />
        Card details
      </h2>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Card</legend>
        <div className="input w-full bg-base-100 py-3 focus-within:outline-2 focus-within:outline-primary">
          <CardElement
            className="w-full"
            options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }}
            onChange={(e) => setError(e.error?.message ?? null)}
          />
        </div>
      </fieldset>
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={!ready || pay.isPending || preparing}
        className="gap-2"
      >
        {pay.isPending || preparing ? (
          <span aria-hidden="true" className="loading loading-spinner loading-sm" />
        ) : (
          <Lock aria-hidden="true" className="size-4" />
        )}
        Pay
      </Button>
      {pay.isPending ? (
        <p role="status" className="text-center text-sm text-base-content/75">
          Processing your payment…
        </p>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </form>
  )
}
