import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { toCents } from '@/lib/money'
import type { Earnings } from './api/earnings'

const t = moneyPagesMessages.earnings

/**
 * Why the Payout button is disabled, or null when a payout can go: something must be available (a balance below zero
 * after a refund counts as nothing), and there must be an account to pay it to.
 */
export function payoutBlocker(earnings: Pick<Earnings, 'available' | 'account'>): string | null {
  if (toCents(earnings.available) <= 0) return t.nothingAvailable
  if (!earnings.account) return t.noAccount
  return null
}

/**
 * The soonest date a line held in the new seller's reserve becomes available (after `now`), or null when nothing
 * waits: the Pending figure says when.
 */
export function nextAvailableAt(earnings: Pick<Earnings, 'entries'>, now = Date.now()): string | null {
  const waiting = earnings.entries
    .map((e) => e.availableAt)
    .filter((at): at is string => at !== null && Date.parse(at) > now)
    .sort((a, b) => Date.parse(a) - Date.parse(b))
  return waiting[0] ?? null
}
