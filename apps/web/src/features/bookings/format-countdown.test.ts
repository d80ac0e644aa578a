import { describe, expect, it } from 'vitest'
import { formatCountdown } from './format-countdown'

describe('formatCountdown', () => {
  it.each([
    [30 * 60_000, '30:00'],
    [29 * 60_000 + 59_001, '30:00'], // a started second still counts
    [65_000, '01:05'],
    [999, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [3_600_000 + 61_000, '1:01:01'],
    [26 * 3_600_000, '26:00:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })
})
