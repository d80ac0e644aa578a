import { messages } from '@preloved/shared/messages'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema/index.ts'
import { ORIGIN, PASSWORD, signUp } from './auth-helpers.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { ALIAS_FORMS, isRefusal, type RawAnswer, type RawRequest, rawClient, someLoopback } from './path-aliases.ts'

/**
 * The auth rules (rate limits, password policy, the hidden session token) were chosen on the
 * raw URL while better-auth got the URL normalised by `new URL()`, so `/api/auth/./sign-in/email` guessed passwords
 * without a limit. Every alias of a path must get the plain path's answer or a refusal (400/404, our error shape).
 */
let t: TestApp
let send: (req: RawRequest) => Promise<RawAnswer>
beforeAll(async () => {
  t = await buildTestApp()
  send = await rawClient(t.app)
})
afterAll(() => t.close())

const SIGN_IN = '/api/auth/sign-in/email'
const SIGN_UP = '/api/auth/sign-up/email'
const headers = { origin: ORIGIN }

const accountExists = async (email: string) =>
  (await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`)).length > 0

describe('aliases of the sign-in path', () => {
  it.each(ALIAS_FORMS.map((f) => [f.name, f] as const))('%s: the guess is refused or counted', async (_n, form) => {
    const email = `alias-${Math.random().toString(36).slice(2, 10)}@example.test`
    await signUp(t.app, { email })
    const from = someLoopback()
    const wrong = { email, password: 'Wrong#123' }
    const alias = form.make(SIGN_IN)

    // guesses through the alias: refused, or answered as the plain path does, and then counted like it
    const through: number[] = []
    for (let i = 0; i < 8; i++) {
      const res = await send({ method: 'POST', path: alias, headers, payload: wrong, from })
      expect(isRefusal(res) || res.status === 401, `${alias} → ${res.status} ${res.body}`).toBe(true)
      if (res.status === 401) through.push(i)
    }
    // the plain path's allowance (8 a minute per account) is what is left of it, at most (a refused alias may count)
    let plainGuesses = 0
    let limited: RawAnswer | undefined
    for (let i = 0; i <= 8 && !limited; i++) {
      const res = await send({ method: 'POST', path: SIGN_IN, headers, payload: wrong, from })
      if (res.status === 429) limited = res
      else {
        expect(res.status, res.body).toBe(401)
        plainGuesses += 1
      }
    }
    expect(limited?.status).toBe(429)
    expect(plainGuesses + through.length).toBeLessThanOrEqual(8)
    // once limited, the alias is limited too (or refused): never a 401 for a guess counted nowhere, never a 200
    const after = await send({ method: 'POST', path: alias, headers, payload: { email, password: PASSWORD }, from })
    expect(after.status === 429 || isRefusal(after), `${alias} → ${after.status} ${after.body}`).toBe(true)
  })
})

describe('aliases of the sign-up path', () => {
  it.each(ALIAS_FORMS.map((f) => [f.name, f] as const))('%s: a weak password is refused', async (_n, form) => {
    const email = `weak-${Math.random().toString(36).slice(2, 10)}@example.test`
    const alias = form.make(SIGN_UP)
    const res = await send({
      method: 'POST',
      path: alias,
      headers,
      payload: { name: 'Weak', email, password: 'aaaaaa' },
      from: someLoopback(),
    })
    expect(res.status === 400 || isRefusal(res), `${alias} → ${res.status} ${res.body}`).toBe(true)
    expect(res.body).not.toMatch(/"token"/)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await accountExists(email)).toBe(false)
  })

  it.each(ALIAS_FORMS.map((f) => [f.name, f] as const))(
    '%s: a strong password gets the plain answer (no session token in the JSON) or a refusal',
    async (_n, form) => {
      const email = `strong-${Math.random().toString(36).slice(2, 10)}@example.test`
      const alias = form.make(SIGN_UP)
      const res = await send({
        method: 'POST',
        path: alias,
        headers,
        payload: { name: 'Strong', email, password: PASSWORD },
        from: someLoopback(),
      })
      if (!isRefusal(res)) {
        expect(res.status, `${alias} → ${res.body}`).toBe(200)
        expect(res.json()).not.toHaveProperty('token')
      } else {
        expect(await accountExists(email)).toBe(false)
      }
    },
  )

  it('the plain path refuses the same weak password with the password policy', async () => {
    const res = await send({
      method: 'POST',
      path: SIGN_UP,
      headers,
      payload: { name: 'Weak', email: 'weak-plain@example.test', password: 'aaaaaa' },
      from: someLoopback(),
    })
    expect(res.status).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: messages.auth.passwordRule })
  })
})

describe('non-canonical /api paths', () => {
  it.each([
    ['/api/auth/./sign-in/email', 'dot segments'],
    ['/api/auth/%2e/sign-in/email', 'percent-encoded'],
    ['/api/health/', 'slashes'],
    ['/api//health', 'slashes'],
    ['/api/health;x', ';'],
    ['/api/%68ealth', 'percent-encoded'],
    ['/api/auth/sign-in\\email', 'character'],
    ['/API/health', 'lower-case'],
    ['http://localhost/api/health', 'absolute'],
  ])('%s is refused with 400 and a message naming the problem (%s)', async (path, words) => {
    const res = await send({ path })
    expect(res.status, res.body).toBe(400)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const body = res.json()
    expect(
      Object.keys(body)
        .filter((k) => k !== 'field')
        .sort(),
    ).toEqual(['error', 'message', 'statusCode'])
    expect(body.error).toBe('Bad Request')
    expect(body.message).toContain(words)
  })

  it('keeps what the web app sends: percent-encoded emails and ids in path params, query strings', async () => {
    const s = await signUp(t.app, { email: 'mix+tag@example.test', role: 'seller' })
    for (const path of [
      `/api/users/seller/${encodeURIComponent(s.email)}`,
      `/api/users/seller/${encodeURIComponent(s.email).replace('%40', '%40')}`,
      '/api/users/seller/mix%2btag%40example.test',
      '/api/users/seller/mix+tag@example.test',
    ]) {
      const res = await send({ path, headers: s.bearer })
      expect(res.status, `${path} → ${res.body}`).toBe(200)
      expect(res.json()).toEqual({ isSeller: true })
    }
    const health = await send({ path: '/api/health?x=./../%2e//' })
    expect(health.status).toBe(200)
    const session = await send({ path: '/api/auth/get-session', headers: { cookie: s.cookie } })
    expect(session.status).toBe(200)
    expect(session.json().user.email).toBe('mix+tag@example.test')
  })

  it("builds better-auth's URL from the path alone: a Host header that is no host is no 500", async () => {
    for (const host of ['x y', 'a/b', '[::', 'evil.example/../api/auth/sign-up']) {
      const res = await send({ path: '/api/auth/get-session', headers: { host } })
      expect(res.status, `${host} → ${res.body}`).toBe(200)
      expect(res.body).toBe('null')
    }
  })

  it('leaves pages and uploads alone', async () => {
    // no web build in tests: an unknown page path is the JSON 404, whatever its spelling
    for (const path of ['/category/tote/', '/x//y', '/uploads/a;b']) {
      const res = await send({ path })
      expect(res.status, path).toBe(404)
    }
  })
})
