import { describe, expect, it } from 'vitest'
import { centsToDollars, dollarsToCents } from './money.ts'

describe('money', () => {
  it('converts cents to dollars with two decimals', () => {
    expect(centsToDollars(12050)).toBe(120.5)
    expect(centsToDollars(1)).toBe(0.01)
    expect(centsToDollars(0)).toBe(0)
  })

  it('converts dollars to whole cents without float drift', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30)
    expect(dollarsToCents(19.99)).toBe(1999)
    expect(dollarsToCents(1.005)).toBe(101)
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError)
    // exponent forms never become NaN cents (the money parser refuses them first)
    expect(() => dollarsToCents(5e-9)).toThrow(RangeError)
    expect(() => dollarsToCents(1e21)).toThrow(RangeError)
  })
})
