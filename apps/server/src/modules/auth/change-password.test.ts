import { messages } from '@preloved/shared/messages'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cookieHeader, ORIGIN, PASSWORD, type Session, signIn, signUp, someIp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

/**
 * better-auth's POST /api/auth/change-password (decision 031): the new password follows the sign-up rule, and the
 * current password can be tried 5 times per 15 minutes per account, from any number of addresses.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
afterEach(() => {
  vi.useRealTimers()
})

const change = (s: Session, currentPassword: string, newPassword: string, remoteAddress = someIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { origin: ORIGIN, cookie: s.cookie },
    remoteAddress,
    payload: { currentPassword, newPassword },
  })

const signsIn = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: someIp(),
      payload: { email, password },
    })
  ).statusCode === 200

describe('POST /api/auth/change-password', () => {
  it('refuses a new password the sign-up rule refuses, naming newPassword, and keeps the old one', async () => {
    const s = await signUp(t.app, { email: 'weak-change@example.test' })
    for (const [weak, rule] of [
      ['aaaaaa', messages.auth.passwordRule],
      ['Ab#1', messages.auth.passwordMin],
      ['abcdef#1', messages.auth.passwordRule],
      ['', messages.auth.passwordRequired],
    ]) {
      const res = await change(s, PASSWORD, weak!)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: `newPassword: ${rule}` })
    }
    expect(await signsIn(s.email, PASSWORD)).toBe(true)
    expect(await signsIn(s.email, 'aaaaaa')).toBe(false)
    const strong = await change(s, PASSWORD, 'Stronger#42')
    expect(strong.statusCode, strong.body).toBe(200)
    expect(await signsIn(s.email, 'Stronger#42')).toBe(true)
  })

  it('allows 5 tries of the current password per account in 15 minutes, from any address, then 429', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 11, 1, 9) })
    const s = await signUp(t.app, { email: 'guessed@example.test' })
    for (let i = 0; i < 5; i++) {
      const wrong = await change(s, `Guess#${i}000`, 'Taken#Over1')
      expect(wrong.statusCode, wrong.body).toBe(400)
      expect(wrong.json().code).toBe('INVALID_PASSWORD')
    }
    // a sixth try, from yet another address, even with the right password: refused before it is checked
    for (const current of ['Guess#9999', PASSWORD]) {
      const res = await change(s, current, 'Taken#Over1')
      expect(res.statusCode, res.body).toBe(429)
      expect(res.headers['retry-after']).toMatch(/^\d+$/)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60)
      expect(res.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: messages.auth.tooManyPasswordChecks('15 minutes'),
      })
    }
    expect(await signsIn(s.email, PASSWORD)).toBe(true)
    expect(await signsIn(s.email, 'Taken#Over1')).toBe(false)
    // another account is not held back by it
    const other = await signUp(t.app, { email: 'bystander@example.test' })
    expect((await change(other, 'Guess#0000', 'Other#Pass1')).statusCode).toBe(400)
    expect((await change(other, PASSWORD, 'Other#Pass1')).statusCode).toBe(200)
    // 15 minutes later the account may try again
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000)
    const later = await change(s, PASSWORD, 'Mine#Again1')
    expect(later.statusCode, later.body).toBe(200)
    expect(await signsIn(s.email, 'Mine#Again1')).toBe(true)
  })

  it('starts a fresh count once the password changed: the tries were against the old one', async () => {
    const s = await signUp(t.app, { email: 'forgetful@example.test' })
    for (let i = 0; i < 4; i++) expect((await change(s, `Wrong#${i}111`, 'Fresh#Start1')).statusCode).toBe(400)
    const changed = await change(s, PASSWORD, 'Fresh#Start1')
    expect(changed.statusCode, changed.body).toBe(200)
    const again = { ...s, cookie: cookieHeader(changed) || s.cookie }
    for (let i = 0; i < 5; i++) expect((await change(again, `Wrong#${i}222`, 'Fresh#Start2')).statusCode).toBe(400)
    expect((await change(again, 'Fresh#Start1', 'Fresh#Start2')).statusCode).toBe(429)
    expect(await signsIn(s.email, 'Fresh#Start1')).toBe(true)
    expect((await signIn(t.app, s.email, 'Fresh#Start1')).email).toBe(s.email)
  })
})
