import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { formatPrice } from '@/lib/format'
import { type DollarsError, parseDollars } from '@/lib/money'

const t = moneyPagesMessages.amount

/** The words under the amount field for each way an amount in dollars can be wrong. */
export function amountErrorMessage(error: DollarsError, max: number): string {
  switch (error) {
    case 'required':
      return t.required
    case 'invalid':
      return t.invalid
    case 'positive':
      return t.positive
    case 'decimals':
      return t.decimals
    case 'tooHigh':
      return t.tooHigh(formatPrice(max))
  }
}

export type RefundInput = { amount: string; reason: string }
export type RefundChoice = { amount: number | undefined; reason: string }
export type RefundErrors = { amount?: string; reason?: string }

/**
 * The refund form's check: a reason is required; the amount is optional unless `amountRequired` (a partial refund),
 * and when given it is dollars above zero, in cents, and at most `max` (what was paid less earlier refunds).
 */
export function checkRefund(
  input: RefundInput,
  { max, amountRequired, reasonRequired }: { max: number; amountRequired: boolean; reasonRequired: string },
): { ok: true; value: RefundChoice } | { ok: false; errors: RefundErrors } {
  const errors: RefundErrors = {}
  let amount: number | undefined
  if (input.amount.trim() !== '' || amountRequired) {
    const parsed = parseDollars(input.amount, max)
    if (parsed.ok) amount = parsed.dollars
    else errors.amount = amountErrorMessage(parsed.error, max)
  }
  const reason = input.reason.trim()
  if (!reason) errors.reason = reasonRequired
  if (errors.amount || errors.reason) return { ok: false, errors }
  return { ok: true, value: { amount, reason } }
}

/** When the order's dispute was opened: the last move into `disputed` on its timeline (else when it was paid). */
export function disputedAt(order: { createdAt: string; timeline: { status: string; at: string }[] }): string {
  const entry = order.timeline.findLast((e) => e.status === 'disputed')
  return entry?.at ?? order.createdAt
}

/** Disputes oldest first: the longest-waiting buyer comes first. */
export function oldestDisputesFirst<T extends { createdAt: string; timeline: { status: string; at: string }[] }>(
  orders: readonly T[],
): T[] {
  return [...orders].sort((a, b) => Date.parse(disputedAt(a)) - Date.parse(disputedAt(b)))
}
