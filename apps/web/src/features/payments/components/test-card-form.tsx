import type { TestCard } from '@preloved/shared/payments'
import { CreditCard, FlaskConical } from 'lucide-react'
import { type ComponentProps, useId, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { FieldError } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { isApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { usePayWithTestCard } from '../api/payments'
import type { CardFormProps } from './card-form-props'
import { PayButton } from './pay-button'

type CardFieldName = keyof TestCard

// The shared testCardSchema (its messages) and zod's resolver download when the shopper starts filling the form in,
// not with the payment page; the first check waits for them if they are not in yet.
let loadingResolver: Promise<Resolver<TestCard>> | undefined

function loadResolver(): Promise<Resolver<TestCard>> {
  if (!loadingResolver) {
    loadingResolver = Promise.all([import('@hookform/resolvers/zod'), import('@preloved/shared/payments')]).then(
      ([{ zodResolver }, { testCardSchema }]) => zodResolver(testCardSchema),
    )
    // a failed download is not kept: the next check tries again
    loadingResolver.catch(() => {
      loadingResolver = undefined
    })
  }
  return loadingResolver
}

const testCardResolver: Resolver<TestCard> = async (values, context, options) =>
  (await loadResolver())(values, context, options)

// The processor names the field it refuses (402 { code: 'card_number' | ... }).
const FIELD_OF_CODE: Record<string, CardFieldName> = {
  card_number: 'number',
  card_expiry: 'expiry',
  card_cvc: 'cvc',
  card_zip: 'zip',
}

type CardInputProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string
  invalid: boolean
  /** The field's own message (a missing value); the processor's refusal shows under the form. */
  message?: string | undefined
  describedBy?: string | undefined
}

function CardInput({ label, invalid, message, describedBy, className, ...props }: CardInputProps) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [message ? messageId : null, invalid ? describedBy : null].filter(Boolean).join(' ') || undefined
        }
        className={cn('input w-full bg-base-100 font-mono text-base tracking-wide', invalid && 'input-error')}
        spellCheck={false}
        {...props}
      />
      <FieldError id={messageId} error={message} />
    </div>
  )
}

/**
 * The TEST MODE card form (docs/product/checkout.md#processors): only the processor's published test numbers work and no real card is ever
 * charged. The card goes to POST /api/test-processor/confirm and nowhere else (no storage, no log).
 */
export function TestCardForm({ clientSecret, bookingId, price, billing, onPaid, onStale, beforePay }: CardFormProps) {
  const alertId = useId()
  const pay = usePayWithTestCard()
  const [preparing, setPreparing] = useState(false)
  const busy = pay.isPending || preparing
  const [refusal, setRefusal] = useState<{ message: string; field: CardFieldName | undefined } | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TestCard>({
    resolver: testCardResolver,
    defaultValues: { number: '', expiry: '', cvc: '', zip: '' },
  })

  const charge = async (card: TestCard) => {
    // docs/product/checkout.md#payment: nothing happens while the processor is not ready
    if (!clientSecret || busy) return
    setRefusal(null)
    let secret: string | null = clientSecret
    if (beforePay) {
      setPreparing(true)
      try {
        secret = await beforePay(true)
      } catch (error) {
        setRefusal({ message: (error as Error).message, field: undefined })
        secret = null
      } finally {
        setPreparing(false)
      }
    }
    if (!secret) return
    pay.mutate(
      { clientSecret: secret, card, billing, bookingId, price },
      {
        onSuccess: ({ transactionId }) => {
          reset() // the card leaves memory with the form
          onPaid(transactionId)
        },
        onError: (error) => {
          const field = isApiError(error) && error.code ? FIELD_OF_CODE[error.code] : undefined
          setRefusal({ message: error.message, field })
          // the message names the fresh amount; the summary above shows it once the new intent is in
          if (isApiError(error) && error.code === 'intent_superseded') onStale?.()
        },
      },
    )
  }
  // the card and what the page checks before paying (the delivery address) show their messages together
  const onSubmit = handleSubmit(charge, () => void beforePay?.(false).catch(() => null))

  const ready = Boolean(clientSecret)
  const fieldProps = (name: CardFieldName) => ({
    invalid: Boolean(errors[name]) || refusal?.field === name,
    message: errors[name]?.message,
    describedBy: refusal ? alertId : undefined,
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadResolver().catch(() => undefined)}
      className="flex flex-col gap-5"
      aria-label="Card payment"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
          Card details
        </h2>
        <span className="badge gap-1 border-warning/40 bg-warning/15 font-semibold tracking-wide text-base-content">
          <FlaskConical aria-hidden="true" className="size-3.5" />
          TEST MODE
        </span>
      </div>
      <p className="rounded-field border border-dashed border-base-300 bg-base-200/60 px-3.5 py-2.5 text-sm text-base-content/85">
        Use 4242 4242 4242 4242 with any future date, any 3-digit CVC and any ZIP. No real card is charged.
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
        <CardInput
          label="Card number"
          className="col-span-2 sm:col-span-6"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          {...fieldProps('number')}
          {...register('number')}
        />
        <CardInput
          label="Expiry (MM/YY)"
          className="sm:col-span-2"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={7}
          {...fieldProps('expiry')}
          {...register('expiry')}
        />
        <CardInput
          label="CVC"
          className="sm:col-span-2"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          {...fieldProps('cvc')}
          {...register('cvc')}
        />
        <CardInput
          label="ZIP"
          className="col-span-2 sm:col-span-2"
          autoComplete="postal-code"
          placeholder="10001"
          maxLength={10}
          {...fieldProps('zip')}
          {...register('zip')}
        />
      </div>
      <PayButton ready={ready} busy={busy} processing={pay.isPending} />
      {refusal ? (
        <div id={alertId}>
          <FormAlert>{refusal.message}</FormAlert>
        </div>
      ) : null}
    </form>
  )
}
