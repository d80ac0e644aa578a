import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moneyField, parseMoney } from './money.ts'

const PRICE = { min: 0.01, max: 1_000_000 }
const SHIPPING = { min: 0, max: 1000 }

describe('parseMoney (decision 031)', () => {
  it('reads every amount within bounds to the exact cent, as a JSON number and as a string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
        expect(parseMoney(text, PRICE)).toEqual({ ok: true, cents })
        expect(parseMoney(` ${text}\n`, PRICE)).toEqual({ ok: true, cents })
        expect(parseMoney(Number(text), PRICE)).toEqual({ ok: true, cents })
        expect(parseMoney(cents / 100, PRICE)).toEqual({ ok: true, cents })
      }),
    )
  })

  it('names what is wrong: exponents, -0, NaN, a third decimal, bounds, decorations, other types', () => {
    const problem = (input: unknown, bounds = PRICE) => {
      const parsed = parseMoney(input, bounds)
      return parsed.ok ? `ok ${parsed.cents}` : parsed.problem
    }
    expect(problem(5e-9)).toBe('decimals')
    expect(problem(1e21)).toBe('tooHigh')
    expect(problem(1.005)).toBe('decimals')
    expect(problem(-0)).toBe('tooLow')
    expect(problem(-0, SHIPPING)).toBe('tooLow')
    expect(problem(0, SHIPPING)).toBe('ok 0')
    expect(problem('0', SHIPPING)).toBe('ok 0')
    expect(problem(0)).toBe('tooLow')
    expect(problem(Number.NaN)).toBe('invalid')
    expect(problem(Number.POSITIVE_INFINITY)).toBe('invalid')
    expect(problem(1_000_000)).toBe('ok 100000000')
    expect(problem(1_000_000.01)).toBe('tooHigh')
    expect(problem('1000000.01')).toBe('tooHigh')
    expect(problem('9'.repeat(400))).toBe('tooHigh')
    expect(problem(`${'0'.repeat(400)}1`)).toBe('ok 100')
    expect(problem('1e2')).toBe('invalid')
    expect(problem('-5')).toBe('tooLow')
    expect(problem('-0')).toBe('tooLow')
    expect(problem('12.345')).toBe('decimals')
    for (const text of ['1,000', '$5', '5 USD', '1 000', '.5', '5.', '+5', '0x10', 'NaN', 'Infinity', '١٢', '１２']) {
      expect(problem(text), text).toBe('invalid')
    }
    for (const input of ['', '   ', null, undefined]) expect(problem(input)).toBe('required')
    for (const input of [true, [], {}, [12]]) expect(problem(input)).toBe('invalid')
  })
})

describe('moneyField', () => {
  it('answers dollars, or one issue whose message names the field', () => {
    const amount = moneyField({ field: 'amount', ...PRICE, strings: true })
    expect(amount.parse('12.50')).toBe(12.5)
    expect(amount.parse(0.1)).toBe(0.1)
    const messageOf = (input: unknown) => amount.safeParse(input).error?.issues.map((i) => i.message)
    expect(messageOf('5e-9')).toEqual(['amount must be an amount in dollars, like 12.50'])
    expect(messageOf(5e-9)).toEqual(['amount can have at most 2 decimals'])
    expect(messageOf(1e21)).toEqual(['amount must be at most 1,000,000'])
    expect(messageOf(0)).toEqual(['amount must be more than 0'])
    expect(messageOf(undefined)).toEqual(['amount is required'])
    expect(messageOf(false)).toEqual(['amount must be an amount in dollars, like 12.50'])
    const numbersOnly = moneyField({ field: 'amount', ...PRICE })
    expect(numbersOnly.safeParse('12.50').error?.issues[0]?.message).toBe(
      'amount must be an amount in dollars, like 12.50',
    )
    expect(numbersOnly.safeParse(Number.NaN).error?.issues[0]?.message).toBe(
      'amount must be an amount in dollars, like 12.50',
    )
    const shipping = moneyField({ field: 'shipping', min: 0, max: 25, messages: { tooHigh: 'too much shipping' } })
    expect(shipping.safeParse(-1).error?.issues[0]?.message).toBe('shipping cannot be negative')
    expect(shipping.safeParse(25.01).error?.issues[0]?.message).toBe('too much shipping')
    expect(moneyField({ field: 'x', min: 5, max: 10 }).safeParse(4.99).error?.issues[0]?.message).toBe(
      'x must be at least 5',
    )
  })
})
