import { zodResolver } from '@hookform/resolvers/zod'
import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { CARRIERS, type ShipBody, shipBodySchema, TRACKING_MAX } from '@preloved/shared/orders'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { SelectField } from '@/components/ui/form-controls'
import { Modal } from '@/components/ui/modal'
import { toast } from '@/lib/notify'
import { useShipOrder } from '../api/orders'

const carrierOptions = [
  { value: '', label: t.actions.chooseCarrier },
  ...CARRIERS.map((c) => ({ value: c, label: t.carrierLabel(c) })),
]

function ShipForm({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const ship = useShipOrder(orderId)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof shipBodySchema>, unknown, ShipBody>({
    resolver: zodResolver(shipBodySchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  })
  const submit = handleSubmit((body) =>
    ship.mutate(body, {
      onSuccess: () => {
        toast.success(t.actions.shipped)
        onClose()
      },
      onError: (error) => setError('root', { message: error.message }),
    }),
  )
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <SelectField
        label={t.actions.carrier}
        options={carrierOptions}
        error={errors.carrier ? t.actions.chooseCarrier : undefined}
        required
        {...register('carrier')}
      />
      <Field
        label={t.actions.trackingNumber}
        autoComplete="off"
        maxLength={TRACKING_MAX}
        required
        error={
          errors.trackingNumber?.type === 'too_small' ? t.actions.trackingRequired : errors.trackingNumber?.message
        }
        {...register('trackingNumber')}
      />
      {errors.root?.message ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="subtle" onClick={onClose} disabled={ship.isPending}>
          {t.actions.close}
        </Button>
        <Button type="submit" variant="primary" disabled={ship.isPending} aria-busy={ship.isPending || undefined}>
          {ship.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {t.actions.shipConfirm}
        </Button>
      </div>
    </form>
  )
}

/** "Mark as shipped": the carrier (one of CARRIERS) and the tracking number, each error under its field. */
export function ShipDialog({ open, orderId, onClose }: { open: boolean; orderId: string; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={t.actions.shipTitle} description={t.actions.shipMessage}>
      <ShipForm orderId={orderId} onClose={onClose} />
    </Modal>
  )
}
