import type { Address, SavedAddress } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import { MapPin } from 'lucide-react'
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { useAddresses } from '../api/addresses'
import {
  type AddressErrors,
  type AddressField,
  AddressFields,
  AddressLines,
  type AddressValues,
  checkAddress,
  EMPTY_ADDRESS,
} from './address-fields'

/** What the payment page sends with the payment: the address, and whether to keep it among the saved ones. */
export type DeliveryChoice = { address: Address; save: boolean }

export type DeliveryAddressHandle = {
  /** The chosen address, checked: null when it is not valid (the messages then show under the fields). */
  resolve(): Promise<DeliveryChoice | null>
}

const NEW = 'new'

const withoutId = ({ _id, isDefault, ...address }: SavedAddress): Address => address

/**
 * The payment page's "Delivery address": a saved address (radio cards, the default picked first)
 * or a new one with "Save this address". The page asks `resolve()` when Pay is pressed and pays only with an address.
 */
export function DeliveryAddress({ ref, disabled }: { ref?: Ref<DeliveryAddressHandle>; disabled?: boolean }) {
  const saved = useAddresses()
  const list = saved.data ?? []
  const headingId = useId()
  const [choice, setChoice] = useState<string | null>(null)
  const [values, setValues] = useState<AddressValues>(EMPTY_ADDRESS)
  const [errors, setErrors] = useState<AddressErrors>({})
  const [save, setSave] = useState(true)
  const [checked, setChecked] = useState(0)
  const section = useRef<HTMLElement>(null)
  // the default first, else the newest; a new address when none is saved (or the list could not be read)
  const fallback = list.find((a) => a.isDefault)?._id ?? list[0]?._id ?? NEW
  const selected = choice !== null && (choice === NEW || list.some((a) => a._id === choice)) ? choice : fallback

  useImperativeHandle(ref, () => ({
    async resolve() {
      const picked = list.find((a) => a._id === selected)
      if (selected !== NEW && picked) return { address: withoutId(picked), save: false }
      const result = await checkAddress(values)
      setErrors(result.errors ?? {})
      setChecked((n) => n + 1)
      return result.address ? { address: result.address, save } : null
    },
  }))

  // after a refused check, the first field in error takes the focus (its message is read with it)
  useEffect(() => {
    if (checked === 0) return
    section.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checked])

  const onChange = (field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <MapPin aria-hidden="true" className="size-5 text-primary" />
          {messages.addresses.deliveryHeading}
        </h2>
        <p className="text-sm text-base-content/80">{messages.addresses.deliveryHint}</p>
      </div>
      {saved.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : (
        <>
          {list.length > 0 ? (
            <fieldset className="flex flex-col gap-2.5" disabled={disabled}>
              <legend className="sr-only">{messages.addresses.chooseAddress}</legend>
              {list.map((a) => (
                <RadioCard key={a._id} name={headingId} checked={selected === a._id} onSelect={() => setChoice(a._id)}>
                  <div className="flex min-w-0 flex-1 items-start justify-between gap-3">
                    <AddressLines address={withoutId(a)} className="min-w-0 text-sm break-words" />
                    {a.isDefault ? <Badge tone="accent">{messages.addresses.defaultBadge}</Badge> : null}
                  </div>
                </RadioCard>
              ))}
              <RadioCard name={headingId} checked={selected === NEW} onSelect={() => setChoice(NEW)}>
                <span className="font-medium">{messages.addresses.newAddress}</span>
              </RadioCard>
            </fieldset>
          ) : null}
          {selected === NEW ? (
            <div className="flex flex-col gap-4">
              <AddressFields values={values} errors={errors} onChange={onChange} disabled={disabled} />
              <label className="flex cursor-pointer items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary checkbox-sm"
                  checked={save}
                  onChange={(e) => setSave(e.target.checked)}
                  disabled={disabled}
                />
                {messages.addresses.saveThisAddress}
              </label>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

function RadioCard({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string
  checked: boolean
  onSelect: () => void
  children: React.ReactNode
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-field border p-3.5 transition-colors',
        checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/30',
      )}
    >
      <input
        type="radio"
        name={name}
        className="radio radio-primary radio-sm mt-0.5"
        checked={checked}
        onChange={onSelect}
      />
      {children}
    </label>
  )
}
