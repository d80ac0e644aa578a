import { describe, expect, it } from 'vitest'
import { amountDue } from './discount.ts'

describe('amountDue', () => {
  it('takes 15 % off a first order, to the cent', () => {
    expect(amountDue(10_000, true)).toEqual({ amountCents: 8_500, discountCents: 1_500 })
    expect(amountDue(12_345, true)).toEqual({ amountCents: 10_493, discountCents: 1_852 }) // 1851.75 → 1852
    expect(amountDue(1, true)).toEqual({ amountCents: 1, discountCents: 0 })
  })

  it('charges the full price after the first order', () => {
    expect(amountDue(12_345, false)).toEqual({ amountCents: 12_345, discountCents: 0 })
  })

  it('always adds back up to the price', () => {
    for (const price of [1, 7, 99, 101, 333, 9_999, 123_457, 100_000_000]) {
      const { amountCents, discountCents } = amountDue(price, true)
      expect(amountCents + discountCents).toBe(price)
      expect(Number.isInteger(amountCents)).toBe(true)
    }
  })
})
