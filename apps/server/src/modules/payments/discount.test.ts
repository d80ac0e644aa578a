import { describe, expect, it } from 'vitest'
import { amountDue, firstOrderDiscount } from './discount.ts'

const rules = { commissionPercent: 15, discountMaxCents: 5_000 }

describe('the first-order discount', () => {
  it('takes 15 % off a first order, to the cent, rounded down', () => {
    expect(amountDue(10_000, true, 0, rules)).toEqual({ amountCents: 8_500, discountCents: 1_500 })
    expect(amountDue(12_345, true, 0, rules)).toEqual({ amountCents: 10_494, discountCents: 1_851 }) // 1851.75 → 1851
    expect(amountDue(1, true, 0, rules)).toEqual({ amountCents: 1, discountCents: 0 })
  })

  it('is worth at most FIRST_ORDER_DISCOUNT_MAX: $50 off a $1,650 bag, not $247.50', () => {
    expect(amountDue(165_000, true, 1_500, rules)).toEqual({ amountCents: 161_500, discountCents: 5_000 })
    expect(firstOrderDiscount(100_000_000, rules)).toBe(5_000)
    expect(firstOrderDiscount(33_333, rules)).toBe(4_999)
    expect(firstOrderDiscount(33_334, rules)).toBe(5_000)
  })

  it('is never more than the commission, whatever the settings', () => {
    expect(firstOrderDiscount(10_000, { commissionPercent: 12, discountMaxCents: 5_000 })).toBe(1_200)
    expect(firstOrderDiscount(10_000, { commissionPercent: 0, discountMaxCents: 5_000 })).toBe(0)
    expect(firstOrderDiscount(10_000, { commissionPercent: 15, discountMaxCents: 0 })).toBe(0)
  })

  it('charges the full price and the shipping after the first order', () => {
    expect(amountDue(12_345, false, 999, rules)).toEqual({ amountCents: 13_344, discountCents: 0 })
  })

  it('always adds back up to the price and shipping', () => {
    for (const price of [1, 7, 99, 101, 333, 9_999, 123_457, 100_000_000]) {
      const { amountCents, discountCents } = amountDue(price, true, 1_500, rules)
      expect(amountCents + discountCents).toBe(price + 1_500)
      expect(Number.isInteger(amountCents)).toBe(true)
    }
  })
})
