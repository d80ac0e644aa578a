import { verifyPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, cookieHeader, ORIGIN, PASSWORD, signIn, signUp, someIp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { buildApp } from '../../app.ts'
import { accounts, users } from '../../db/schema/index.ts'
import { signAccessToken, tokenKey } from '../../lib/tokens.ts'
import { loadConfig } from '../../plugins/config.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL })
})
afterAll(() => t.close())

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers }, remoteAddress: someIp() })

describe('sign-up', () => {
  it('creates a customer, gives a token for its session and records the chosen role', async () => {
    const s = await signUp(t.app, { email: 'Mia@Example.test', name: 'Mia', role: 'seller' })
    const me = await t.app.inject({ url: '/api/me', headers: s.bearer })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({ _id: s.id, name: 'Mia', email: 'mia@example.test', role: 'seller' })
  })

  it('never returns the password', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Pat', email: 'pat@example.test', password: PASSWORD })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain(PASSWORD)
    expect(JSON.stringify(res.json())).not.toMatch(/password/i)
    // nor the session token: it lives in the httpOnly cookie only
    expect(res.json()).not.toHaveProperty('token')
    const sessionToken = res.cookies.find((c) => c.name.includes('session_token'))!.value.split('.')[0]!
    expect(res.body).not.toContain(sessionToken)
    const signIn = await post('/api/auth/sign-in/email', { email: 'pat@example.test', password: PASSWORD })
    expect(signIn.json().user.email).toBe('pat@example.test')
    expect(signIn.json()).not.toHaveProperty('token')
  })

  it.each([
    [{ email: 'x1@example.test', password: PASSWORD }, 'Name is required'],
    [{ name: 'X', password: PASSWORD }, 'Email is required'],
    [{ name: 'X', email: 'not-an-email', password: PASSWORD }, 'email must be a valid email address'],
    [{ name: 'X', email: 'x2@example.test' }, 'Password is required'],
    [{ name: 'X', email: 'x3@example.test', password: 'Ab#1' }, 'Password must be at least 6 characters long'],
    [
      { name: 'X', email: 'x4@example.test', password: 'abcdef#1' },
      'Password must have uppercase, number and special characters',
    ],
    [
      { name: 'X', email: 'x5@example.test', password: 'Abcdefg1' },
      'Password must have uppercase, number and special characters',
    ],
  ])('refuses %o with 400 "%s"', async (body, message) => {
    const res = await post('/api/auth/sign-up/email', body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
  })

  it('refuses a second account for the same email, in any case', async () => {
    await signUp(t.app, { email: 'dup@example.test' })
    const res = await post('/api/auth/sign-up/email', { name: 'Dup', email: 'DUP@example.test', password: PASSWORD })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'User already exists. Use another email.',
    })
  })

  it('makes ADMIN_EMAIL an admin once it follows its setup link', async () => {
    const s = await signUp(t.app, { email: ADMIN_EMAIL }) // the helper follows the link (see admin-email.test.ts)
    expect((await t.app.inject({ url: '/api/me', headers: s.bearer })).json().role).toBe('admin')
  })

  it('makes an existing account admin when ADMIN_EMAIL names it at start, once its address is confirmed', async () => {
    const s = await signUp(t.app, { email: 'later-admin@example.test' })
    const restart = () =>
      buildApp(
        loadConfig({
          DATA_DIR: t.dataDir,
          AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'silent',
          ADMIN_EMAIL: 'Later-Admin@example.test',
        }),
        { database: t.database },
      )
    const second = await restart()
    expect((await second.inject({ url: '/api/me', headers: s.bearer })).json().role).toBe('customer')
    await second.close()
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, s.id))
    const third = await restart()
    expect((await third.inject({ url: '/api/me', headers: s.bearer })).json().role).toBe('admin')
    await third.close()
  })
})

describe('passwords as the shop stores them', () => {
  it("hashes with better-auth's scrypt at full cost (the other API tests use a cheaper one) and signs in with it", async () => {
    const real = await buildTestApp({}, { passwordHashing: undefined })
    try {
      await signUp(real.app, { email: 'real@example.test', name: 'Real' })
      const [row] = await real.app.db
        .select({ password: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.email, 'real@example.test'))
      // better-auth's format: a 16-byte salt and a 64-byte scrypt key (N = 2^14, r = 16), in hex
      expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
      expect(await verifyPassword({ hash: row!.password!, password: PASSWORD })).toBe(true)
      const s = await signIn(real.app, 'real@example.test')
      expect((await real.app.inject({ url: '/api/me', headers: s.bearer })).json().email).toBe('real@example.test')
    } finally {
      await real.close()
    }
  })
})

describe('sign-in', () => {
  beforeAll(async () => {
    await signUp(t.app, { email: 'ann@example.test', name: 'Ann' })
  })

  it('signs in and gives a working token', async () => {
    const s = await signIn(t.app, 'ann@example.test')
    expect((await t.app.inject({ url: '/api/me', headers: s.bearer })).json().email).toBe('ann@example.test')
  })

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await post('/api/auth/sign-in/email', { email: 'ann@example.test', password: 'Wrong#123' })
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'Wrong#123' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().message).toBe('Invalid email or password')
  })

  it.each([
    [{ password: PASSWORD }, 'Email is required'],
    [{ email: 'ann@example.test' }, 'Password is required'],
    [{ email: 'ann@example.test', password: '123' }, 'Password must be at least 6 characters long'],
  ])('refuses %o with 400 "%s"', async (body, message) => {
    const res = await post('/api/auth/sign-in/email', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('signs out: the session cookie no longer gives tokens', async () => {
    const s = await signIn(t.app, 'ann@example.test')
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie: s.cookie },
      payload: {},
    })
    expect(out.statusCode).toBe(200)
    const jwt = await t.app.inject({ url: '/api/jwt?email=ann@example.test', headers: { cookie: s.cookie } })
    expect(jwt.statusCode).toBe(401)
  })
})

describe('access tokens', () => {
  let s: Awaited<ReturnType<typeof signUp>>
  beforeAll(async () => {
    s = await signUp(t.app, { email: 'tok@example.test' })
  })
  const me = (authorization: string) => t.app.inject({ url: '/api/me', headers: { authorization } })
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')

  it('answers 401 without a token', async () => {
    const res = await t.app.inject('/api/me')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' })
  })

  it('answers 401 to an expired token', async () => {
    const old = await signAccessToken(
      tokenKey('test-secret-test-secret-test-secret-0123'),
      { sub: s.id, email: s.email, sid: 'any-session' },
      Date.now() - 2 * 3600_000,
    )
    expect((await me(`Bearer ${old}`)).statusCode).toBe(401)
  })

  it('answers 401 to a tampered token', async () => {
    const [h, p, sig] = s.token.split('.')
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
    expect((await me(`Bearer ${h}.${b64({ ...claims, sub: 'someone-else' })}.${sig}`)).statusCode).toBe(401)
  })

  it('answers 401 to alg: none', async () => {
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString())
    expect((await me(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).statusCode).toBe(401)
  })

  it('answers 401 to a token of a deleted account', async () => {
    const gone = await signUp(t.app, { email: 'gone@example.test' })
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id))
    expect((await me(gone.bearer.authorization)).statusCode).toBe(401)
  })

  it('gives tokens only to the session of that email', async () => {
    const other = await t.app.inject({ url: '/api/jwt?email=ann@example.test', headers: { cookie: s.cookie } })
    expect(other.statusCode).toBe(403)
    const anonymous = await t.app.inject('/api/jwt?email=tok@example.test')
    expect(anonymous.statusCode).toBe(401)
    // a token cannot renew itself
    const byToken = await t.app.inject({ url: '/api/jwt?email=tok@example.test', headers: s.bearer })
    expect(byToken.statusCode).toBe(401)
    const bad = await t.app.inject({ url: '/api/jwt?email=nope', headers: { cookie: s.cookie } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('email')
  })
})

describe('POST /api/users', () => {
  it('refuses the admin role and any other role outside customer/seller', async () => {
    const s = await signUp(t.app, { email: 'wannabe@example.test' })
    for (const role of ['admin', 'owner']) {
      const res = await post('/api/users', { name: 'W', email: s.email, role }, s.bearer)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Role must be customer or seller')
    }
    expect((await t.app.inject({ url: '/api/me', headers: s.bearer })).json().role).toBe('customer')
  })

  it("refuses someone else's email", async () => {
    const s = await signUp(t.app, { email: 'me1@example.test' })
    const res = await post('/api/users', { name: 'X', email: 'ann@example.test', role: 'seller' }, s.bearer)
    expect(res.statusCode).toBe(403)
  })

  it('keeps an admin an admin', async () => {
    const admin = await signIn(t.app, ADMIN_EMAIL)
    const res = await post('/api/users', { name: 'Boss', email: ADMIN_EMAIL, role: 'customer' }, admin.bearer)
    expect(res.statusCode).toBe(200)
    const me = (await t.app.inject({ url: '/api/me', headers: admin.bearer })).json()
    expect(me).toMatchObject({ role: 'admin', name: 'Boss' })
  })

  it('refuses a cookie-authenticated write from another origin (CSRF)', async () => {
    const s = await signUp(t.app, { email: 'csrf@example.test' })
    const body = { name: 'C', email: s.email, role: 'seller' }
    const none = await t.app.inject({ method: 'POST', url: '/api/users', payload: body, headers: { cookie: s.cookie } })
    expect(none.statusCode).toBe(403)
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: body,
      headers: { cookie: s.cookie, origin: 'https://evil.example' },
    })
    expect(evil.statusCode).toBe(403)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: body,
      headers: { cookie: s.cookie, origin: ORIGIN },
    })
    expect(ok.statusCode).toBe(200)
  })
})

describe('password reset through the outbox', () => {
  it('mails a link whose token sets a new password', async () => {
    await signUp(t.app, { email: 'forgetful@example.test' })
    const asked = await post('/api/auth/request-password-reset', {
      email: 'forgetful@example.test',
      redirectTo: '/reset-password',
    })
    expect(asked.statusCode).toBe(200)
    // an unknown email gets the same answer (no account enumeration)
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'ghost@example.test',
      redirectTo: '/reset-password',
    })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual(asked.json())

    const admin = await signIn(t.app, ADMIN_EMAIL)
    const mails = (await t.app.inject({ url: '/api/outbox', headers: admin.bearer })).json() as {
      to: string
      subject: string
      text: string
    }[]
    const mail = mails.find((m) => m.to === 'forgetful@example.test' && /reset/i.test(m.subject))!
    expect(mail).toBeDefined()
    expect(mails.some((m) => m.to === 'ghost@example.test')).toBe(false)
    const link = /(http:\/\/\S+\/api\/auth\/reset-password\/(\S+?)\?\S+)/.exec(mail.text)!
    const token = link[2]!

    // the link sends the browser to the reset page with the token
    const follow = await t.app.inject({ url: new URL(link[1]!).pathname + new URL(link[1]!).search })
    expect(follow.statusCode).toBe(302)
    expect(follow.headers.location).toBe(`${ORIGIN}/reset-password?token=${token}`)

    const weak = await post('/api/auth/reset-password', { newPassword: 'weakpass', token })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().message).toBe('Password must have uppercase, number and special characters')
    const done = await post('/api/auth/reset-password', { newPassword: 'Brand#New9', token })
    expect(done.statusCode).toBe(200)
    await expect(signIn(t.app, 'forgetful@example.test')).rejects.toThrow(/401/)
    await signIn(t.app, 'forgetful@example.test', 'Brand#New9')
    const again = await post('/api/auth/reset-password', { newPassword: 'Other#New9', token })
    expect(again.statusCode).toBe(400)
  })
})

describe('rate limits', () => {
  it('limits sign-in attempts per account with 429 and a clear message', async () => {
    await signUp(t.app, { email: 'target@example.test' })
    const statuses: number[] = []
    for (let i = 0; i < 9; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: 'target@example.test', password: 'Wrong#123' },
        { 'x-forwarded-for': `10.0.0.${i}` },
      )
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
        expect(res.json().message).toMatch(/Too many attempts/)
      }
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401))
    expect(statuses[8]).toBe(429)
  })

  it('limits sign-up attempts per IP', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        remoteAddress: '192.0.2.77',
        payload: { name: 'Spam', email: `spam${i}@example.test`, password: PASSWORD },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('cookies', () => {
  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Coo', email: 'cookie@example.test', password: PASSWORD })
    const session = res.cookies.find((c) => c.name.includes('session_token'))!
    expect(session.httpOnly).toBe(true)
    expect(String(session.sameSite).toLowerCase()).toBe('lax')
    expect(cookieHeader(res)).toContain('session_token')
  })
})

describe('GET /api/auth/get-session', () => {
  it('tells who is signed in without handing the session token to page scripts', async () => {
    const s = await signUp(t.app, { email: 'session@example.test', name: 'Ses' })
    const res = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: s.cookie } })
    expect(res.json().user).toMatchObject({ email: 'session@example.test', role: 'customer' })
    expect(res.json().session).toBeDefined()
    expect(res.json().session).not.toHaveProperty('token')
    const raw = s.cookie.split(';')[0]!.split('=')[1]!.split('.')[0]!
    expect(res.body).not.toContain(raw)
  })
})

/** Where a JSON value holds a key that names a token (`token`, `session.token`, `accessToken`…), at any depth. */
function tokenKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => tokenKeys(v, `${at}[${i}]`))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => [
    ...(/token$/i.test(k) ? [`${at}.${k}`] : []),
    ...tokenKeys(v, `${at}.${k}`),
  ])
}

/** The raw session tokens a Cookie or Set-Cookie value carries (the part before the signature). */
const sessionTokensOf = (cookies: string[]) =>
  cookies.flatMap((c) => [...c.matchAll(/session_token=([^.;]+)/g)].map((m) => m[1]!)).filter((v) => v.length > 8)

describe('session tokens in better-auth answers (an allow-list: none may carry one)', () => {
  it.each([true, false])(
    'POST /api/auth/change-password with revokeOtherSessions %s answers without a token',
    async (revokeOtherSessions) => {
      const email = `change-${revokeOtherSessions}@example.test`
      const s = await signUp(t.app, { email })
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'Newer#1234', revokeOtherSessions },
        { cookie: s.cookie },
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().user.email).toBe(email)
      expect(tokenKeys(res.json())).toEqual([])
      const setCookies = [res.headers['set-cookie'] ?? []].flat()
      for (const token of sessionTokensOf([...setCookies, s.cookie])) expect(res.body).not.toContain(token)
      await signIn(t.app, email, 'Newer#1234')
    },
  )

  it('no JSON answer of the auth routes the app uses holds a token', async () => {
    const email = 'answers@example.test'
    const up = await post('/api/auth/sign-up/email', { name: 'Ans', email, password: PASSWORD })
    const s = await signIn(t.app, email)
    const cookie = s.cookie
    const calls: [string, () => Promise<Awaited<ReturnType<typeof post>>>][] = [
      ['sign-up', async () => up],
      ['sign-in', () => post('/api/auth/sign-in/email', { email, password: PASSWORD })],
      ['get-session', () => t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })],
      ['list-sessions', () => t.app.inject({ url: '/api/auth/list-sessions', headers: { cookie } })],
      ['update-user', () => post('/api/auth/update-user', { name: 'Ans Two' }, { cookie })],
      ['request-password-reset', () => post('/api/auth/request-password-reset', { email, redirectTo: '/reset' })],
      ['revoke-other-sessions', () => post('/api/auth/revoke-other-sessions', {}, { cookie })],
      ['sign-out', () => post('/api/auth/sign-out', {}, { cookie })],
    ]
    const tokens = sessionTokensOf([cookie, ...[up.headers['set-cookie'] ?? []].flat()])
    expect(tokens.length).toBeGreaterThan(0)
    for (const [name, call] of calls) {
      const res = await call()
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300)
      if (!res.body || !/json/.test(String(res.headers['content-type']))) continue
      expect(tokenKeys(res.json()), name).toEqual([])
      for (const token of [...tokens, ...sessionTokensOf([res.headers['set-cookie'] ?? []].flat())]) {
        expect(res.body, name).not.toContain(token)
      }
    }
  })
})
