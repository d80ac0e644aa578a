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

type OfferCountdownProps = { label: string; at: string; className?: string }

/**
 * "Expires Tue 1 Dec, 17:00 (1 day 3 h left)": an offer's deadline as a date in the viewer's time zone and a live
 * countdown (a `timer`, read on demand). At zero the offers are read again: the server has moved the offer.
 */
export function OfferCountdown({ label, at, className }: OfferCountdownProps) {
  const end = new Date(at).getTime()
  const now = useNow(end)
  const queryClient = useQueryClient()
  const left = now === undefined ? undefined : end - now
  const ended = left !== undefined && left <= 0
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: ['offers'] })
  }, [ended, queryClient])
  const text = left === undefined ? null : formatTimeLeft(left)
  return (
    <span
      className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)}
      data-testid="offer-deadline"
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        {label}{' '}
        <time dateTime={at} suppressHydrationWarning>
          {formatDeadline(at)}
        </time>
      </span>
      {left === undefined ? null : (
        <span role="timer" className="font-semibold tabular-nums">
          ({text ? `${text} left` : 'time is up'})
        </span>
      )}
    </span>
  )
}
