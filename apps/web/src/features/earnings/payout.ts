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
