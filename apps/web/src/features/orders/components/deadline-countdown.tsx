import { Countdown } from '@/components/ui/countdown'

const ORDERS = ['orders'] as const

/** An order's deadline ("Ship by …") with its countdown; at zero the orders are read again (the server moved it). */
export function DeadlineCountdown(props: { label: string; at: string; className?: string }) {
  return <Countdown {...props} queryKey={ORDERS} testId="deadline" />
}
