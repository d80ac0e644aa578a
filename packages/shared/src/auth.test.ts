import { describe, expect, it } from 'vitest'
import { sessionAnswerSchema } from './auth.ts'

describe("better-auth's session answer", () => {
  const user = { id: 'u1', name: 'Clara', email: 'clara@example.test', role: 'customer' }
  it("is the account's first session when it began within a minute of the account (sign-up signs in)", () => {
    const first = sessionAnswerSchema.parse({
      user: { ...user, createdAt: '2026-11-25T10:00:00.000Z' },
      session: { createdAt: '2026-11-25T10:00:01.000Z' },
    })
    expect(first).toEqual({ ...user, firstSession: true })
    const later = sessionAnswerSchema.parse({
      user: { ...user, createdAt: '2026-11-20T10:00:00.000Z' },
      session: { createdAt: '2026-11-25T10:00:00.000Z' },
    })
    expect(later?.firstSession).toBe(false)
  })

  it('without the dates, or with dates it cannot read, it is no first session; no session is null', () => {
    expect(sessionAnswerSchema.parse({ user })?.firstSession).toBe(false)
    expect(
      sessionAnswerSchema.parse({ user: { ...user, createdAt: 'soon' }, session: { createdAt: 42n } })?.firstSession,
    ).toBe(false)
    expect(sessionAnswerSchema.parse(null)).toBeNull()
    expect(sessionAnswerSchema.parse({ user: { ...user, role: 'wizard' } })?.role).toBe('customer')
  })
})
