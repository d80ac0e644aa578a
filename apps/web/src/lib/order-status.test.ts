import { describe, expect, it } from 'vitest'
import { orderStateTone, orderStateWords } from './order-status'

describe('orderStateWords', () => {
  it.each([
    ['paid', 'Paid, to be shipped'],
    ['shipped', 'Shipped'],
    ['completed', 'Completed'],
    ['disputed', 'Problem reported'],
    ['cancelled', 'Cancelled'],
    ['refunded', 'Refunded'],
  ] as const)('%s reads "%s"', (status, words) => {
    expect(orderStateWords({ status, awaitingAddress: false })).toBe(words)
  })

  it("a paid order without an address says it waits for the buyer's address", () => {
    expect(orderStateWords({ status: 'paid', awaitingAddress: true })).toBe("Waiting for the buyer's address")
  })

  it('only a paid order waits for an address: a shipped one reads its own state', () => {
    expect(orderStateWords({ status: 'shipped', awaitingAddress: true })).toBe('Shipped')
  })
})

describe('orderStateTone', () => {
  it.each([
    ['paid', 'warning'],
    ['shipped', 'info'],
    ['completed', 'success'],
    ['disputed', 'error'],
    ['cancelled', 'neutral'],
    ['refunded', 'neutral'],
  ] as const)('%s is coloured %s', (status, tone) => {
    expect(orderStateTone(status)).toBe(tone)
  })
})
