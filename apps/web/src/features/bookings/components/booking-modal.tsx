import { zodResolver } from '@hookform/resolvers/zod'
import { type CreateBookingBody, createBookingBodySchema } from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/notify'
import { publicConfigQueryOptions } from '@/lib/public-config'
import { useBookingTerms, useCreateBooking } from '../api/bookings'
import { PaymentHoldNote } from './payment-hold-note'

export type BookableItem = { _id: string; title: string; resell_price: number }

type BookingModalProps = { item: BookableItem | null; onClose: () => void }

/**
 * docs/product/checkout.md#booking: open while `item` is set. While the bag cools down after an unpaid hold ran out
 * (docs/decisions/034), it says the payment window Book Now gives, and confirming goes straight to the payment page.
 */
export function BookingModal({ item, onClose }: BookingModalProps) {
  const terms = useBookingTerms(item?._id ?? '', item !== null)
  const paymentWindow = terms.data?.hold === 'payment' ? terms.data.minutes : undefined
  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={item?.title ?? ''}
      description={
        paymentWindow === undefined
          ? 'Book this bag: it is held for you while you pay.'
          : 'Book this bag, then pay straight away: other buyers can pay for it too.'
      }
    >
      {item ? <BookingForm item={item} onClose={onClose} paymentWindow={paymentWindow} /> : null}
    </Modal>
  )
}

/** What "Confirm Order" does, under it: the hold, then the payment. */
const holdNote = (minutes: number | undefined) =>
  `This holds the bag for you${minutes ? ` for ${minutes} minute${minutes === 1 ? '' : 's'}` : ''}; payment comes next.`

type BookingFormProps = { item: BookableItem; onClose: () => void; paymentWindow: number | undefined }

function BookingForm({ item, onClose, paymentWindow }: BookingFormProps) {
  const { user } = useSession()
  const formId = useId()
  const config = useQuery(publicConfigQueryOptions())
  const navigate = useNavigate()
  const createBooking = useCreateBooking()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateBookingBody>({
    resolver: zodResolver(createBookingBodySchema),
    defaultValues: { product_id: item._id, customer: user?.name ?? '', number: '', location: '' },
  })

  // docs/product/checkout.md#booking: acknowledged → 'Booking confirmed' and My Orders; otherwise the server's message as an error toast
  const onSubmit = handleSubmit((body) =>
    createBooking.mutate(body, {
      onSuccess: (result) => {
        if (!result.acknowledged) return
        toast.success(messages.bookings.confirmed)
        onClose()
        // a payment hold: straight to paying, its window is short
        navigate(result.hold === 'payment' ? paths.dashboard.payment(result.insertedId) : paths.dashboard.myOrders())
      },
      onError: (error) => toast.error(error.message),
    }),
  )

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="hidden" {...register('product_id')} />
      <div className="grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <Field label="Price" value={formatPrice(item.resell_price)} disabled readOnly />
        <Field label="Email" type="email" value={user?.email ?? ''} disabled readOnly />
      </div>
      <Field label="Name" autoComplete="name" error={errors.customer?.message} {...register('customer')} />
      <Field
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        error={errors.number?.message}
        {...register('number')}
      />
      <Field
        label="Preferred Location"
        autoComplete="address-level2"
        required
        error={errors.location?.message}
        {...register('location')}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={createBooking.isPending} aria-describedby={`${formId}-next`}>
          {createBooking.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          Confirm Order
        </Button>
      </div>
      {paymentWindow === undefined ? (
        <p id={`${formId}-next`} className="text-sm text-base-content/75 sm:text-right">
          {holdNote(config.data?.holdMinutes)}
        </p>
      ) : (
        <div id={`${formId}-next`}>
          <PaymentHoldNote minutes={paymentWindow} />
        </div>
      )}
    </form>
  )
}
