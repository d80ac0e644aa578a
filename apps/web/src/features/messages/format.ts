const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** When a message was sent, as a chat shows it: the time today, the date before ('' for a bad timestamp). */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toDateString() === now.toDateString() ? time.format(date) : day.format(date)
}

/** The full date and time, for a tooltip and for screen readers. */
export function messageDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : full.format(date)
}

/** A one-line preview of a message's text for the inbox. */
export function preview(text: string, max = 90): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
