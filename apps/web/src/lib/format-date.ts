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

/**
 * 'Tue 1 Dec, 17:00': a deadline with its weekday, in the viewer's time zone (or `timeZone`); '' when it is not a date.
 */
export function formatDeadline(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`
}

/** '1 Dec 2026, 17:05': a moment on a timeline or a receipt, in the viewer's time zone (or `timeZone`). */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`
}
