import { messages } from '@preloved/shared/messages'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { CreditCard } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '@/components/ui/form-alert'
import { usePayWithStripe } from '../api/payments'
import type { CardFormProps } from './card-form-props'
import { PayButton } from './pay-button'

type StripeCardFormProps = CardFormProps & { publishableKey: string }

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

/** Stripe Elements' card field (docs/product/checkout.md#processors): the card goes from the browser to Stripe, never to our server. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  )
}

function CardForm({ clientSecret, bookingId, price, billing, onPaid, onStale, beforePay }: CardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const pay = usePayWithStripe()
  const [error, setError] = useState<string | null>(null)
  const [preparing, setPreparing] = useState(false)
  const ready = Boolean(stripe && elements && clientSecret)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const card = elements?.getElement(CardElement)
    // docs/product/checkout.md#payment: nothing happens while Stripe or the payment secret is not ready
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
      <PayButton ready={ready} busy={pay.isPending || preparing} processing={pay.isPending} />
      {error ? <FormAlert>{error}</FormAlert> : null}
    </form>
  )
}
