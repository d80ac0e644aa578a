import { describe, expect, it } from 'vitest'
import { formatAge, formatSignedPrice, parseDollars, refundableDollars, toCents } from './money'

describe('formatSignedPrice', () => {
  it('spells out the sign of credits and debits, with a real minus sign', () => {
    expect(formatSignedPrice(12)).toBe('+$12.00')
    expect(formatSignedPrice(-3.5)).toBe('−$3.50')
    expect(formatSignedPrice(-1234.56)).toBe('−$1,234.56')
  })

  it('shows zero without a sign, also for a negative zero or float dust', () => {
    expect(formatSignedPrice(0)).toBe('$0.00')
    expect(formatSignedPrice(-0)).toBe('$0.00')
    expect(formatSignedPrice(0.1 + 0.2 - 0.3)).toBe('$0.00')
  })
})

describe('toCents and refundableDollars', () => {
  it('rounds dollars to whole cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(19.99)).toBe(1999)
  })

  it('leaves what was paid less earlier refunds, exactly and never below zero', () => {
    expect(refundableDollars({ amount: 100.3, refunded: 0.1 })).toBe(100.2)
    expect(refundableDollars({ amount: 50, refunded: 50 })).toBe(0)
    expect(refundableDollars({ amount: 50, refunded: 60 })).toBe(0)
  })
})

describe('parseDollars', () => {
  it('reads whole dollars, cents, a dollar sign and thousands commas', () => {
    expect(parseDollars('25')).toEqual({ ok: true, dollars: 25, cents: 2500 })
    expect(parseDollars(' 25.5 ')).toEqual({ ok: true, dollars: 25.5, cents: 2550 })
    expect(parseDollars('$1,250.05')).toEqual({ ok: true, dollars: 1250.05, cents: 125005 })
    expect(parseDollars('.75')).toEqual({ ok: true, dollars: 0.75, cents: 75 })
  })

  it('asks for an amount when the field is empty', () => {
    expect(parseDollars('')).toEqual({ ok: false, error: 'required' })
    expect(parseDollars('  $ ')).toEqual({ ok: false, error: 'required' })
  })

  it('refuses anything that is not a plain amount', () => {
    for (const input of [
      'abc',
      '-5',
      '+5',
      '1e3',
      '12.',
      '.',
      '1,25',
      '12,345,67',
      '5 5',
      '0x10',
      'Infinity',
      '12.3.4',
    ]) {
      expect(parseDollars(input), input).toEqual({ ok: false, error: 'invalid' })
    }
  })

  it('refuses zero and more than two decimals', () => {
    expect(parseDollars('0')).toEqual({ ok: false, error: 'positive' })
    expect(parseDollars('0.00')).toEqual({ ok: false, error: 'positive' })
    expect(parseDollars('10.005')).toEqual({ ok: false, error: 'decimals' })
    expect(parseDollars('10.000')).toEqual({ ok: false, error: 'decimals' })
  })

  it('allows up to the maximum, to the cent, and not one cent more', () => {
    expect(parseDollars('100.30', 100.3)).toMatchObject({ ok: true, cents: 10030 })
    expect(parseDollars('100.31', 100.3)).toEqual({ ok: false, error: 'tooHigh' })
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: still a maximum of 30 cents
    expect(parseDollars('0.30', 0.1 + 0.2)).toMatchObject({ ok: true, cents: 30 })
  })

  it('refuses amounts too large to count in cents', () => {
    expect(parseDollars('99999999999999999999')).toEqual({ ok: false, error: 'invalid' })
  })
})

describe('formatAge', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')
  it('says how long ago in hours or days', () => {
    expect(formatAge('2026-11-25T11:30:00Z', now)).toBe('less than an hour')
    expect(formatAge('2026-11-25T11:00:00Z', now)).toBe('1 hour')
    expect(formatAge('2026-11-25T02:00:00Z', now)).toBe('10 hours')
    expect(formatAge('2026-11-24T12:00:00Z', now)).toBe('1 day')
    expect(formatAge('2026-11-13T11:00:00Z', now)).toBe('12 days')
  })

  it('shows nothing for a bad date and never a negative age', () => {
    expect(formatAge('not a date', now)).toBe('')
    expect(formatAge('2026-11-26T12:00:00Z', now)).toBe('less than an hour')
  })
})
