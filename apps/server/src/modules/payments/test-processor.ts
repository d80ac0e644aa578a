import { messages } from '@preloved/shared/messages'
import type { TestCard } from '@preloved/shared/payments'

/** The card processor's published test numbers (docs/product/checkout.md#processors) and what each one does. */
const OUTCOMES: Record<string, 'succeeded' | keyof typeof messages.payments> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
  '4000000000000069': 'expiredCard',
  '4000000000000127': 'incorrectCvc',
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export type CardCheck =
  | { ok: true; last4: string }
  | { ok: false; field: 'number' | 'expiry' | 'cvc' | 'zip'; message: string }

/**
 * What the test-mode processor says about a card, as a card network would: the number must be a published test
 * number, the expiry a future MM/YY, the CVC three digits, and the postal code present. Pure: card data goes
 * nowhere but here.
 */
export function checkTestCard(card: TestCard, now: Date): CardCheck {
  const number = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { ok: false, field: 'number', message: messages.payments.cardNumberIncorrect }
  const outcome = OUTCOMES[number]
  if (!outcome) return { ok: false, field: 'number', message: messages.payments.notTestCard }
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim())
  const month = m ? Number(m[1]) : 0
  if (!m || month < 1 || month > 12) return { ok: false, field: 'expiry', message: messages.payments.expiryIncomplete }
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  // a card is valid through the last day of its expiry month
  if (new Date(Date.UTC(year, month, 1)) <= now)
    return { ok: false, field: 'expiry', message: messages.payments.expiryPast }
  if (!/^\d{3}$/.test(card.cvc.trim())) return { ok: false, field: 'cvc', message: messages.payments.cvcIncomplete }
  if (!/^[A-Za-z0-9 -]{3,10}$/.test(card.zip.trim()))
    return { ok: false, field: 'zip', message: messages.payments.zipIncomplete }
  if (outcome !== 'succeeded') {
    return {
      ok: false,
      field: outcome === 'incorrectCvc' ? 'cvc' : 'number',
      message: messages.payments[outcome] as string,
    }
  }
  return { ok: true, last4: number.slice(-4) }
}
