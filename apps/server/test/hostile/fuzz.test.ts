import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { insertProduct, listingBody } from '../fixtures.ts'
import { ALIAS_FORMS, isRefusal, rawClient } from '../path-aliases.ts'
import { HOSTILE } from './hostile-strings.ts'
import { makeVictim, snapshot } from './victim.ts'

/**
 * Generated bodies, query strings, path params and headers against every /api route the app registered (the
 * route list is the app's own, so a new route is fuzzed without touching this file), as anonymous, customer,
 * seller and admin. Whatever comes in: never a 5xx, a 4xx is `{statusCode, error, message}` JSON without a stack
 * trace, and the victim's rows stay as they were. FUZZ_SEED / FUZZ_RUNS explore further than the default run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 16)

type Who = 'anonymous' | 'customer' | 'seller' | 'admin'

const t = await buildTestApp({ ADMIN_EMAIL })
afterAll(() => t.close())
const [customer, seller, admin] = (await Promise.all([
  signUp(t.app, { email: 'fuzz-customer@example.test', role: 'customer' }),
  signUp(t.app, { email: 'fuzz-seller@example.test', role: 'seller' }),
  signUp(t.app, { email: ADMIN_EMAIL }),
])) as [Session, Session, Session]
const attackers: Record<Exclude<Who, 'anonymous'>, Session> = { customer, seller, admin }
const own = await insertProduct(t.database.db, seller.id)
const victim = await makeVictim(t.app, t.database.db, 'fuzz')
const before = await snapshot(t.database.db, victim)

const routes = t.app.apiRoutes.map((r) => ({ method: r.method, url: r.url }))

/** Valid values for every body field any route reads: a generated body starts here and breaks some of them. */
const VALID: Record<string, unknown> = {
  ...listingBody(own.img, { title: 'Fuzz Tote', resell_price: 120.5, specialty: 'Stitched' }),
  name: 'Fuzzy',
  email: customer.email,
  role: 'customer',
  product_id: own.id,
  number: '+1 555 0101',
  bookingId: victim.bookingId,
  clientSecret: 'pi_secret_x',
  card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' },
  transactionId: 'tx_test_x',
  reason: 'counterfeit',
  action: 'dismiss',
  password: 'Secret#123',
  newPassword: 'Secret#1234',
  token: 'abc',
  code: 'WELCOME10',
  // a listing's details and a brand
  brand: 'chanel',
  colour: 'black',
  material: 'leather',
  wear: { corners: 'Light rubbing' },
  measurements: { width: 25, height: 15 },
  includes: ['dust bag'],
  photos: [own.img],
  aliases: ['Fuzz'],
  tier: 'luxury',
  // messages
  productId: own.id,
  text: 'Is it still available?',
}
const KEYS = [...Object.keys(VALID), '__proto__', 'constructor', 'prototype', 'verified', 'status', 'advertisement']

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostile },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 1e21, Number.MAX_SAFE_INTEGER, 0.001, 120.555),
  fc.jsonValue({ maxDepth: 2 }),
)

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string }
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  {
    // a valid body with some fields broken, dropped or added
    weight: 5,
    arbitrary: fc
      .dictionary(fc.constantFrom(...KEYS), fc.option(value, { nil: undefined }), { maxKeys: 5 })
      .map((broken): Body => {
        const v: Record<string, unknown> = { ...VALID }
        for (const [k, x] of Object.entries(broken)) {
          if (x === undefined) delete v[k]
          else Object.defineProperty(v, k, { value: x, enumerable: true, writable: true, configurable: true })
        }
        return { kind: 'json', value: v }
      }),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value })) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        text: fc.oneof(hostile, fc.constantFrom('{', '{"a":', '[1,', '{"__proto__":{"x":1}}', 'a=b&c=d', '\u0000')),
        type: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/xml',
          'garbage',
        ),
      })
      .map(({ text, type }): Body => ({ kind: 'raw', text, type })),
  },
)

const query = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom('email', 'role', 'limit', 'cursor', 'category', 'advertised', 'status'), hostile),
    fc.oneof(hostile, fc.constantFrom(customer.email, victim.customer.email, '5', '100', '101')),
    fc.boolean(), // encoded or raw
  ),
  { maxLength: 4 },
)

/** A header half of the time (a quarter for authorization: it takes the bearer path and hides the cookie one). */
const maybe = (arb: fc.Arbitrary<string>, absent = 1) =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })
const headers = fc
  .record({
    origin: maybe(fc.constantFrom(ORIGIN, 'https://evil.example', 'null', 'garbage', '')),
    referer: maybe(fc.constantFrom(`${ORIGIN}/x`, 'https://evil.example/', 'not a url', '::', 'http://', '/relative')),
    accept: maybe(fc.constantFrom('application/json', 'text/html', '*/*', 'garbage/;;')),
    'if-none-match': maybe(fc.constantFrom('*', 'W/"x"', '"', 'garbage')),
    'accept-encoding': maybe(fc.constantFrom('gzip', 'br', 'identity;q=0', 'garbage')),
    'x-forwarded-for': maybe(fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1')),
    cookie: maybe(
      fc.constantFrom(
        'better-auth.session_token=garbage',
        'better-auth.session_token=a.b',
        `better-auth.session_token=${'x'.repeat(300)}`,
        '=;;=',
      ),
    ),
    authorization: maybe(
      fc.constantFrom('Bearer garbage', 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', 'Bearer', 'bearer x'),
      3,
    ),
  })
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>)

/** What a :param becomes: the victim's ids (not for the admin, who may legitimately remove them), own ids, junk. */
function param(who: Who) {
  const ids = who === 'admin' ? [own.id] : [own.id, customer.id, seller.id, ...victim.ids]
  return fc.tuple(fc.oneof(fc.constantFrom(...ids), fc.uuid(), hostile), fc.boolean())
}

const request = (who: Who) =>
  fc.record({
    params: fc.array(param(who), { minLength: 3, maxLength: 3 }),
    query,
    body,
    headers,
    // the bearer token, or the session cookie (then writes also meet the CSRF check)
    viaCookie: fc.boolean(),
  })

const AUTH_PATHS = [
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'get-session',
  'request-password-reset',
  'reset-password',
  'reset-password/abc',
  'change-password',
  'update-user',
  'delete-user',
  'list-sessions',
  'revoke-sessions',
  'sign-in/social',
  'callback/google',
  'verify-email',
  'ok',
  'error',
]

/** Percent-encoded as a browser would (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const uri = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'))
const enc = ([s, encoded]: readonly [string, boolean]) => (encoded ? uri(s) : s)

function urlFor(pattern: string, params: (readonly [string, boolean])[], q: (readonly [string, string, boolean])[]) {
  let i = 0
  const path = pattern
    .replace(/:[A-Za-z_]+/g, () => enc(params[i++ % params.length]!) || 'x')
    .replace(/\*$/, () => {
      const [value, encoded] = params[i++ % params.length]!
      // better-auth's own endpoints half of the time, so their bodies and the rules in front of them get fuzzed
      return encoded ? AUTH_PATHS[value.length % AUTH_PATHS.length]! : value
    })
  const qs = q.map(([k, v, e]) => (e ? `${uri(k)}=${uri(v)}` : `${k}=${v}`)).join('&')
  return qs ? `${path}?${qs}` : path
}

const STACK = /\n\s+at |\.ts:\d+|\.js:\d+|node_modules|\/work\/|file:\/\//

function checkAnswer(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 500)}`).toBeLessThan(500)
  expect(res.body, what).not.toMatch(STACK)
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/)
    const json = res.json()
    expect(
      Object.keys(json)
        .filter((k) => k !== 'code' && k !== 'field')
        .sort(),
      what,
    ).toEqual(['error', 'message', 'statusCode'])
    expect(json.statusCode, what).toBe(res.statusCode)
    expect(typeof json.message, what).toBe('string')
  }
}

describe('fuzzing every /api route', () => {
  it('has the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(30)
    expect(routes).toContainEqual({ method: 'POST', url: '/api/categoryDetails' })
  })

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      for (const who of ['anonymous', 'customer', 'seller', 'admin'] as const) {
        await fc.assert(
          fc.asyncProperty(request(who), async (r) => {
            const url = urlFor(route.url, r.params, r.query)
            const h: Record<string, string> = { ...r.headers }
            if (who !== 'anonymous' && r.viaCookie) h.cookie = attackers[who].cookie
            else if (who !== 'anonymous') h.authorization = attackers[who].bearer.authorization
            let payload: string | undefined
            if (r.body.kind === 'json' && route.method !== 'GET') {
              payload = JSON.stringify(r.body.value)
              h['content-type'] = 'application/json'
            } else if (r.body.kind === 'raw' && route.method !== 'GET') {
              payload = r.body.text
              h['content-type'] = r.body.type
            }
            const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
            const res = await t.app.inject({ method, url, headers: h, ...(payload !== undefined ? { payload } : {}) })
            checkAnswer(res, `${who} ${method} ${url} ${JSON.stringify(h)} ${payload?.slice(0, 300)}`)
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: false },
        )
      }
      // nothing the attackers sent changed the victim's rows
      expect(await snapshot(t.database.db, victim)).toEqual(before)
    })
  }
})

/**
 * The same generated requests' paths, spelt otherwise (dot segments, encoded dots and letters,
 * doubled and trailing slashes, case, ';' parameters, backslashes, fragments, absolute-form targets), sent over a
 * real socket as written (`inject` would normalise them). Each alias gets a refusal (400/404 in our error shape) or
 * exactly the plain path's answer (status and body): never a 5xx, never another access decision than the plain path's.
 */
const send = await rawClient(t.app)

/** A route's plain path with real-looking params: an email where the route takes one, the seller's product elsewhere. */
function plainPath(pattern: string, authPath: string): string {
  return pattern
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(name === 'email' ? customer.email : own.id))
    .replace(/\*$/, authPath)
}

const AUTH_BODY = {
  name: 'Fuzz Alias',
  email: 'fuzz-alias@example.test',
  password: 'aaaaaa',
  currentPassword: 'aaaaaa',
  newPassword: 'aaaaaa',
  token: 'abc',
}

describe('path aliases of every /api route', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ALIAS_FORMS),
          fc.constantFrom(...AUTH_PATHS),
          fc.constantFrom('anonymous', 'customer'),
          async (form, authPath, who) => {
            const path = plainPath(route.url, authPath)
            const headers: Record<string, string> = { origin: ORIGIN }
            if (who === 'customer') headers.authorization = customer.bearer.authorization
            // better-auth's paths get a body its rules judge (a weak password: sign-up must refuse it)
            const payload = route.url.endsWith('*') && route.method === 'POST' ? AUTH_BODY : undefined
            const plain = await send({ method: route.method, path, headers, payload })
            const alias = form.make(path)
            const res = await send({ method: route.method, path: alias, headers, payload })
            const what = `${who} ${route.method} ${alias} (${form.name}) → ${res.status} ${res.body.slice(0, 300)}; plain ${path} → ${plain.status}`
            expect(res.status, what).toBeLessThan(500)
            if (isRefusal(res)) return
            expect(res.status, what).toBe(plain.status)
            // (a 429 says how many seconds or minutes are left, which moves on between the two answers)
            const wait = (body: string) => body.replace(/wait (\d+ (seconds|minutes)|a second)/, 'wait …')
            expect(wait(res.body), what).toBe(wait(plain.body))
          },
        ),
        // better-auth's catch-all stands for many paths, each with rules of its own: it gets more runs
        { numRuns: route.url.endsWith('*') ? RUNS * 10 : RUNS, seed: SEED, endOnFailure: false },
      )
    })
  }
})
