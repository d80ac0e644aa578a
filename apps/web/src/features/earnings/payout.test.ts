import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { describe, expect, it } from 'vitest'
import { onboardingTarget } from './api/earnings'
import { nextAvailableAt, payoutBlocker } from './payout'

const t = moneyPagesMessages.earnings
const account = { provider: 'test' as const, holderName: 'Amelia Hart', last4: '6789' }

describe('payoutBlocker', () => {
  it('lets a payout go with money available and an account', () => {
    expect(payoutBlocker({ available: 0.01, account })).toBeNull()
    expect(
      payoutBlocker({ available: 412.5, account: { provider: 'stripe', holderName: null, last4: null } }),
    ).toBeNull()
  })

  it('says nothing is available at zero, below zero, or below a cent', () => {
    expect(payoutBlocker({ available: 0, account })).toBe(t.nothingAvailable)
    expect(payoutBlocker({ available: -25, account })).toBe(t.nothingAvailable)
    expect(payoutBlocker({ available: 0.004, account })).toBe(t.nothingAvailable)
  })

  it('asks for a payout account first when there is money but nowhere to send it', () => {
    expect(payoutBlocker({ available: 100, account: null })).toBe(t.noAccount)
  })

  it('names the missing money before the missing account', () => {
    expect(payoutBlocker({ available: 0, account: null })).toBe(t.nothingAvailable)
  })
})

describe('onboardingTarget', () => {
  it('sends the seller only to a web address', () => {
    expect(onboardingTarget('https://connect.stripe.com/setup/e/acct_1/abc')).toBe(
      'https://connect.stripe.com/setup/e/acct_1/abc',
    )
    expect(onboardingTarget('http://127.0.0.1:4010/onboarding')).toBe('http://127.0.0.1:4010/onboarding')
  })

  it('refuses no link, a broken link and script or data addresses', () => {
    expect(onboardingTarget(undefined)).toBeNull()
    expect(onboardingTarget('')).toBeNull()
    expect(onboardingTarget('not a url')).toBeNull()
    expect(onboardingTarget('javascript:alert(1)')).toBeNull()
    expect(onboardingTarget('data:text/html,<script>alert(1)</script>')).toBeNull()
  })
})

describe('nextAvailableAt', () => {
  const entry = (availableAt: string | null) => ({
    _id: availableAt ?? 'x',
    kind: 'sale' as const,
    amount: 10,
    orderId: 'o',
    payoutId: null,
    note: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    availableAt,
  })
  const now = Date.parse('2026-11-10T00:00:00.000Z')

  it('names the soonest line still held in the reserve', () => {
    const entries = [entry('2026-11-20T00:00:00.000Z'), entry('2026-11-12T00:00:00.000Z'), entry(null)]
    expect(nextAvailableAt({ entries }, now)).toBe('2026-11-12T00:00:00.000Z')
  })

  it('is null once every line is available, or none waits', () => {
    expect(nextAvailableAt({ entries: [entry('2026-11-09T00:00:00.000Z'), entry(null)] }, now)).toBeNull()
    expect(nextAvailableAt({ entries: [] }, now)).toBeNull()
  })
})
