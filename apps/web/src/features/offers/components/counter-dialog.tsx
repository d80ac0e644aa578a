import { offersMessages as m } from '@preloved/shared/messages/offers'
import { type Offer, offerCents } from '@preloved/shared/offers'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { Modal } from '@/components/ui/modal'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/notify'
import { useCounterOffer } from '../api/offers'

const AMOUNT = /^\s*\$?\s*(\d{1,9}(?:\.\d{1,2})?)\s*$/

function CounterForm({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const counter = useCounterOffer(offer._id)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const [alert, setAlert] = useState<string>()
  const range = m.counterRange(formatPrice(offer.amount), formatPrice(offer.product.price))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAlert(undefined)
    const match = AMOUNT.exec(text.replace(/,/g, ''))
    const cents = match ? offerCents(Number(match[1])) : Number.NaN
    if (!match || !(cents > offerCents(offer.amount) && cents < offerCents(offer.product.price))) {
      setError(text.trim() === '' ? m.amountRequired : range)
      return
    }
    counter.mutate(
      { amount: Number(match[1]) },
      {
        onSuccess: () => {
          toast.success(m.counterSent)
          onClose()
        },
        onError: (e) => (isApiError(e) && e.statusCode === 400 ? setError(e.message) : setAlert(e.message)),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label={m.counterLabel}
        inputMode="decimal"
        autoComplete="off"
        required
        value={text}
        error={error}
        hint={`Between ${formatPrice(offer.amount)} and ${formatPrice(offer.product.price)}.`}
        onChange={(event) => {
          setText(event.target.value)
          if (error) setError(undefined)
        }}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="subtle" onClick={onClose} disabled={counter.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" variant="primary" disabled={counter.isPending} aria-busy={counter.isPending || undefined}>
          {counter.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {m.sendCounter}
        </Button>
      </div>
    </form>
  )
}

/** The seller's counter-offer, once: above the buyer's offer and below the price; errors under the field. */
export function CounterDialog({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  return (
    <Modal
      open={offer !== null}
      onClose={onClose}
      title={m.counterTitle}
      description={
        offer ? m.counterDescription(formatPrice(offer.amount), formatPrice(offer.product.price)) : undefined
      }
    >
      {offer ? <CounterForm offer={offer} onClose={onClose} /> : null}
    </Modal>
  )
}
