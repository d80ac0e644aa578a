const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** '12 Mar 2026'-style date of an ISO timestamp ('' when it is not a date). */
export function formatDay(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : day.format(date)
}

/** '14:32' of an ISO timestamp, in the viewer's time zone. */
export function formatTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : time.format(date)
}

const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** 'March 2026' of an ISO timestamp ('' when it is not a date): "Member since" on seller profiles. */
export function formatMonth(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : month.format(date)
}

type Part = Intl.DateTimeFormatPartTypes

/**
 * An ISO timestamp's parts as the 24-hour British clock names them (`fields`, hour and minute), in the viewer's time
 * zone (or `timeZone`), read one by one with `part`; null when it is not a date.
 */
function clockParts(
  iso: string,
  fields: Intl.DateTimeFormatOptions,
  timeZone?: string,
): ((type: Part) => string) | null {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const parts = new Intl.DateTimeFormat('en-GB', {
    ...fields,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date)
  return (type) => parts.find((p) => p.type === type)?.value ?? ''
}

/**
 * 'Tue 1 Dec, 17:00': a deadline with its weekday, in the viewer's time zone (or `timeZone`); '' when it is not a date.
 */
export function formatDeadline(iso: string, timeZone?: string): string {
  const part = clockParts(iso, { weekday: 'short', day: 'numeric', month: 'short' }, timeZone)
  return part ? `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}` : ''
}

/** '1 Dec 2026, 17:05': a moment on a timeline or a receipt, in the viewer's time zone (or `timeZone`). */
export function formatDateTime(iso: string, timeZone?: string): string {
  const part = clockParts(iso, { day: 'numeric', month: 'short', year: 'numeric' }, timeZone)
  return part ? `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}` : ''
}
