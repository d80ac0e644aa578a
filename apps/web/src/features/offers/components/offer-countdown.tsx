import { Countdown } from '@/components/ui/countdown'

const OFFERS = ['offers'] as const

/** An offer's deadline ("Expires …") with its countdown; at zero the offers are read again (the server moved it). */
export function OfferCountdown(props: { label: string; at: string; className?: string }) {
  return <Countdown {...props} queryKey={OFFERS} testId="offer-deadline" />
}
