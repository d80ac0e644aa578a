import { describe, expect, it } from 'vitest'
import { formatCountdown, formatTimeLeft } from './format-countdown'

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

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('formatTimeLeft', () => {
  it.each([
    [2 * DAY + 3 * HOUR, '2 days 3 h'],
    [2 * DAY + 3 * HOUR - 1, '2 days 3 h'], // a started minute still counts: never less than is left
    [DAY, '1 day'],
    [DAY + 30 * MIN, '1 day'],
    [5 * DAY, '5 days'],
    [5 * HOUR + 20 * MIN, '5 h 20 min'],
    [HOUR, '1 h'],
    [42 * MIN, '42 min'],
    [10 * MIN, '10 min'],
    [9 * MIN + 59_000, '09:59'], // the last ten minutes count seconds
    [1_000, '00:01'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text)
  })

  it.each([0, -1, -DAY])('%i ms: the time is up (null)', (ms) => {
    expect(formatTimeLeft(ms)).toBeNull()
  })
})
