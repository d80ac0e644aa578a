import { z } from 'zod'
import './zod-config.ts'

// Money inputs (decision 031): one parser for every amount a client sends, on the server and in the forms alike.

/** The most a listing may ask, in dollars. */
export const MAX_PRICE = 1_000_000

/** What can be wrong with an amount; each has a message naming the field. */
export type MoneyProblem = 'required' | 'invalid' | 'decimals' | 'tooLow' | 'tooHigh'

export interface MoneyBounds {
  /** The least accepted, in dollars, inclusive: 0 lets 0 through (free shipping), 0.01 means "more than 0". */
  min: number
  /** The most accepted, in dollars, inclusive. */
  max: number
}

export interface MoneyFieldOptions extends MoneyBounds {
  /** How messages name the field: its JSON name (`amount`, `shipping`) or the form's label (`Resell price`). */
  field: string
  /** Whether a numeric string is taken as well as a JSON number (the listing form sends its fields as text). */
  strings?: boolean
  /** Texts that replace the standard ones, where a field has words of its own. */
  messages?: Partial<Record<MoneyProblem, string>>
}

export type ParsedMoney = { ok: true; cents: number } | { ok: false; problem: MoneyProblem }

/** Digits, then at most… any number of decimals (counted next, for a message of their own). No sign, no exponent. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/
/** More whole digits than this cannot be within any bound (and would lose precision as a number). */
const MAX_WHOLE_DIGITS = 15

const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * An amount in dollars as a client sends it: a JSON number, or a string of digits with an optional decimal part
 * (surrounding blanks ignored). At most two decimals; no sign, exponent, thousands separator, currency sign or inner
 * blank; NaN, Infinity and -0 are refused. Answers whole cents, computed from the digits (never through floats), within
 * `min`–`max` dollars.
 */
export function parseMoney(input: unknown, bounds: MoneyBounds): ParsedMoney {
  let text: string
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, problem: 'invalid' }
    if (input < 0 || Object.is(input, -0)) return { ok: false, problem: 'tooLow' }
    if (input > bounds.max) return { ok: false, problem: 'tooHigh' }
    // the shortest text that reads back as this number: 5e-9 or 1.005 show more than two decimals
    text = String(input)
    if (!DECIMAL.test(text)) return { ok: false, problem: 'decimals' }
  } else if (typeof input === 'string') {
    text = input.trim()
    if (text === '') return { ok: false, problem: 'required' }
    if (text.startsWith('-') && DECIMAL.test(text.slice(1))) return { ok: false, problem: 'tooLow' }
  } else {
    return { ok: false, problem: input === undefined || input === null ? 'required' : 'invalid' }
  }
  const match = DECIMAL.exec(text)
  if (!match) return { ok: false, problem: 'invalid' }
  const [, whole = '', fraction = ''] = match
  if (fraction.length > 2) return { ok: false, problem: 'decimals' }
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'tooHigh' }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (cents < toCents(bounds.min)) return { ok: false, problem: 'tooLow' }
  if (cents > toCents(bounds.max)) return { ok: false, problem: 'tooHigh' }
  return { ok: true, cents }
}

const dollarsText = (dollars: number) => dollars.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** The standard message of each problem, naming the field. */
export function moneyMessage(opts: MoneyFieldOptions, problem: MoneyProblem): string {
  const own = opts.messages?.[problem]
  if (own) return own
  const { field, min, max } = opts
  switch (problem) {
    case 'required':
      return `${field} is required`
    case 'invalid':
      return `${field} must be an amount in dollars, like 12.50`
    case 'decimals':
      return `${field} can have at most 2 decimals`
    case 'tooLow':
      if (min === 0) return `${field} cannot be negative`
      return min === 0.01 ? `${field} must be more than 0` : `${field} must be at least ${dollarsText(min)}`
    case 'tooHigh':
      return `${field} must be at most ${dollarsText(max)}`
  }
}

/**
 * The zod schema of one money field: a JSON number (or, with `strings`, a numeric string) in, dollars (a number with
 * at most two decimals, exactly `cents / 100`) out, or one issue whose message names the field. Bounds are
 * parameters, so each field states its own (a listing's price, its shipping, an offer, a refund).
 */
export function moneyField(opts: MoneyFieldOptions) {
  const error = (issue: { input: unknown }) =>
    moneyMessage(opts, issue.input === undefined || issue.input === null ? 'required' : 'invalid')
  const input = opts.strings ? z.union([z.number(), z.string()], { error }) : z.number({ error })
  return input.transform((value: number | string, ctx) => {
    const parsed = parseMoney(value, opts)
    if (parsed.ok) return parsed.cents / 100
    ctx.addIssue({ code: 'custom', message: moneyMessage(opts, parsed.problem), input: value })
    return z.NEVER
  })
}
