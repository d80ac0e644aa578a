import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, ORIGIN } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type LocalOidc, startLocalOidc } from '../../../test/fakes/oidc-provider.ts'

/**
 * "Continue With Google" through OpenID Connect, end to end against a real OpenID Provider started here
 * (oidc-provider): authorization request, the provider's login and consent, the code exchange by our server,
 * the session, then the spec's token.
 */
let oidc: LocalOidc
let t: TestApp
const CALLBACK = `${ORIGIN}/api/auth/callback/oidc`

beforeAll(async () => {
  oidc = await startLocalOidc([CALLBACK])
  t = await buildTestApp({
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

async function signInWithProvider(email: string) {
  const start = await t.app.inject({
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
  const callback = await t.app.inject({ url: back.pathname + back.search, headers: { cookie: stateCookie } })
  return callback
}

describe('Google / OpenID Connect sign-in', () => {
  it('tells the web app which provider "Continue With Google" uses', async () => {
    expect((await t.app.inject('/api/config')).json().googleSignIn).toBe('oidc')
  })

  it('signs a new person in as a customer through the provider, then gives the spec token', async () => {
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
