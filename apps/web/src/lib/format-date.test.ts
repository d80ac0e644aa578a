import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDeadline } from './format-date'

describe('formatDeadline', () => {
  it('writes the weekday, day, month and 24-hour time in the given time zone', () => {
    expect(formatDeadline('2026-12-01T17:00:00.000Z', 'UTC')).toBe('Tue 1 Dec, 17:00')
    expect(formatDeadline('2026-12-01T17:00:00.000Z', 'America/New_York')).toBe('Tue 1 Dec, 12:00')
    // past midnight in Tokyo: the next day
    expect(formatDeadline('2026-12-01T17:05:00.000Z', 'Asia/Tokyo')).toBe('Wed 2 Dec, 02:05')
  })

  it('is empty for a value that is not a date', () => {
    expect(formatDeadline('soon', 'UTC')).toBe('')
  })
})

describe('formatDateTime', () => {
  it('writes the date with its year and the time', () => {
    expect(formatDateTime('2026-11-25T09:07:00.000Z', 'UTC')).toBe('25 Nov 2026, 09:07')
    expect(formatDateTime('', 'UTC')).toBe('')
  })
})
