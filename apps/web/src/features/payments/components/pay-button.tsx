import { Lock } from 'lucide-react'
import { Button } from '@/components/ui/button'

type PayButtonProps = {
  /** The card form can be sent (the processor's script and the payment intent are there). */
  ready: boolean
  /** A payment is being prepared or sent: the button waits, with a spinner. */
  busy: boolean
  /** The card is being charged: a status line says so. */
  processing: boolean
}

/** The card form's submit button, "Pay", and the status line while the payment is processed. */
export function PayButton({ ready, busy, processing }: PayButtonProps) {
  return (
    <>
      <Button type="submit" variant="primary" size="lg" block disabled={!ready || busy} className="gap-2">
        {busy ? (
          <span aria-hidden="true" className="loading loading-spinner loading-sm" />
        ) : (
          <Lock aria-hidden="true" className="size-4" />
        )}
        Pay
      </Button>
      {processing ? (
        <p role="status" className="text-center text-sm text-base-content/75">
          Processing your payment…
        </p>
      ) : null}
    </>
  )
}
