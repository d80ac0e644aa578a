import { describe, expect, it } from 'vitest'
import { checkTestCard } from './test-processor.ts'

const now = new Date(Date.UTC(2026, 10, 22))
const card = (over: Partial<{ number: string; expiry: string; cvc: string; zip: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  zip: '10001',
  ...over,
})

describe('the test-mode processor', () => {
  it('accepts 4242 4242 4242 4242 with a future expiry', () => {
    expect(checkTestCard(card(), now)).toEqual({ ok: true, last4: '4242' })
    expect(checkTestCard(card({ expiry: '11/26' }), now).ok).toBe(true) // valid through the end of its month
  })

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'Your card number is incorrect.'],
    [
      '4111 1111 1111 1111',
      'TEST MODE: use a test card such as 4242 4242 4242 4242. No real card is ever charged here.',
    ],
    ['abcd', 'Your card number is incorrect.'],
  ])('answers %s with "%s"', (number, message) => {
    expect(checkTestCard(card({ number }), now)).toMatchObject({ ok: false, message })
  })

  it.each([
    [{ expiry: '10/26' }, "Your card's expiration date is in the past."],
    [{ expiry: '13/30' }, "Your card's expiration date is incomplete."],
    [{ expiry: '1230' }, "Your card's expiration date is incomplete."],
    [{ cvc: '12' }, "Your card's security code is incomplete."],
    [{ zip: '' }, 'Your postal code is incomplete.'],
  ])('refuses %o', (over, message) => {
    expect(checkTestCard(card(over), now)).toMatchObject({ ok: false, message })
  })
})
