import { describe, expect, it } from 'vitest'
import { formatMicros, parseMicros } from './column-pages.ts'

describe('the microsecond timestamps of in-memory search cursors', () => {
  it('prints a timestamp as PostgreSQL prints a timestamptz in UTC, to the microsecond', () => {
    const micros = Date.UTC(2026, 10, 25, 14, 55, 17) * 1000 + 123_456
    expect(formatMicros(micros)).toBe('2026-11-25 14:55:17.123456+00')
    expect(formatMicros(Date.UTC(2026, 0, 2, 3, 4, 5) * 1000 + 7)).toBe('2026-01-02 03:04:05.000007+00')
  })

  it('reads back what it prints and what PostgreSQL prints in other zones and precisions', () => {
    const micros = Date.UTC(2026, 10, 25, 14, 55, 17) * 1000 + 123_456
    expect(parseMicros(formatMicros(micros))).toBe(micros)
    expect(parseMicros('2026-11-25 15:55:17.123456+01')).toBe(micros)
    expect(parseMicros('2026-11-25 20:25:17.123456+05:30')).toBe(micros)
    expect(parseMicros('2026-11-25 14:55:17.1234+00')).toBe(micros - 56)
    expect(parseMicros('2026-11-25 14:55:17+00')).toBe(micros - 123_456)
    expect(parseMicros('yesterday')).toBeNaN()
  })
})
