import { zodResolver } from '@hookform/resolvers/zod'
import { type Address, addressSchema } from '@preloved/shared/addresses'
import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { toast } from '@/lib/notify'
import { useOrderAddress } from '../api/orders'

const f = t.addressFields

/**
 * The buyer's delivery address for a paid order that has none yet (the original payment call without it): PUT
 * /api/orders/{id}/address, checked first with the shared addressSchema, whose messages show under each field.
 */
export function OrderAddressForm({ orderId }: { orderId: string }) {
  const save = useOrderAddress(orderId)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof addressSchema>, unknown, Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: { name: '', line1: '', line2: '', city: '', postcode: '', country: '', phone: '' },
  })
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast.success(t.actions.addressSaved),
      onError: (error) => setError('root', { message: error.message }),
    }),
  )
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="order-address-title">
      <h3 id="order-address-title" className="text-base font-semibold">
        {t.actions.addressLead}
      </h3>
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
      <Button
        type="submit"
        variant="primary"
        className="self-start"
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
        {t.actions.addressSave}
      </Button>
    </form>
  )
}
