import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { orders, reviews } from '../../src/db/schema/index.ts'
import { orderDepsOf } from '../../src/modules/orders/order-deps.ts'
import { sweepOrders } from '../../src/modules/orders/orders.service.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { DAY, orderIn } from '../review-fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * Reviews and replies under attack: random sequences of reviews, replies and reads by every party and by
 * strangers, with valid, broken and hostile bodies, ids and query strings, between clock jumps and deadline sweeps.
 * Whatever comes in: never a 5xx, every refusal is our error JSON, a stranger changes nothing, and what is stored
 * keeps the rules: at most one review per order, only of a completed order within REVIEW_DAYS of completion, 1–5
 * stars, and at most one reply. FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)
const REVIEW_DAYS = 14

const clock = { now: Date.UTC(2026, 10, 6, 10) }
const t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000' }, { clock: () => clock.now })
afterAll(() => t.close())
const [seller, stranger, admin] = (await Promise.all([
  signUp(t.app, { email: 'rf-seller@example.test', role: 'seller' }),
  signUp(t.app, { email: 'rf-stranger@example.test', role: 'seller' }),
  signUp(t.app, { email: ADMIN_EMAIL }),
])) as [Session, Session, Session]
let buyers = 0

type Who = 'buyer' | 'seller' | 'admin' | 'stranger' | 'anonymous'
const WHO: Who[] = ['buyer', 'seller', 'admin', 'stranger', 'anonymous']

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1, 5, 6, -1, 4.5, 1e21, Number.MAX_SAFE_INTEGER),
  fc.constant(null),
  fc.boolean(),
)
const reviewBody = fc.oneof(
  { weight: 4, arbitrary: fc.record({ rating: fc.integer({ min: 1, max: 5 }), text: fc.string({ maxLength: 40 }) }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('rating', 'text', '__proto__', 'sellerId', 'createdAt', 'reply'), hostile)
      .map(([k, v]) => ({ rating: 4, text: 'ok', [k]: v })),
  },
  { weight: 1, arbitrary: fc.oneof(hostile, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 })) },
)
const replyBody = fc.oneof(
  { weight: 4, arbitrary: fc.record({ text: fc.string({ minLength: 1, maxLength: 40 }) }) },
  { weight: 2, arbitrary: hostile.map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.oneof(hostile, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 })) },
)
/** The party who may act is picked more often, so that moves get past the door. */
const whoFor = (party: Who) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(party) }, { weight: 2, arbitrary: fc.constantFrom(...WHO) })
const target = fc.oneof({ weight: 6, arbitrary: fc.nat(1) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) })

const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      who: whoFor('buyer'),
      order: target,
      body: reviewBody,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reply' as const),
      who: whoFor('seller'),
      review: target,
      body: replyBody,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      who: fc.constantFrom(...WHO),
      order: target,
      query: fc.oneof(fc.constant(''), fc.constantFrom(...HOSTILE), fc.string({ maxLength: 20 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), days: fc.integer({ min: 1, max: 16 }) }) },
)

const safe = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))

describe('fuzzing reviews and replies', () => {
  it(
    'never a 5xx, strangers change nothing, and every stored review keeps the rules',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 14 }), async (steps) => {
          const buyer = await signUp(t.app, { email: `rf-buyer${++buyers}@example.test`, role: 'customer' })
          const ids = [
            await orderIn(t, clock, seller, buyer, 'completed'),
            await orderIn(t, clock, seller, buyer, 'shipped'), // completes by itself as the clock moves
          ]
          const sessions: Record<Exclude<Who, 'anonymous'>, Session> = { buyer, seller, admin, stranger }
          const stored = () => t.database.db.select().from(reviews).where(inArray(reviews.orderId, ids))
          for (const s of steps) {
            if (s.kind === 'clock') {
              clock.now += s.days * DAY
              await sweepOrders(orderDepsOf(t.app), new Date(clock.now))
              continue
            }
            const before = await stored()
            const headers: Record<string, string> = {}
            if (s.who !== 'anonymous') headers.authorization = sessions[s.who].bearer.authorization
            let method: 'GET' | 'POST' = 'POST'
            let url: string
            let payload: string | undefined
            if (s.kind === 'review') {
              url = `/api/orders/${typeof s.order === 'number' ? ids[s.order]! : safe(s.order)}/review`
              payload = JSON.stringify(s.body)
            } else if (s.kind === 'reply') {
              const id = typeof s.review === 'number' ? (before[s.review]?.id ?? ids[s.review]!) : safe(s.review)
              url = `/api/reviews/${id}/reply`
              payload = JSON.stringify(s.body)
            } else {
              method = 'GET'
              url =
                typeof s.order === 'number'
                  ? `/api/orders/${ids[s.order]!}/review`
                  : `/api/sellers/${seller.id}/reviews?limit=${safe(s.query)}&cursor=${safe(s.order)}`
            }
            const res = await t.app.inject({
              method,
              url,
              headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(payload !== undefined ? { payload } : {}),
            })
            const what = `${s.who} ${method} ${url} ${payload ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`
            expect(res.statusCode, what).toBeLessThan(500)
            if (res.statusCode >= 400) {
              expect(
                Object.keys(res.json())
                  .filter((k) => k !== 'code' && k !== 'field')
                  .sort(),
                what,
              ).toEqual(['error', 'message', 'statusCode'])
            }
            if (s.who === 'stranger' || s.who === 'anonymous' || s.who === 'admin') {
              if (method === 'POST') expect([400, 401, 403, 404], what).toContain(res.statusCode)
              expect(await stored(), what).toEqual(before)
            }
          }
          // what is stored keeps the rules
          const rows = await stored()
          expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length)
          for (const r of rows) {
            const [o] = await t.database.db.select().from(orders).where(eq(orders.id, r.orderId))
            expect(o!.status).toBe('completed')
            expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(o!.completedAt!.getTime())
            expect(r.createdAt.getTime()).toBeLessThanOrEqual(o!.completedAt!.getTime() + REVIEW_DAYS * DAY)
            expect([r.sellerId, r.buyerId]).toEqual([seller.id, buyer.id])
            expect(r.rating).toBeGreaterThanOrEqual(1)
            expect(r.rating).toBeLessThanOrEqual(5)
            expect(r.text.length).toBeLessThanOrEqual(1000)
            expect((r.reply === null) === (r.repliedAt === null)).toBe(true)
          }
        }),
        { numRuns: RUNS, seed: SEED },
      )
    },
    60_000 + RUNS * 8_000,
  )
})
