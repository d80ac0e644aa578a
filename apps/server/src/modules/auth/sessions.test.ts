import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, ORIGIN, PASSWORD, type Session, signIn, signUp, someIp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { sessions, users } from '../../db/schema/index.ts'
import { tokenKey } from '../../lib/tokens.ts'

// An access token lives only as long as the session it was minted from.

let t: TestApp
let admin: Session
beforeAll(async () => {
  t = await buildTestApp()
  const made = await signUp(t.app, { email: 'sessions-admin@example.test' })
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, made.id))
  admin = await signIn(t.app, made.email)
})
afterAll(() => t.close())

const EXPIRED = { statusCode: 401, error: 'Unauthorized', message: 'Your session has expired. Please sign in again.' }

const me = (s: { bearer: { authorization: string } }) => t.app.inject({ url: '/api/me', headers: s.bearer })
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers }, remoteAddress: someIp() })

/** The token answers before, and 401 with the sign-in-again message after. */
async function expectRevoked(s: Session) {
  const res = await me(s)
  expect(res.statusCode).toBe(401)
  expect(res.json()).toEqual(EXPIRED)
}

describe('access tokens end with their session', () => {
  it('sign-out ends the token of that session, not those of the other sessions', async () => {
    const a = await signUp(t.app, { email: 'out@example.test' })
    const b = await signIn(t.app, a.email)
    expect((await me(a)).statusCode).toBe(200)
    const out = await post('/api/auth/sign-out', {}, { cookie: a.cookie })
    expect(out.statusCode).toBe(200)
    await expectRevoked(a)
    expect((await me(b)).statusCode).toBe(200)
  })

  it('a password change that revokes other sessions ends their tokens; the changing device gets a new one', async () => {
    const a = await signUp(t.app, { email: 'change@example.test' })
    const b = await signIn(t.app, a.email)
    expect((await me(b)).statusCode).toBe(200)
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Changed#123', revokeOtherSessions: true },
      { cookie: a.cookie },
    )
    expect(changed.statusCode).toBe(200)
    await expectRevoked(b)
    // better-auth replaces the changing device's session too: its old token ends, its new cookie mints a new one
    await expectRevoked(a)
    const cookie = cookieHeader(changed)
    const renewed = await t.app.inject({ url: `/api/jwt?email=${a.email}`, headers: { cookie } })
    expect(renewed.statusCode).toBe(200)
    const fresh = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${renewed.json().accessToken}` },
    })
    expect(fresh.statusCode).toBe(200)
  })

  it('a password change that keeps the other sessions keeps their tokens', async () => {
    const a = await signUp(t.app, { email: 'keep@example.test' })
    const b = await signIn(t.app, a.email)
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Changed#123', revokeOtherSessions: false },
      { cookie: a.cookie },
    )
    expect(changed.statusCode).toBe(200)
    expect((await me(b)).statusCode).toBe(200)
  })

  it('a password reset ends every token of the account', async () => {
    const a = await signUp(t.app, { email: 'reset@example.test' })
    expect((await me(a)).statusCode).toBe(200)
    const asked = await post('/api/auth/request-password-reset', { email: a.email, redirectTo: '/reset-password' })
    expect(asked.statusCode).toBe(200)
    const mails = (await t.app.inject({ url: '/api/outbox', headers: admin.bearer })).json() as {
      to: string
      text: string
    }[]
    const mail = mails.find((m) => m.to === a.email && m.text.includes('reset-password'))!
    const token = /\/api\/auth\/reset-password\/(\S+?)\?/.exec(mail.text)![1]!
    const done = await post('/api/auth/reset-password', { newPassword: 'Brand#New9', token })
    expect(done.statusCode).toBe(200)
    await expectRevoked(a)
  })

  it('deleting an account ends its tokens and sessions', async () => {
    const a = await signUp(t.app, { email: 'deleted@example.test', role: 'seller' })
    expect((await me(a)).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: admin.bearer })
    expect(res.json().deletedCount).toBe(1)
    await expectRevoked(a)
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, a.id))
    expect(left).toEqual([])
  })

  it("a later change of role ends the account's other sessions; the device that changed it stays signed in", async () => {
    const a = await signUp(t.app, { email: 'switch@example.test', role: 'seller' })
    const b = await signIn(t.app, a.email)
    expect((await me(b)).json().role).toBe('seller')
    const res = await post('/api/users', { name: 'Switch', email: a.email, role: 'customer' }, a.bearer)
    expect(res.statusCode).toBe(200)
    await expectRevoked(b)
    expect((await me(a)).json().role).toBe('customer')
  })

  it('recording the same role again (or the role of a fresh account) ends no session', async () => {
    // the original sign-up: the account is created, then its role recorded; the new session goes on working
    const a = await signUp(t.app, { email: 'fresh-seller@example.test', role: 'seller' })
    expect((await me(a)).json().role).toBe('seller')
    const b = await signIn(t.app, a.email)
    const again = await post('/api/users', { name: 'Renamed', email: a.email, role: 'seller' }, a.bearer)
    expect(again.statusCode).toBe(200)
    expect((await me(b)).json().name).toBe('Renamed')
  })

  it('refuses a token of an expired session', async () => {
    const a = await signUp(t.app, { email: 'stale@example.test' })
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, a.id))
    await expectRevoked(a)
  })

  it("refuses a token naming another user's session", async () => {
    const a = await signUp(t.app, { email: 'mine@example.test' })
    const b = await signUp(t.app, { email: 'theirs@example.test' })
    const sidOf = (s: Session) => JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()).sid as string
    const forged = await new SignJWT({ email: a.email, sid: sidOf(b) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(a.id)
      .setIssuer('preloved-bags')
      .setAudience('preloved-bags-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(tokenKey('test-secret-test-secret-test-secret-0123'))
    const res = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${forged}` } })
    expect(res.json()).toEqual(EXPIRED)
  })

  it('refuses a token minted before tokens named their session (the web app then signs in again)', async () => {
    const a = await signUp(t.app, { email: 'legacy@example.test' })
    const legacy = await new SignJWT({ email: a.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(a.id)
      .setIssuer('preloved-bags')
      .setAudience('preloved-bags-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(tokenKey('test-secret-test-secret-test-secret-0123'))
    const res = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${legacy}` } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(EXPIRED)
  })
})
