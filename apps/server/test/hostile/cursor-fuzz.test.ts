import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { encodeCursor } from '../../src/lib/paging.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { insertProduct } from '../fixtures.ts'
import { HOSTILE_CURSORS } from './hostile-strings.ts'

/**
 * Forged paging cursors against every list that takes one (decision 031). The lists are the app's own: every route
 * whose query in the OpenAPI document has a `cursor`, so a new list is fuzzed as soon as it exists (and fails here
 * until it gets a caller below). Each forged cursor is a 400 naming `cursor`, never a 5xx, and nothing is logged as
 * an error (a failed query would log its SQL); a cursor the server could have written still pages.
 * FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261201)
const RUNS = Number(process.env.FUZZ_RUNS ?? 25)

let errorLines: string[] = []
const logStream = new PassThrough()
logStream.on('data', (chunk: Buffer) => {
  for (const line of chunk.toString().split('\n')) if (/"level":(50|60)/.test(line)) errorLines.push(line)
})
const t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000', LOG_LEVEL: 'warn' }, { logStream })
afterAll(() => t.close())
const [buyer, seller, admin] = (await Promise.all([
  signUp(t.app, { email: 'cf-buyer@example.test', role: 'customer' }),
  signUp(t.app, { email: 'cf-seller@example.test', role: 'seller' }),
  signUp(t.app, { email: ADMIN_EMAIL }),
])) as [Session, Session, Session]
const product = await insertProduct(t.database.db, seller.id)
const opened = await t.app.inject({
  method: 'POST',
  url: '/api/conversations',
  headers: buyer.bearer,
  payload: { productId: product.id, text: 'Hello' },
})
const conversationId = opened.json().conversationId as string

/**
 * How each cursor is read: `keyset` lists decode `(created_at, id)` with lib/paging (`text` ids: better-auth's users),
 * `signed` is the search's MAC'd cursor, `seq` a conversation's message number.
 */
type Kind = 'keyset' | 'keyset-text' | 'signed' | 'seq'
interface Caller {
  who: Session | undefined
  path: string
  kind: Kind
}

/** Who calls each list, and where, so that the cursor is what decides the answer. */
const CALLERS: Record<string, Caller[]> = {
  'GET /api/users': [
    { who: admin, path: '/api/users?role=customer', kind: 'keyset-text' },
    { who: admin, path: '/api/users?role=seller', kind: 'keyset-text' },
  ],
  'GET /api/outbox': [{ who: admin, path: '/api/outbox', kind: 'keyset' }],
  'GET /api/orders': [
    { who: buyer, path: '/api/orders', kind: 'keyset' },
    { who: seller, path: '/api/orders?role=seller', kind: 'keyset' },
  ],
  'GET /api/admin/orders': [{ who: admin, path: '/api/admin/orders', kind: 'keyset' }],
  'GET /api/admin/disputes': [{ who: admin, path: '/api/admin/disputes', kind: 'keyset' }],
  'GET /api/categoryDetails': [
    { who: undefined, path: '/api/categoryDetails', kind: 'keyset' },
    { who: undefined, path: '/api/categoryDetails?advertised=false', kind: 'keyset' },
    { who: seller, path: `/api/categoryDetails?email=${encodeURIComponent(seller.email)}`, kind: 'keyset' },
  ],
  'GET /api/categoryDetails/{slug}': [{ who: undefined, path: '/api/categoryDetails/Tote', kind: 'keyset' }],
  'GET /api/search': [
    { who: undefined, path: '/api/search', kind: 'signed' },
    { who: undefined, path: '/api/search?sort=price_asc', kind: 'signed' },
  ],
  'GET /api/sellers/{id}': [{ who: undefined, path: `/api/sellers/${seller.id}`, kind: 'keyset' }],
  'GET /api/earnings': [{ who: seller, path: '/api/earnings', kind: 'keyset' }],
  'GET /api/offers': [{ who: buyer, path: '/api/offers', kind: 'keyset' }],
  'GET /api/conversations': [{ who: buyer, path: '/api/conversations', kind: 'keyset' }],
  'GET /api/conversations/{id}/messages': [
    { who: buyer, path: `/api/conversations/${conversationId}/messages`, kind: 'seq' },
  ],
  'GET /api/message-reports': [{ who: admin, path: '/api/message-reports', kind: 'keyset' }],
  'GET /api/admin/flags': [
    { who: admin, path: '/api/admin/flags', kind: 'keyset' },
    { who: admin, path: '/api/admin/flags?status=resolved', kind: 'keyset' },
  ],
  'GET /api/notifications': [{ who: buyer, path: '/api/notifications', kind: 'keyset' }],
  'GET /api/sellers/{id}/reviews': [{ who: undefined, path: `/api/sellers/${seller.id}/reviews`, kind: 'keyset' }],
}

await t.app.ready()
const doc = t.app.swagger() as {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>
}
const listsWithCursor = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([, op]) => op.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'))
    .map(([method]) => `${method.toUpperCase()} ${path}`),
)

const withCursor = (path: string, cursor: string) =>
  `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`

const call = (c: Caller, cursor: string) =>
  t.app.inject({ url: withCursor(c.path, cursor), headers: c.who ? c.who.bearer : {} })

function expectCursorRefused(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBe(400)
  expect(res.headers['content-type'], what).toMatch(/^application\/json/)
  const body = res.json()
  expect(body, what).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  expect(body.message, what).toMatch(/\bcursor\b/)
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0')

/** An instant written field by field, any of them out of range, and whether the server could have written it. */
const instant = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1990, max: 2110 }), fc.integer({ min: -300_000, max: 300_000 })),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    ms: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ year, month, day, hour, ms }) => {
    const y = year >= 0 && year <= 9999 ? pad(year, 4) : `${year < 0 ? '-' : '+'}${pad(year, 6)}`
    const iso = `${y}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:30:15.${pad(ms, 3)}Z`
    const at = Date.parse(iso)
    const writable = year >= 2000 && year <= 2100 && Number.isFinite(at) && new Date(at).toISOString() === iso
    return { iso, writable }
  })

const forged: fc.Arbitrary<{ cursor: string; writable: boolean }> = fc.oneof(
  { weight: 3, arbitrary: instant.map(({ iso, writable }) => ({ cursor: b64(`${iso}|${randomUUID()}`), writable })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 70 })).map(([a, b]) => ({
      cursor: b64(`${a}|${b}`),
      writable: false,
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ minLength: 1, maxLength: 160 })
      .map((bytes) => ({ cursor: Buffer.from(bytes).toString('base64url'), writable: false })),
  },
  {
    weight: 1,
    arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,400}$/).map((cursor) => ({ cursor, writable: false })),
  },
)

describe('forged paging cursors on every list that takes one', () => {
  it('finds the lists with a cursor, and has a caller for each', () => {
    expect(opened.statusCode, opened.body).toBe(201)
    expect(listsWithCursor.length).toBeGreaterThanOrEqual(16)
    expect(listsWithCursor.sort()).toEqual(Object.keys(CALLERS).sort())
  })

  for (const [list, callers] of Object.entries(CALLERS)) {
    describe(list, () => {
      for (const c of callers) {
        it(`${c.path}: a cursor the server writes pages; every hostile one is a 400 naming cursor`, async () => {
          errorLines = []
          if (c.kind === 'keyset' || c.kind === 'keyset-text') {
            const fine = await call(c, encodeCursor({ createdAt: new Date(Date.UTC(2026, 5, 1)), id: randomUUID() }))
            expect(fine.statusCode, fine.body).toBe(200)
          }
          if (c.kind === 'keyset-text') {
            const fine = await call(c, encodeCursor({ createdAt: new Date(), id: 'Zx8kQ2mVb4pR7tY1wE3nL6sD9fH0jG5a' }))
            expect(fine.statusCode, fine.body).toBe(200)
          }
          if (c.kind === 'seq') {
            expect((await call(c, b64('seq:1'))).statusCode).toBe(200)
          }
          for (const cursor of HOSTILE_CURSORS) expectCursorRefused(await call(c, cursor), `${c.path} ${cursor}`)
          await fc.assert(
            fc.asyncProperty(forged, async ({ cursor, writable }) => {
              const res = await call(c, cursor)
              const what = `${c.path} ${Buffer.from(cursor, 'base64url').toString('utf8')}`
              if (writable && (c.kind === 'keyset' || c.kind === 'keyset-text')) {
                expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBe(200)
              } else expectCursorRefused(res, what)
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: false },
          )
          expect(errorLines, errorLines.join('\n').slice(0, 2000)).toEqual([])
        })
      }
    })
  }
})
