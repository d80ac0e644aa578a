import { offersMessages as m } from '@preloved/shared/messages/offers'
import { minOfferCents, offerCents } from '@preloved/shared/offers'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { Modal } from '@/components/ui/modal'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/notify'
import { useMakeOffer, useOfferRules } from '../api/offers'

export type OfferableBag = { _id: string; title: string; resell_price: number }

const AMOUNT = /^\s*\$?\s*(\d{1,9}(?:\.\d{1,2})?)\s*$/

/** What is wrong with the typed amount, in the API's own words, or nothing. */
function amountError(text: string, priceCents: number, lowestCents: number | undefined): string | undefined {
  if (text.trim() === '') return m.amountRequired
  const match = AMOUNT.exec(text.replace(/,/g, ''))
  if (!match) return 'amount must be an amount in dollars, with at most two decimals'
  const cents = offerCents(Number(match[1]))
  if (cents >= priceCents) return m.notBelowPrice(formatPrice(priceCents / 100))
  if (lowestCents !== undefined && cents < lowestCents)
    return `amount must be at least ${formatPrice(lowestCents / 100)}`
  return undefined
}

function OfferForm({ bag, onClose }: { bag: OfferableBag; onClose: () => void }) {
  const rules = useOfferRules()
  const makeOffer = useMakeOffer()
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const [alert, setAlert] = useState<string>()
  const priceCents = offerCents(bag.resell_price)
  const lowestCents = rules.data ? minOfferCents(priceCents, rules.data.minOfferPercent) : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAlert(undefined)
    const problem = amountError(text, priceCents, lowestCents)
    if (problem) {
      setError(problem)
      return
    }
    const amount = Number(AMOUNT.exec(text.replace(/,/g, ''))![1])
    makeOffer.mutate(
      { productId: bag._id, amount },
      {
        onSuccess: () => {
          toast.success(m.sent)
          onClose()
        },
        // the amount's refusals (400) go under the field; the bag's state (409) and the rest above the buttons
        onError: (e) => (isApiError(e) && e.statusCode === 400 ? setError(e.message) : setAlert(e.message)),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={m.listPrice} value={formatPrice(bag.resell_price)} disabled readOnly />
      <Field
        label={m.amountLabel}
        inputMode="decimal"
        autoComplete="off"
        required
        value={text}
        error={error}
        hint={lowestCents === undefined ? undefined : m.lowestAllowed(formatPrice(lowestCents / 100))}
        onChange={(event) => {
          setText(event.target.value)
          if (error) setError(undefined)
        }}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="subtle" onClick={onClose} disabled={makeOffer.isPending}>
          {m.cancel}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={makeOffer.isPending}
          aria-busy={makeOffer.isPending || undefined}
        >
          {makeOffer.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {m.send}
        </Button>
      </div>
    </form>
  )
}

/** "Make an offer": the price, the lowest offer allowed, the amount; errors under the field. */
export function MakeOfferDialog({ bag, onClose }: { bag: OfferableBag | null; onClose: () => void }) {
  const rules = useOfferRules()
  return (
    <Modal
      open={bag !== null}
      onClose={onClose}
      title={bag ? `${m.makeOffer}: ${bag.title}` : m.makeOffer}
      description={m.dialogDescription(rules.data?.offerHours ?? 48)}
    >
      {bag ? <OfferForm bag={bag} onClose={onClose} /> : null}
    </Modal>
  )
}
