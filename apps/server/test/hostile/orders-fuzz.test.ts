import { ORDER_PERSON_MOVES, ORDER_PROCESS, type OrderPersonMove } from '@preloved/shared/order-process'
import { ORDER_STATUSES } from '@preloved/shared/orders'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { orders, refunds } from '../../src/db/schema/index.ts'
import { orderDepsOf } from '../../src/modules/orders/order-deps.ts'
import { sweepOrders } from '../../src/modules/orders/orders.service.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { ADDRESS, expectBalanced, paidOrder } from '../order-fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * The order moves under attack: random sequences of moves by every party and by strangers, with valid, broken and
 * hostile bodies, ids and Idempotency-Keys, between clock jumps and deadline sweeps. Whatever comes in: never a 5xx,
 * every refusal is our error JSON, a stranger changes nothing, and every order stays in a legal state with its money
 * exact (buyer paid = refunds + seller's share + commission − discount cost). FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const DAY = 86_400_000

let now = Date.UTC(2026, 10, 5, 10)
const t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000' }, { clock: () => now })
afterAll(() => t.close())
const [seller, stranger, admin] = (await Promise.all([
  signUp(t.app, { email: 'of-seller@example.test', role: 'seller' }),
  signUp(t.app, { email: 'of-stranger@example.test', role: 'seller' }),
  signUp(t.app, { email: ADMIN_EMAIL }),
])) as [Session, Session, Session]
let buyers = 0

type Who = 'buyer' | 'seller' | 'admin' | 'stranger' | 'anonymous'
/** Every move a person makes in the order process table, and reading the order. */
const MOVES = [...ORDER_PERSON_MOVES, 'read'] as const

const valid: Record<OrderPersonMove | 'read', object | undefined> = {
  ship: { carrier: 'ups', trackingNumber: '1Z999AA1' },
  confirm: undefined,
  dispute: { reason: 'damaged', note: 'The handle came off.' },
  answer: { note: 'It was perfect when I sent it.' },
  cancel: { reason: 'Changed my mind' },
  resolve: { outcome: 'refund', amount: 12.34, reason: 'Photos show damage' },
  refund: { amount: 5, reason: 'Goodwill' },
  address: ADDRESS,
  read: undefined,
}

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
)
/** A valid body, one with a field broken, or garbage. */
const body = (move: (typeof MOVES)[number]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid[move]) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...Object.keys(valid[move] ?? { x: 1 })), hostile)
        .map(([k, v]) => ({ ...(valid[move] ?? {}), [k]: v })),
    },
    { weight: 1, arbitrary: fc.oneof(hostile, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 })) },
  )

const step = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(...MOVES).chain((move) =>
      fc.record({
        kind: fc.constant('move' as const),
        move: fc.constant(move),
        who: fc.constantFrom<Who>('buyer', 'seller', 'admin', 'stranger', 'anonymous'),
        order: fc.oneof({ weight: 6, arbitrary: fc.nat(1) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) }),
        body: body(move),
        key: fc.option(fc.oneof(fc.constantFrom('k1', 'k2'), fc.constantFrom(...HOSTILE)), { nil: undefined }),
      }),
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), days: fc.integer({ min: 1, max: 6 }) }) },
)

const legal = new Set<string>(ORDER_STATUSES)

describe('fuzzing the order moves', () => {
  it('never a 5xx, strangers change nothing, every order stays legal and its money exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const buyer = await signUp(t.app, { email: `of-buyer${++buyers}@example.test`, role: 'customer' })
        const made = [
          await paidOrder(t, seller, buyer, { priceCents: 10_000, shippingCents: 700 }),
          await paidOrder(t, seller, buyer, { priceCents: 4_321, address: null }),
        ]
        const ids = made.map((o) => o.id)
        const sessions: Record<Exclude<Who, 'anonymous'>, Session> = { buyer, seller, admin, stranger }
        for (const s of steps) {
          if (s.kind === 'clock') {
            now += s.days * DAY
            await sweepOrders(orderDepsOf(t.app), new Date(now))
            continue
          }
          const id = typeof s.order === 'number' ? ids[s.order]! : s.order
          const before = await t.database.db.select().from(orders).where(sql`${orders.id}::text = ${id}`)
          const headers: Record<string, string> = {}
          if (s.who !== 'anonymous') headers.authorization = sessions[s.who].bearer.authorization
          if (s.key !== undefined) headers['idempotency-key'] = s.key
          const url = `/api/orders/${encodeURIComponent(id.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}${s.move === 'read' ? '' : `/${ORDER_PROCESS[s.move].route.path}`}`
          const method = s.move === 'read' ? 'GET' : ORDER_PROCESS[s.move].route.method
          const payload = s.body === undefined ? undefined : JSON.stringify(s.body)
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
          if (s.who === 'stranger' || s.who === 'anonymous') {
            expect([400, 401, 404], what).toContain(res.statusCode)
            const after = await t.database.db.select().from(orders).where(sql`${orders.id}::text = ${id}`)
            expect(after, what).toEqual(before)
          }
        }
        for (const id of ids) {
          const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id))
          expect(legal.has(o!.status)).toBe(true)
          const [r] = await t.database.db
            .select({ s: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
            .from(refunds)
            .where(eq(refunds.orderId, id))
          expect(Number(r!.s)).toBeLessThanOrEqual(o!.amountPaidCents)
          await expectBalanced(t, id)
        }
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })
})
