import { describe, expect, it } from 'vitest'
import { messageTime, preview } from './format'

describe('message formatting', () => {
  it('shows the time for today and the date before', () => {
    const now = new Date(2026, 10, 20, 15, 0)
    expect(messageTime(new Date(2026, 10, 20, 9, 5).toISOString(), now)).toBe('9:05 AM')
    expect(messageTime(new Date(2026, 10, 18, 9, 5).toISOString(), now)).toBe('Nov 18')
    expect(messageTime('nope', now)).toBe('')
  })

  it('previews one line, cut with an ellipsis', () => {
    expect(preview('Hello\n\nthere   you')).toBe('Hello there you')
    expect(preview('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
