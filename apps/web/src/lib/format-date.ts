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
