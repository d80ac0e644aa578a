import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { useQueryClient } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '@/lib/cn'
import { formatTimeLeft } from '@/lib/format-countdown'
import { formatDeadline } from '@/lib/format-date'
import { useHydrated } from '@/lib/use-hydrated'

/** The time now in the browser (undefined in the server's HTML), ticking each second under ten minutes, else each 30 s. */
function useNow(until: number): number | undefined {
  const hydrated = useHydrated()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    let timer: number | undefined
    const schedule = () => {
      const time = Date.now()
      setNow(time)
      if (time >= until) return
      timer = window.setTimeout(schedule, until - time < 10 * 60_000 ? 1000 : 30_000)
    }
    schedule()
    return () => window.clearTimeout(timer)
  }, [until])
  return hydrated ? now : undefined
}

type CountdownProps = {
  label: string
  at: string
  className?: string
  /** Read again at zero: the server has moved the thing by then (an order, an offer). */
  queryKey: readonly string[]
  testId: string
}

/**
 * "Ship by Tue 1 Dec, 17:00 (2 days 3 h left)": a deadline as a date in the viewer's time zone and a live countdown
 * (a `timer`, read on demand, not announced as it changes). At zero `queryKey` is read again.
 */
export function Countdown({ label, at, className, queryKey, testId }: CountdownProps) {
  const end = new Date(at).getTime()
  const now = useNow(end)
  const queryClient = useQueryClient()
  const left = now === undefined ? undefined : end - now
  const ended = left !== undefined && left <= 0
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey })
  }, [ended, queryClient, queryKey])
  const text = left === undefined ? null : formatTimeLeft(left)
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)} data-testid={testId}>
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        {label}{' '}
        <time dateTime={at} suppressHydrationWarning>
          {formatDeadline(at)}
        </time>
      </span>
      {left === undefined ? null : (
        <span role="timer" className="font-semibold tabular-nums">
          ({text ? t.deadline.left(text) : t.deadline.timeUp})
        </span>
      )}
    </span>
  )
}
