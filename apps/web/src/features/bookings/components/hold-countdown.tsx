import { useQueryClient } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '@/lib/cn'
import { formatCountdown } from '@/lib/format-countdown'
import { formatDay, formatTime } from '@/lib/format-date'
import { useHydrated } from '@/lib/use-hydrated'

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/**
 * The time now, once a second while `running` and until `until` has passed (the browser only: the server's HTML
 * shows the end time alone).
 */
function useNow(running: boolean, until: number): number | undefined {
  const hydrated = useHydrated()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    let timer: number | undefined
    const tick = () => {
      const time = Date.now()
      setNow(time)
      if (time >= until) window.clearInterval(timer)
    }
    timer = window.setInterval(tick, 1000)
    tick()
    return () => window.clearInterval(timer)
  }, [running, until])
  return hydrated ? now : undefined
}

/**
 * The time left of a hold ending at `expiresAt`, and whether it has ended (false until the browser knows): the page
 * holding it hides Pay once it has. The clock ticks only while `active` (a live hold), and stops at the end.
 */
export function useHoldClock(expiresAt: string, active = true) {
  const end = new Date(expiresAt).getTime()
  const now = useNow(active, end)
  const left = now === undefined ? undefined : end - now
  return { left, ended: left !== undefined && left <= 0 }
}

type HoldClock = ReturnType<typeof useHoldClock>
type HoldCountdownProps = {
  expiresAt: string
  clock: HoldClock
  className?: string
  /** A payment hold (docs/decisions/034): the window to pay in, not a hold of the bag. */
  paymentWindow?: boolean
}

/**
 * 'Held for you until 19:20' (with the date when the hold does not end today) and the time left, counting down each
 * second. The count is a `timer` (not announced as it changes); a screen reader reads it on demand.
 * When it reaches zero the viewer's orders are read again from the server, whose answer says the hold expired.
 */
export function HoldCountdown({ expiresAt, clock: { left, ended }, className, paymentWindow }: HoldCountdownProps) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: ['bookings'] })
  }, [ended, queryClient])
  const end = new Date(expiresAt)
  const otherDay = left !== undefined && !sameDay(end, new Date())
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)}>
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      {ended ? (
        <span className="font-medium" data-testid="hold-ended">
          {paymentWindow ? 'Your payment window has ended' : 'Your hold has ended'}
        </span>
      ) : (
        <>
          <span>
            {paymentWindow ? 'Pay by' : 'Held for you until'} <time dateTime={expiresAt}>{formatTime(expiresAt)}</time>
            {otherDay ? ` on ${formatDay(expiresAt)}` : null}
          </span>
          {left !== undefined ? (
            <span role="timer" className="font-semibold tabular-nums" data-testid="hold-countdown">
              ({formatCountdown(left)} left)
            </span>
          ) : null}
        </>
      )}
    </span>
  )
}
