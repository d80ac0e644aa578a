import { messages } from '@preloved/shared/messages'
import { Timer } from 'lucide-react'
import { cn } from '@/lib/cn'

type PaymentHoldNoteProps = { minutes: number; className?: string }

/**
 * A bag cooling down after an unpaid hold ran out (docs/decisions/034): Book Now gives a payment window of `minutes`
 * that keeps nobody else out, and the first payment wins. Said where the buyer meets it: under Book Now, in the booking
 * form, on the payment page.
 */
export function PaymentHoldNote({ minutes, className }: PaymentHoldNoteProps) {
  return (
    <div
      className={cn('rounded-field border border-warning/50 bg-warning/10 px-3.5 py-3 text-sm', className)}
      data-testid="payment-hold-note"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Timer aria-hidden="true" className="size-4 shrink-0" />
        {messages.bookings.paymentHoldTitle(minutes)}
      </p>
      <p className="mt-1 text-base-content/85">{messages.bookings.paymentHoldNote}</p>
    </div>
  )
}
