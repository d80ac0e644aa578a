import type { Address } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import { useId } from 'react'
import { Field, FieldError } from '@/components/ui/field'
import { cn } from '@/lib/cn'
import { COMMON_COUNTRIES, COUNTRIES, countryName } from '../countries'

export type AddressField = keyof Address
export type AddressValues = Record<AddressField, string>
export type AddressErrors = Partial<Record<AddressField | 'form', string>>

export const EMPTY_ADDRESS: AddressValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  postcode: '',
  country: '',
  phone: '',
}

/** The form's values of an address (an absent line2 is an empty field). */
export const addressValues = (a: Address): AddressValues => ({ ...a, line2: a.line2 ?? '' })

/**
 * The shared addressSchema's verdict on the form: the cleaned address, or the first message of each field (shown
 * under it). The schema downloads with the first check, not with the page.
 */
export async function checkAddress(
  values: AddressValues,
): Promise<{ address: Address; errors?: undefined } | { address?: undefined; errors: AddressErrors }> {
  const { addressSchema } = await import('@preloved/shared/addresses')
  const parsed = addressSchema.safeParse(values)
  if (parsed.success) return { address: parsed.data }
  const errors: AddressErrors = {}
  for (const issue of parsed.error.issues) errors[String(issue.path[0]) as AddressField] ??= issue.message
  return { errors }
}

type AddressFieldsProps = {
  values: AddressValues
  errors: AddressErrors
  onChange: (field: AddressField, value: string) => void
  disabled?: boolean
}

/**
 * The labelled fields of a delivery address with their errors under them and the browser's autofill names (docs/product/storefront.md#accessibility):
 * name, street, apartment (optional), city, postcode, country (the common ones first) and phone.
 */
export function AddressFields({ values, errors, onChange, disabled }: AddressFieldsProps) {
  const set = (field: AddressField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange(field, event.target.value)
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        label="Full name"
        className="sm:col-span-2"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        disabled={disabled}
        maxLength={80}
      />
      <Field
        label="Street and number"
        className="sm:col-span-2"
        autoComplete="address-line1"
        value={values.line1}
        onChange={set('line1')}
        error={errors.line1}
        disabled={disabled}
        maxLength={120}
      />
      <Field
        label="Apartment, suite, floor (optional)"
        className="sm:col-span-2"
        autoComplete="address-line2"
        value={values.line2}
        onChange={set('line2')}
        error={errors.line2}
        disabled={disabled}
        maxLength={120}
      />
      <Field
        label="Town or city"
        autoComplete="address-level2"
        value={values.city}
        onChange={set('city')}
        error={errors.city}
        disabled={disabled}
        maxLength={80}
      />
      <Field
        label="Postcode"
        autoComplete="postal-code"
        value={values.postcode}
        onChange={set('postcode')}
        error={errors.postcode}
        disabled={disabled}
        maxLength={16}
      />
      <CountrySelect value={values.country} onChange={set('country')} error={errors.country} disabled={disabled} />
      <Field
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="For the carrier only."
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        disabled={disabled}
        maxLength={30}
      />
    </div>
  )
}

function CountrySelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void
  error?: string | undefined
  disabled?: boolean | undefined
}) {
  const id = useId()
  const errorId = `${id}-error`
  const common = new Set<string>(COMMON_COUNTRIES)
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Country
      </label>
      <select
        id={id}
        autoComplete="country"
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn('select w-full bg-base-100 text-base', error && 'select-error')}
      >
        <option value="">Choose…</option>
        <optgroup label="Common">
          {COMMON_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </optgroup>
        <optgroup label={messages.addresses.countryOther}>
          {COUNTRIES.filter((c) => !common.has(c.code)).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </optgroup>
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

/** An address as the lines a label shows. */
export function AddressLines({ address, className }: { address: Address; className?: string }) {
  return (
    <address className={cn('flex flex-col not-italic', className)}>
      <span className="font-medium">{address.name}</span>
      <span>{address.line1}</span>
      {address.line2 ? <span>{address.line2}</span> : null}
      <span>
        {address.postcode} {address.city}
      </span>
      <span>{countryName(address.country)}</span>
      <span className="text-base-content/75">{address.phone}</span>
    </address>
  )
}
