import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, cookieHeader, ORIGIN, setupLinkOf, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type LocalOidc, startLocalOidc } from '../../../test/fakes/oidc-provider.ts'
import { insertUser } from '../../../test/fixtures.ts'
import { accounts, users } from '../../db/schema/index.ts'

/**
 * "Continue With Google" through OpenID Connect, end to end against a real OpenID Provider started here
 * (oidc-provider): authorization request, the provider's login and consent, the code exchange by our server,
 * the session, then the original token.
 */
let oidc: LocalOidc
let t: TestApp
const CALLBACK = `${ORIGIN}/api/auth/callback/oidc`

beforeAll(async () => {
  oidc = await startLocalOidc([CALLBACK])
  t = await buildTestApp({
    ADMIN_EMAIL,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
  })
})
afterAll(async () => {
  await t?.close()
  await oidc?.close()
})

/** A minimal browser for the provider's side: follows redirects by hand and keeps its cookies. */
class ProviderBrowser {
  private jar = new Map<string, string>()
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return res
  }
  /** Follows provider redirects until one leaves the provider; returns that URL. */
  async follow(url: string, issuer: string): Promise<{ url: string; page?: string }> {
    let next = url
    for (let i = 0; i < 10; i++) {
      if (!next.startsWith(issuer)) return { url: next }
      const res = await this.go(next)
      if (res.status >= 300 && res.status < 400) {
        next = new URL(res.headers.get('location')!, next).toString()
        continue
      }
      return { url: next, page: await res.text() }
    }
    throw new Error('too many redirects')
  }
  async submit(url: string, form: Record<string, string>) {
    return this.go(url, {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  }
}

async function signInWithProvider(email: string, app: FastifyInstance = t.app) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: ORIGIN },
    payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/login?error=oauth' },
  })
  expect(start.statusCode).toBe(200)
  const stateCookie = cookieHeader(start)
  const authorizeUrl = start.json().url as string
  expect(authorizeUrl.startsWith(`${oidc.issuer}/`)).toBe(true)

  const browser = new ProviderBrowser()
  let step = await browser.follow(authorizeUrl, oidc.issuer)
  for (const prompt of ['login', 'consent']) {
    expect(step.page).toContain(`name="prompt" value="${prompt}"`)
    const res = await browser.submit(
      step.url,
      prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt },
    )
    step = await browser.follow(new URL(res.headers.get('location')!, step.url).toString(), oidc.issuer)
    if (!step.url.startsWith(oidc.issuer)) break
  }
  expect(step.url.startsWith(CALLBACK)).toBe(true)

  const back = new URL(step.url)
  const callback = await app.inject({ url: back.pathname + back.search, headers: { cookie: stateCookie } })
  return callback
}

/** The user a sign-in's session belongs to, or null when it made none. */
async function sessionUser(callback: { cookies: { name: string; value: string }[] }, app = t.app) {
  const cookie = callback.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const session = await app.inject({ url: '/api/auth/get-session', headers: { cookie } })
  return (session.json() as { user: { id: string; role: string } } | null)?.user ?? null
}

const providerAccounts = async (userId: string) =>
  t.database.db.select().from(accounts).where(eq(accounts.userId, userId))

describe('Google / OpenID Connect sign-in', () => {
  it('tells the web app which provider "Continue With Google" uses', async () => {
    expect((await t.app.inject('/api/config')).json().googleSignIn).toBe('oidc')
  })

  it('signs a new person in as a customer through the provider, then gives the original token', async () => {
    const callback = await signInWithProvider('olive.oidc@example.test')
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/')
    const cookie = cookieHeader(callback)
    expect(cookie).toContain('session_token')

    const jwt = await t.app.inject({ url: '/api/jwt?email=olive.oidc@example.test', headers: { cookie } })
    expect(jwt.statusCode).toBe(200)
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${jwt.json().accessToken}` } })
    expect(me.json()).toMatchObject({ email: 'olive.oidc@example.test', name: 'Olive Oidc', role: 'customer' })
  })

  it("holds a provider's name to 80 characters like one typed at sign-up", async () => {
    oidc.names.set('longname@example.test', `  ${'Lorem ipsum '.repeat(1000)}`)
    const callback = await signInWithProvider('longname@example.test')
    oidc.names.delete('longname@example.test')
    expect(callback.statusCode).toBe(302)
    const [row] = await t.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, 'longname@example.test'))
    expect(row!.name).toBe('Lorem ipsum '.repeat(7).slice(0, 80))
  })

  it('signs the same person into the same account the second time', async () => {
    const first = await signInWithProvider('repeat@example.test')
    const second = await signInWithProvider('repeat@example.test')
    const ids = []
    for (const res of [first, second]) {
      const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieHeader(res) } })
      ids.push(session.json().user.id)
    }
    expect(ids[0]).toBe(ids[1])
  })

  it('refuses a callback without the state cookie of the browser that started it', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/login?error=oauth' },
    })
    const state = new URL(start.json().url).searchParams.get('state')
    const forged = await t.app.inject({ url: `/api/auth/callback/oidc?code=forged&state=${state}` })
    expect(forged.statusCode).toBe(302)
    expect(forged.headers.location).toMatch(/error/)
    expect(cookieHeader(forged)).not.toContain('session_token=')
  })
})

describe('joining an existing account by email', () => {
  it('refuses when the provider does not say the address is verified', async () => {
    const local = await insertUser(t.database.db, { email: 'vera@example.test', emailVerified: true })
    oidc.unverified.add('vera@example.test')
    const callback = await signInWithProvider('vera@example.test')
    oidc.unverified.delete('vera@example.test')
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toMatch(/error/)
    expect(await sessionUser(callback)).toBeNull()
    expect(await providerAccounts(local.id)).toEqual([])
  })

  it('joins the account when the provider says the address is verified', async () => {
    const local = await insertUser(t.database.db, { email: 'vicky@example.test', emailVerified: true })
    const callback = await signInWithProvider('vicky@example.test')
    expect(callback.headers.location).toBe('/')
    expect((await sessionUser(callback))?.id).toBe(local.id)
    expect((await providerAccounts(local.id)).map((a) => a.providerId)).toEqual(['oidc'])
  })

  it('refuses even a verified provider address while the local account never proved it (signed up by anyone)', async () => {
    const squatter = await signUp(t.app, { email: 'victim@example.test' })
    const callback = await signInWithProvider('victim@example.test')
    expect(callback.headers.location).toMatch(/error/)
    expect(await sessionUser(callback)).toBeNull()
    expect((await providerAccounts(squatter.id)).map((a) => a.providerId)).toEqual(['credential'])
  })
})

describe('ADMIN_EMAIL through Google / OIDC', () => {
  it('is admin at once when the provider says the address is verified', async () => {
    const callback = await signInWithProvider(ADMIN_EMAIL)
    expect((await sessionUser(callback))?.role).toBe('admin')
  })

  it('stays a customer, with a setup link mailed, when the provider does not vouch for the address', async () => {
    const other = await buildTestApp({
      ADMIN_EMAIL: 'boss@example.test',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
    })
    try {
      oidc.unverified.add('boss@example.test')
      const callback = await signInWithProvider('boss@example.test', other.app)
      oidc.unverified.delete('boss@example.test')
      const user = await sessionUser(callback, other.app)
      expect(user?.role).toBe('customer')
      const [row] = await other.database.db.select().from(users).where(eq(users.email, 'boss@example.test'))
      expect(row).toMatchObject({ role: 'customer', emailVerified: false })
      expect((await setupLinkOf(other.app, 'boss@example.test')).pathname).toBe('/api/auth/verify-email')
    } finally {
      await other.close()
    }
  })
})

describe('without Google or OIDC configured', () => {
  it('says so instead of doing nothing', async () => {
    const plain = await buildTestApp()
    expect((await plain.app.inject('/api/config')).json().googleSignIn).toBeNull()
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'google', callbackURL: '/' },
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    await plain.close()
  })
})
