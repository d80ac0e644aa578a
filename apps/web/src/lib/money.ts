import { formatPrice } from './format'

// Money on the order pages (Earnings, admin Orders and Disputes): JSON carries dollars with two decimals,
// arithmetic here runs in whole cents so that 0.1 + 0.2 never shows as 0.30000000000000004.

/** Whole cents of a dollar amount from the API (rounded: JSON dollars have at most two decimals). */
export const toCents = (dollars: number): number => Math.round(dollars * 100)

/** A ledger amount with its sign spelled out: '+$12.00', '−$3.50' (a real minus sign), '$0.00'. */
export function formatSignedPrice(dollars: number): string {
  const cents = toCents(dollars)
  if (cents === 0) return formatPrice(0)
  const text = formatPrice(Math.abs(cents) / 100)
  return cents < 0 ? `−${text}` : `+${text}`
}

/** What is left to refund on an order: what the buyer paid less what was refunded already, never below zero. */
export const refundableDollars = (order: { amount: number; refunded: number }): number =>
  Math.max(0, toCents(order.amount) - toCents(order.refunded)) / 100

export type DollarsError = 'required' | 'invalid' | 'positive' | 'decimals' | 'tooHigh'
export type ParsedDollars = { ok: true; dollars: number; cents: number } | { ok: false; error: DollarsError }

/**
 * An amount typed in dollars ('25', '25.5', '$1,250.00'): more than zero, at most two decimals and, with `max`, at
 * most that many dollars. Checked in cents, so '0.1' + '0.2' style rounding cannot let one cent too many through.
 */
export function parseDollars(input: string, max?: number): ParsedDollars {
  const text = input.trim().replace(/^\$\s*/, '')
  if (text === '') return { ok: false, error: 'required' }
  // digits with optional thousands commas, an optional decimal part; nothing else (no sign, no exponent)
  const match = /^(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(text)
  if (!match || text === '.' || text.startsWith(',')) return { ok: false, error: 'invalid' }
  const [whole = '0', fraction = ''] = text.replaceAll(',', '').split('.')
  if (fraction.length > 2) return { ok: false, error: 'decimals' }
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return { ok: false, error: 'invalid' }
  if (cents <= 0) return { ok: false, error: 'positive' }
  if (max !== undefined && cents > toCents(max)) return { ok: false, error: 'tooHigh' }
  return { ok: true, dollars: cents / 100, cents }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** How long something has been open, in words: 'less than an hour', '5 hours', '1 day', '12 days'. */
export function formatAge(sinceIso: string, now: number = Date.now()): string {
  const since = new Date(sinceIso).getTime()
  if (Number.isNaN(since)) return ''
  const ms = Math.max(0, now - since)
  if (ms < HOUR) return 'less than an hour'
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR)
    return hours === 1 ? '1 hour' : `${hours} hours`
  }
  const days = Math.floor(ms / DAY)
  return days === 1 ? '1 day' : `${days} days`
}
