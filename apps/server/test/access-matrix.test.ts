import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema/index.ts'
import { ADMIN_EMAIL, ORIGIN, type Session, signUp } from './auth-helpers.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { insertProduct } from './fixtures.ts'

/**
 * The authorization matrix: every /api route × anonymous, customer, seller, verified seller and admin, with the
 * exact status each gets. "self" requests use the caller's own email; "other" the email of someone else.
 * A route missing here fails the coverage test, so every new route must take its place in the matrix.
 */
type Who = 'anonymous' | 'customer' | 'seller' | 'verifiedSeller' | 'admin'
const WHO: Who[] = ['anonymous', 'customer', 'seller', 'verifiedSeller', 'admin']

interface Ctx {
  s: Record<Exclude<Who, 'anonymous'>, Session>
  productId: string
}

interface Case {
  route: string // "METHOD /api/url-pattern" as Fastify registered it
  name?: string
  request: (ctx: Ctx, who: Who) => { url: string; payload?: object }
  expect: Record<Who, number>
}

const all = (status: number): Record<Who, number> => ({
  anonymous: status,
  customer: status,
  seller: status,
  verifiedSeller: status,
  admin: status,
})
const signedIn = (status: number): Record<Who, number> => ({ ...all(status), anonymous: 401 })
const emailOf = (ctx: Ctx, who: Who) => (who === 'anonymous' ? 'nobody@example.test' : ctx.s[who].email)

const cases: Case[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { route: 'GET /api/config', request: () => ({ url: '/api/config' }), expect: all(200) },
  { route: 'GET /api/categories', request: () => ({ url: '/api/categories' }), expect: all(200) },
  { route: 'GET /api/categoryDetails', request: () => ({ url: '/api/categoryDetails' }), expect: all(200) },
  { route: 'GET /api/categoryDetails/:slug', request: () => ({ url: '/api/categoryDetails/Tote' }), expect: all(200) },
  { route: 'GET /api/products/:id', request: (c) => ({ url: `/api/products/${c.productId}` }), expect: all(200) },
  { route: 'GET /api/me', request: () => ({ url: '/api/me' }), expect: signedIn(200) },
  { route: 'GET /api/outbox', request: () => ({ url: '/api/outbox' }), expect: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/users',
    name: 'own profile',
    request: (c, w) => ({
      url: '/api/users',
      payload: { name: 'Same', email: emailOf(c, w), role: w === 'customer' ? 'customer' : 'seller' },
    }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/users',
    name: "someone else's profile",
    request: (c) => ({ url: '/api/users', payload: { name: 'Evil', email: c.s.customer.email, role: 'seller' } }),
    expect: { ...signedIn(403), customer: 200 },
  },
  ...(['admin', 'seller'] as const).map(
    (kind): Case => ({
      route: `GET /api/users/${kind}/:email`,
      name: 'own email',
      request: (c, w) => ({ url: `/api/users/${kind}/${emailOf(c, w)}` }),
      expect: signedIn(200),
    }),
  ),
  ...(['admin', 'seller'] as const).map(
    (kind): Case => ({
      route: `GET /api/users/${kind}/:email`,
      name: "another's email",
      request: (c) => ({ url: `/api/users/${kind}/${c.s.verifiedSeller.email}` }),
      expect: { ...signedIn(403), verifiedSeller: 200, admin: 200 },
    }),
  ),
  {
    route: 'GET /api/seller/verified/:email',
    name: 'own email',
    request: (c, w) => ({ url: `/api/seller/verified/${emailOf(c, w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/seller/verified/:email',
    name: "another's email",
    request: (c) => ({ url: `/api/seller/verified/${c.s.seller.email}` }),
    expect: { ...signedIn(403), seller: 200, admin: 200 },
  },
]

// better-auth's own endpoints are public by nature (sign-in, sign-up…); their rules are tested in auth.test.ts
const NOT_IN_MATRIX = new Set(['GET /api/auth/*', 'POST /api/auth/*', 'GET /api/jwt'])

let t: TestApp
let ctx: Ctx

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL })
  const [customer, seller, verifiedSeller, admin] = await Promise.all([
    signUp(t.app, { email: 'm-customer@example.test', role: 'customer' }),
    signUp(t.app, { email: 'm-seller@example.test', role: 'seller' }),
    signUp(t.app, { email: 'm-verified@example.test', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  await t.database.db.update(users).set({ verified: true }).where(eq(users.id, verifiedSeller!.id))
  const product = await insertProduct(t.database.db, seller!.id)
  ctx = {
    s: { customer: customer!, seller: seller!, verifiedSeller: verifiedSeller!, admin: admin! },
    productId: product.id,
  }
})
afterAll(() => t.close())

describe('authorization matrix', () => {
  it('covers every /api route', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`))
    const covered = new Set([...cases.map((c) => c.route), ...NOT_IN_MATRIX])
    expect([...registered].filter((r) => !covered.has(r))).toEqual([])
    expect([...covered].filter((r) => !registered.has(r))).toEqual([])
  })

  for (const c of cases) {
    for (const who of WHO) {
      it(`${c.route}${c.name ? ` (${c.name})` : ''} as ${who} → ${c.expect[who]}`, async () => {
        const { url, payload } = c.request(ctx, who)
        const method = c.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
        const headers: Record<string, string> = { origin: ORIGIN }
        if (who !== 'anonymous') headers.authorization = ctx.s[who].bearer.authorization
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
        expect(res.statusCode, res.body).toBe(c.expect[who])
        if (res.statusCode >= 400) expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode'])
      })
    }
  }
})
