import { zodResolver } from '@hookform/resolvers/zod'
import { type Address, addressSchema } from '@preloved/shared/addresses'
import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { toast } from '@/lib/notify'
import { useOrderAddress } from '../api/orders'

const f = t.addressFields

/**
 * The buyer's delivery address for a paid order: PUT /api/orders/{id}/address, checked first with the shared
 * addressSchema, whose messages show under each field. Without an address yet (the original payment call without it)
 * the form is open; with one (`current`), a button opens it filled in, to change it until the bag ships. It closes
 * once saved.
 */
export function OrderAddressForm({ orderId, current }: { orderId: string; current?: Order['address'] }) {
  const [open, setOpen] = useState(!current)
  if (!open)
    return (
      <Button variant="subtle" className="self-start" onClick={() => setOpen(true)}>
        {t.actions.addressChange}
      </Button>
    )
  return <AddressForm orderId={orderId} current={current ?? null} onDone={() => setOpen(false)} />
}

function AddressForm({
  orderId,
  current,
  onDone,
}: {
  orderId: string
  current: Order['address']
  /** Saved, or (when changing) left as it was. */
  onDone: () => void
}) {
  const save = useOrderAddress(orderId)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof addressSchema>, unknown, Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: { name: '', line1: '', line2: '', city: '', postcode: '', country: '', phone: '', ...current },
  })
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(current ? t.actions.addressChanged : t.actions.addressSaved)
        onDone()
      },
      onError: (error) => setError('root', { message: error.message }),
    }),
  )
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="order-address-title">
      <h3 id="order-address-title" className="text-base font-semibold">
        {current ? t.actions.addressChange : t.actions.addressLead}
      </h3>
      {current ? <p className="text-sm text-base-content/70">{t.actions.addressChangeLead}</p> : null}
      <Field label={f.name} autoComplete="shipping name" required error={errors.name?.message} {...register('name')} />
      <Field
        label={f.line1}
        autoComplete="shipping address-line1"
        required
        error={errors.line1?.message}
        {...register('line1')}
      />
      <Field
        label={f.line2}
        autoComplete="shipping address-line2"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={f.city}
          autoComplete="shipping address-level2"
          required
          error={errors.city?.message}
          {...register('city')}
        />
        <Field
          label={f.postcode}
          autoComplete="shipping postal-code"
          required
          error={errors.postcode?.message}
          {...register('postcode')}
        />
        <Field
          label={f.country}
          hint={f.countryHint}
          autoComplete="shipping country"
          maxLength={2}
          required
          error={errors.country?.message}
          {...register('country')}
        />
        <Field
          label={f.phone}
          type="tel"
          autoComplete="shipping tel"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      {errors.root?.message ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {t.actions.addressSave}
        </Button>
        {current ? (
          <Button variant="subtle" onClick={onDone}>
            {t.actions.close}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
