/** 'mm:ss' (or 'h:mm:ss' from an hour on) of a number of milliseconds, never below zero. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
  return hours > 0 ? `${hours}:${mmss}` : mmss
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The time left before a deadline days away, in words as a phone fits them (the order pages): '2 days 3 h',
 * '1 day', '5 h 20 min', '42 min'; under ten minutes the seconds count too ('09:59', as `formatCountdown`). Null when
 * the time is up. Minutes round up (a started minute still counts), so the text never says less than is left.
 */
export function formatTimeLeft(ms: number): string | null {
  if (ms <= 0) return null
  if (ms < 10 * 60_000) return formatCountdown(ms)
  const minutesLeft = Math.ceil(ms / 60_000)
  const days = Math.floor(minutesLeft / (24 * 60))
  const hours = Math.floor((minutesLeft % (24 * 60)) / 60)
  const minutes = minutesLeft % 60
  if (days > 0) return hours > 0 ? `${plural(days, 'day', 'days')} ${hours} h` : plural(days, 'day', 'days')
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  return `${minutes} min`
}
