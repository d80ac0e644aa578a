import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { messages } from '@preloved/shared/messages'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, products, reports, users } from '../../src/db/schema/index.ts'
import { loadConfig } from '../../src/plugins/config.ts'
import { ADMIN_EMAIL, ORIGIN, type Session, signIn, signUp, someIp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { insertProduct, listingBody } from '../fixtures.ts'
import { ALIAS_FORMS, isRefusal, rawClient, someLoopback } from '../path-aliases.ts'
import { spawnServer } from '../server-process.ts'
import { postImage, uploadPhoto } from '../upload.ts'
import { SQL_INJECTION, XSS } from './hostile-strings.ts'
import { makeVictim, snapshot, type Victim } from './victim.ts'

/** OWASP top-ten checks on the real app: injection, oversized and poisoned bodies, traversal, CSRF. */
let t: TestApp
let seller: Session
let customer: Session
let admin: Session
let victim: Victim
let img: string

const errorKeys = (body: Record<string, unknown>) =>
  Object.keys(body)
    .filter((k) => k !== 'code' && k !== 'field')
    .sort()

const listing = (over: Record<string, unknown> = {}) =>
  listingBody(img, { title: 'Hostile Tote', specialty: 'Stitched', ...over })

const post = (s: Session, url: string, payload: unknown, method: 'POST' | 'PUT' | 'PATCH' = 'POST') =>
  t.app.inject({ method, url, headers: s.bearer, payload: payload as object })

beforeAll(async () => {
  // the customer holds many bags over these tests, and the seller lists many (more than a new seller's hourly 10)
  t = await buildTestApp({ ADMIN_EMAIL, MAX_OPEN_HOLDS: '100', LISTINGS_PER_HOUR_UNVERIFIED: '1000' })
  ;[seller, customer, admin] = await Promise.all([
    signUp(t.app, { email: 'o-seller@example.test', role: 'seller' }),
    signUp(t.app, { email: 'o-customer@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  img = await uploadPhoto(t.app, seller)
  victim = await makeVictim(t.app, t.database.db, 'owasp')
})
afterAll(() => t.close())

describe('SQL injection', () => {
  it('stores injection strings in every text field of a listing verbatim', async () => {
    const before = await snapshot(t.database.db, victim)
    for (const attack of SQL_INJECTION) {
      const body = listing({ title: attack, location: attack, description: attack, specialty: attack })
      const res = await post(seller, '/api/categoryDetails', body)
      expect(res.statusCode, res.body).toBe(200)
      const stored = (await t.app.inject(`/api/products/${res.json().insertedId}`)).json()
      expect(stored).toMatchObject({ title: attack, location: attack, description: attack, specialty: attack })
    }
    expect(await snapshot(t.database.db, victim)).toEqual(before)
    // every table is still there and whole
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products)
    expect(row!.n).toBeGreaterThanOrEqual(SQL_INJECTION.length + 4)
  })

  it('stores them verbatim in names, bookings and report notes', async () => {
    for (const [i, attack] of SQL_INJECTION.entries()) {
      const name = attack.slice(0, 80)
      const me = await post(customer, '/api/users', { name, email: customer.email, role: 'customer' })
      expect(me.statusCode, me.body).toBe(200)
      expect((await t.app.inject({ url: '/api/me', headers: customer.bearer })).json().name).toBe(name)

      const bag = await insertProduct(t.database.db, seller.id, { title: `SQLi bag ${i}` })
      const booked = await post(customer, '/api/bookings', {
        product_id: bag.id,
        number: '+1 555 0100',
        location: attack,
      })
      expect(booked.statusCode, booked.body).toBe(200)
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.json().insertedId))
      expect(row!.location).toBe(attack)

      const reported = await post(customer, '/api/reports', { product_id: bag.id, reason: 'other', note: attack })
      expect(reported.statusCode, reported.body).toBe(200)
      const [report] = await t.database.db.select().from(reports).where(eq(reports.productId, bag.id))
      expect(report!.note).toBe(attack)
    }
  })

  it('answers injection strings in query strings and path params without an error or a leak', async () => {
    const callers = [undefined, customer, seller, admin]
    for (const attack of SQL_INJECTION) {
      const q = encodeURIComponent(attack)
      const p = encodeURIComponent(attack)
      for (const s of callers) {
        for (const url of [
          `/api/categoryDetails?email=${q}`,
          `/api/categoryDetails?category=${q}`,
          `/api/categoryDetails?cursor=${q}`,
          `/api/categoryDetails?limit=${q}`,
          `/api/categoryDetails/${p}`,
          `/api/products/${p}`,
          `/api/bookings?email=${q}`,
          `/api/bookings/${p}`,
          `/api/wishlists?email=${q}`,
          `/api/users?role=${q}`,
          `/api/users/admin/${p}`,
          `/api/users/seller/${p}`,
          `/api/seller/verified/${p}`,
          `/api/reports?status=${q}`,
        ]) {
          const res = await t.app.inject({ url, headers: s?.bearer })
          expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500)
          expect(res.body).not.toMatch(/syntax error|postgres|drizzle|select /i)
          if (res.statusCode >= 400) expect(errorKeys(res.json())).toEqual(['error', 'message', 'statusCode'])
          // a lookup may answer "no" (isAdmin: false), never with someone else's rows
          else expect(res.body, url).not.toMatch(/victim-/)
        }
      }
      // a public yes/no: whatever the id, an unknown one is simply not paid
      // (an encoded slash or backslash is no id: the path is refused as not in its plain form)
      const paid = await t.app.inject(`/api/product/paid/${p}`)
      if (/[\\/]/.test(attack)) expect(paid.statusCode).toBe(400)
      else expect(paid.json()).toEqual({ isPaid: false })
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: someIp(),
        payload: { email: `${attack}@example.test`, password: attack },
      })
      expect([400, 401], signIn.body).toContain(signIn.statusCode)
    }
  })
})

describe('NUL characters', () => {
  it('are refused with 400 wherever they come in, not failed in PostgreSQL with a 500', async () => {
    const bag = await insertProduct(t.database.db, seller.id)
    const cases: [Session | undefined, 'GET' | 'POST' | 'PUT', string, object | undefined][] = [
      [seller, 'POST', '/api/categoryDetails', listing({ title: 'Nul\u0000Tote' })],
      [seller, 'POST', '/api/categoryDetails', listing({ description: 'a\u0000' })],
      [customer, 'POST', '/api/users', { name: 'a\u0000b', email: customer.email, role: 'customer' }],
      [customer, 'POST', '/api/bookings', { product_id: bag.id, number: '+1 555 0100', location: '\u0000' }],
      [customer, 'POST', '/api/reports', { product_id: bag.id, reason: 'other', note: 'x\u0000' }],
      [customer, 'POST', '/api/wishlists', { product_id: `${bag.id}\u0000` }],
      [admin, 'GET', '/api/users/admin/a%00b', undefined],
      [admin, 'PUT', '/api/users/admin/a%00b', undefined],
      [customer, 'GET', '/api/seller/verified/%00', undefined],
      [customer, 'GET', '/api/bookings?email=a%00@example.test', undefined],
      [undefined, 'GET', '/api/products/%00', undefined],
      [
        undefined,
        'POST',
        '/api/auth/sign-up/email',
        { name: 'N\u0000', email: 'nul@example.test', password: 'Secret#123' },
      ],
      [undefined, 'POST', '/api/auth/sign-in/email', { email: 'nul@example.test', password: 'Secret#123\u0000' }],
    ]
    for (const [who, method, url, payload] of cases) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, ...who?.bearer },
        remoteAddress: someIp(),
        ...(payload ? { payload } : {}),
      })
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Text may not contain the NUL character (\\u0000).',
      })
    }
    const [nul] = await t.database.db.select().from(users).where(eq(users.email, 'nul@example.test'))
    expect(nul).toBeUndefined()
  })
})

describe('cross-site scripting payloads', () => {
  it('are stored and returned as plain text, never rewritten or refused', async () => {
    // the browser half (nothing runs when the pages show them) is e2e/hostile.test.ts
    for (const attack of XSS) {
      const res = await post(seller, '/api/categoryDetails', listing({ title: attack, description: attack }))
      expect(res.statusCode, res.body).toBe(200)
      const stored = await t.app.inject(`/api/products/${res.json().insertedId}`)
      expect(stored.headers['content-type']).toMatch(/^application\/json/)
      expect(stored.json()).toMatchObject({ title: attack, description: attack })
    }
  })
})

describe('oversized bodies', () => {
  const big = (bytes: number) => JSON.stringify({ ...listing(), description: 'x'.repeat(bytes) })

  for (const url of ['/api/categoryDetails', '/api/auth/sign-in/email', '/api/bookings', '/api/users']) {
    it(`${url}: a body over 1 MB is 413 JSON`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...seller.bearer, origin: ORIGIN, 'content-type': 'application/json' },
        payload: big(1024 * 1024 + 10),
      })
      expect(res.statusCode).toBe(413)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(errorKeys(res.json())).toEqual(['error', 'message', 'statusCode'])
      expect(res.json().statusCode).toBe(413)
    })
  }

  it('a field over its length limit is 400 naming the field, not stored', async () => {
    const before = (
      await t.app.inject({ url: `/api/categoryDetails?email=${seller.email}`, headers: seller.bearer })
    ).json().length
    const res = await post(seller, '/api/categoryDetails', listing({ description: 'x'.repeat(2001) }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('description must be at most 2000 characters')
    const after = (
      await t.app.inject({ url: `/api/categoryDetails?email=${seller.email}`, headers: seller.bearer })
    ).json().length
    expect(after).toBe(before)
  })
})

describe('malformed uploads', () => {
  it('a body that claims to be multipart but is not one is 400 JSON, not a 500', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', "' OR '1'='1"],
      ['multipart/form-data; boundary=x', 'no parts at all'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\ncut',
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...seller.bearer, 'content-type': type },
        payload,
      })
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400)
      expect(res.json().message).toBe(
        'The upload is not valid multipart/form-data. Send the photo in the field "image".',
      )
    }
  })
})

describe('prototype pollution', () => {
  const poisoned = [
    (body: object) => `{"__proto__":{"polluted":"yes","role":"admin","verified":true},${JSON.stringify(body).slice(1)}`,
    (body: object) =>
      `{"constructor":{"prototype":{"polluted":"yes","role":"admin","verified":true}},${JSON.stringify(body).slice(1)}`,
    (body: object) => JSON.stringify({ ...body, nested: { __proto__: { polluted: 'yes' } } }),
  ]

  it('a poisoned JSON body neither pollutes Object.prototype nor stores anything extra', async () => {
    // a reporter of its own: the customer's hourly report allowance went to the injection tests
    const reporter = await signUp(t.app, { email: 'o-reporter@example.test', role: 'customer' })
    const cases: { who: Session; url: string; body: () => Promise<object> | object }[] = [
      { who: seller, url: '/api/categoryDetails', body: () => listing({ title: 'Poisoned Tote' }) },
      { who: customer, url: '/api/users', body: () => ({ name: 'Poison', email: customer.email, role: 'customer' }) },
      {
        who: customer,
        url: '/api/bookings',
        body: async () => ({
          product_id: (await insertProduct(t.database.db, seller.id)).id,
          number: '+1 555 0100',
          location: 'Porto',
        }),
      },
      {
        who: reporter,
        url: '/api/reports',
        body: async () => ({ product_id: (await insertProduct(t.database.db, seller.id)).id, reason: 'scam' }),
      },
    ]
    for (const c of cases) {
      for (const poison of poisoned) {
        const res = await t.app.inject({
          method: 'POST',
          url: c.url,
          headers: { ...c.who.bearer, 'content-type': 'application/json' },
          payload: poison(await c.body()),
        })
        // fastify refuses __proto__ / constructor.prototype keys outright; a nested copy is simply ignored
        expect([200, 400], `${c.url}: ${res.body}`).toContain(res.statusCode)
        if (res.statusCode === 400) expect(errorKeys(res.json())).toEqual(['error', 'message', 'statusCode'])
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        expect(Object.prototype).not.toHaveProperty('role')
        expect(Object.prototype).not.toHaveProperty('verified')
      }
    }
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      remoteAddress: someIp(),
      payload: `{"__proto__":{"role":"admin"},"name":"P","email":"proto@example.test","password":"Secret#123","role":"admin"}`,
    })
    expect(signUpRes.statusCode).toBeLessThan(500)
    // nobody became admin or verified through the poison, and nothing polluted the rows
    const [me] = await t.database.db.select().from(users).where(eq(users.id, customer.id))
    expect(me).toMatchObject({ role: 'customer', verified: false })
    const [proto] = await t.database.db.select().from(users).where(eq(users.email, 'proto@example.test'))
    if (proto) expect(proto).toMatchObject({ role: 'customer', verified: false })
    const mine = await t.database.db.select().from(products).where(eq(products.sellerId, seller.id))
    expect(mine.every((p) => !p.advertisement && p.status === 'available')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('path traversal', () => {
  it('never serves a file outside the upload folder, however the path is spelt', async () => {
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'top-secret-value')
    for (const url of [
      '/uploads/..%5csecret.txt',
      '/uploads/..\\secret.txt',
      '/uploads/%2e%2e%5csecret.txt',
      '/uploads/%252e%252e%252fsecret.txt',
      '/uploads/..%252fsecret.txt',
      '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/....//secret.txt',
      '/uploads/..;/secret.txt',
      '/uploads//etc/passwd',
      '/uploads/secret.txt%00.webp',
      '/uploads/%00../secret.txt',
      '/uploads/%c0%ae%c0%ae/secret.txt',
      '/uploads/.%2e/secret.txt',
      '/uploads/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    ]) {
      const res = await t.app.inject(url)
      expect([400, 403, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode)
      expect(res.body).not.toContain('top-secret-value')
      expect(res.body).not.toContain('root:')
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toMatchObject({ statusCode: res.statusCode })
    }
  })

  it('refuses a listing whose image points outside the upload folder', async () => {
    const count = async () =>
      (await t.database.db.select().from(products).where(eq(products.sellerId, seller.id))).length
    const before = await count()
    for (const bad of [
      '/uploads/../../etc/passwd',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..\\..\\secret.txt',
      `${img}\u0000.png`,
      `${img}/../../secret.txt`,
      'file:///etc/passwd',
      'https://evil.example/bag.webp',
      'javascript:alert(1)',
      '//evil.example/bag.webp',
    ]) {
      const res = await post(seller, '/api/categoryDetails', listing({ img: bad }))
      expect([400, 404], `${bad}: ${res.body}`).toContain(res.statusCode)
      expect(errorKeys(res.json())).toEqual(['error', 'message', 'statusCode'])
    }
    expect(await count()).toBe(before)
  })

  it('refuses upload file names that try to climb out, and stores under a name of its own', async () => {
    for (const filename of ['../../evil.png', '..%2f..%2fevil.png', '..\\..\\evil.png', 'evil.png\u0000.txt']) {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      )
      const res = await postImage(t.app, seller, png, { filename })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.url).toMatch(/^\/uploads\/[0-9a-f]+-\d+\.webp$/)
    }
  })
})

describe('CSRF on cookie-authenticated writes', () => {
  it('refuses every write route called with a session cookie and a foreign, missing or broken origin', async () => {
    const writes = t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.access !== 'public')
    expect(writes.length).toBeGreaterThan(10)
    const before = await snapshot(t.database.db, victim)
    const mine = await t.database.db.select().from(products).where(eq(products.sellerId, seller.id))
    for (const route of writes) {
      for (const who of [customer, seller, admin]) {
        for (const bad of [
          {},
          { origin: 'https://evil.example' },
          { origin: 'null' },
          { origin: `${ORIGIN}.evil.example` },
          { referer: 'https://evil.example/page' },
          { referer: 'not a url' },
          { referer: `${ORIGIN}.evil.example/` },
        ]) {
          const url = route.url.replace(/:[A-Za-z]+/g, mine[0]!.id)
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { cookie: who.cookie, ...bad },
            payload: { product_id: mine[0]!.id, reason: 'scam', name: 'CSRF', email: who.email, role: 'seller' },
          })
          expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(bad)}: ${res.body}`).toBe(403)
          expect(res.json().message).toBe(messages.auth.untrustedOrigin)
        }
      }
    }
    expect(await snapshot(t.database.db, victim)).toEqual(before)
    expect(await t.database.db.select().from(products).where(eq(products.sellerId, seller.id))).toEqual(mine)
    // the same cookie from the site itself is let through (here: the owner's own profile)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: customer.cookie, referer: `${ORIGIN}/dashboard` },
      payload: { name: 'Via Referer', email: customer.email, role: 'customer' },
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })
})

describe('security headers', () => {
  const check = (h: Record<string, unknown>, where: string) => {
    const csp = String(h['content-security-policy'])
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
    expect(scriptSrc, where).not.toContain("'unsafe-inline'")
    expect(scriptSrc, where).not.toContain("'unsafe-eval'")
    expect(csp, where).toContain("frame-ancestors 'none'")
    expect(csp, where).toContain("object-src 'none'")
    expect(h['x-content-type-options'], where).toBe('nosniff')
    expect(h['referrer-policy'], where).toBe('no-referrer')
    expect(h['x-frame-options'], where).toBe('SAMEORIGIN')
  }

  it('are on answers, errors, unknown routes and uploads, with no HSTS on plain http', async () => {
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/me', {}],
      ['/api/products/not-a-bag', {}],
      ['/api/nope', {}],
      [img, {}],
      ['/api/health', { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const res = await t.app.inject({ url, headers })
      check(res.headers, url)
      // a client's x-forwarded-proto does not turn HSTS on: only a PUBLIC_URL on https does
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('add HSTS behind TLS (PUBLIC_URL on https)', async () => {
    const tls = await buildTestApp({ PUBLIC_URL: 'https://shop.example', PAYMENTS: 'test' })
    try {
      for (const url of ['/api/health', '/api/nope']) {
        const res = await tls.app.inject(url)
        expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/)
        check(res.headers, url)
      }
    } finally {
      await tls.close()
    }
  })
})

describe('signing in as someone else', () => {
  it('the victim keeps their password after a storm of wrong ones', async () => {
    for (const attack of SQL_INJECTION.slice(0, 5)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: someIp(),
        payload: { email: victim.customer.email, password: attack },
      })
      expect(res.statusCode).toBe(401)
    }
    await signIn(t.app, victim.customer.email)
  })
})

describe('token revocation after sign-out', () => {
  it('a stolen access token stops working once its owner signs out', async () => {
    const owner = await signUp(t.app, { email: 'o-revoked@example.test', role: 'seller' })
    const stolen = owner.bearer
    expect((await t.app.inject({ url: '/api/me', headers: stolen })).statusCode).toBe(200)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie: owner.cookie },
      payload: {},
    })
    expect(out.statusCode).toBe(200)
    // reads and writes alike: the token is dead, whatever route it is tried on
    for (const req of [
      { method: 'GET' as const, url: '/api/me' },
      { method: 'GET' as const, url: `/api/categoryDetails?email=${owner.email}` },
      { method: 'POST' as const, url: '/api/categoryDetails', payload: listing() },
      { method: 'POST' as const, url: '/api/users', payload: { name: 'X', email: owner.email, role: 'customer' } },
    ]) {
      const res = await t.app.inject({ ...req, headers: stolen })
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(401)
      expect(res.json().message).toBe(messages.auth.sessionExpired)
    }
    // and it cannot mint itself a new one
    const renew = await t.app.inject({ url: `/api/jwt?email=${owner.email}`, headers: stolen })
    expect(renew.statusCode).toBe(401)
  })
})

describe('rate limits reached through aliases', () => {
  const limited = [
    {
      path: '/api/auth/sign-in/email',
      perAccount: 8,
      body: (email: string) => ({ email, password: 'Wrong#123' }),
    },
    {
      path: '/api/auth/sign-up/email',
      perAccount: 3,
      body: (email: string) => ({ name: 'Alias', email, password: 'Secret#123' }),
    },
    {
      path: '/api/auth/request-password-reset',
      perAccount: 3,
      body: (email: string) => ({ email, redirectTo: '/reset-password' }),
    },
  ]

  it.each(limited.map((l) => [l.path, l] as const))(
    '%s: aliases and the plain path share one allowance per account, or the alias is refused',
    async (_path, { path, perAccount, body }) => {
      const send = await rawClient(t.app)
      const email = `rl-${Math.random().toString(36).slice(2, 10)}@example.test`
      // a storm through every alias, then through the plain path, for one account: answered (neither refused nor
      // 429) at most perAccount times in all; each storm from an address of its own, so only the account limit holds.
      // (A refused alias may still count: /api/auth/SIGN-IN/EMAIL is limited like the plain path, then better-auth,
      // whose paths are lower-case, answers 404.)
      const served: string[] = []
      for (const target of [...ALIAS_FORMS.map((f) => f.make(path)), path]) {
        const from = someLoopback()
        for (let i = 0; i <= perAccount; i++) {
          const res = await send({
            method: 'POST',
            path: target,
            headers: { origin: ORIGIN },
            payload: body(email),
            from,
          })
          expect(res.status, `${target} → ${res.body}`).toBeLessThan(500)
          if (res.status !== 429 && !(target !== path && isRefusal(res))) served.push(`${target} → ${res.status}`)
        }
      }
      expect(served.length, served.join('\n')).toBeLessThanOrEqual(perAccount)
    },
  )
})

describe('secrets in start-up errors', () => {
  const SECRET = 'hunter2-0wasp-secret'
  /** What `npm start` prints for this environment, and its exit code (the real server, in a process of its own). */
  async function startOutput(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
    const dir = await mkdtemp(path.join(tmpdir(), 'preloved-owasp-start-'))
    const { child, output, exit } = spawnServer({ DATA_DIR: dir, PORT: '0', ...env })
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    const code = await exit
    clearTimeout(timer)
    await rm(dir, { recursive: true, force: true })
    return { code, out: output() }
  }

  it.each([
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: `rk_live_${SECRET}`, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }],
    ['AUTH_SECRET', { AUTH_SECRET: SECRET }],
    ['DATABASE_URL', { DATABASE_URL: `mysql://shop:${SECRET}@db.internal/shop` }],
    ['SMTP_URL', { SMTP_URL: `http://mailer:${SECRET}@mail.internal` }],
    ['REDIS_URL', { REDIS_URL: `tcp://:${SECRET}@cache.internal:6379` }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: `wh_${SECRET}` }],
  ])('a bad %s is named, never echoed', (name, env) => {
    let message = ''
    try {
      loadConfig({ DATA_DIR: t.dataDir, ...env })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `))
    expect(message).not.toContain(SECRET)
  })

  it('a refused production start names what to set, not the keys or secrets it was given', () => {
    let message = ''
    try {
      loadConfig({ DATA_DIR: t.dataDir, PUBLIC_URL: 'https://shop.example.com', AUTH_SECRET: `${SECRET}-${SECRET}` })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(/^Refusing to start: production mode/)
    expect(message).not.toContain(SECRET)
  })

  it('the process prints neither a refused secret nor the password of an unreachable database', {
    timeout: 60_000,
  }, async () => {
    const refused = await startOutput({ STRIPE_SECRET_KEY: `sk_${SECRET}`, STRIPE_PUBLISHABLE_KEY: SECRET })
    expect(refused.code).toBe(2)
    expect(refused.out.trim()).toBe('Invalid configuration: STRIPE_PUBLISHABLE_KEY must start with pk_')
    const unreachable = await startOutput({ DATABASE_URL: `postgres://shop:${SECRET}@127.0.0.1:9/shop` })
    expect(unreachable.code).toBe(1)
    expect(unreachable.out).toMatch(/Cannot connect to the database at DATABASE_URL/)
    expect(unreachable.out).not.toContain(SECRET)
  })
})
