import { OFFER_ROUTES } from '@preloved/shared/offer-process'
import { OFFER_STATUSES } from '@preloved/shared/offers'
import { and, eq, inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { bookings, offers } from '../../src/db/schema/index.ts'
import { offerDepsOf, sweepOffers } from '../../src/modules/offers/offers.service.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { insertProduct } from '../fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * Offers under attack: random sequences of offers, moves and bookings by two buyers, the seller, a
 * stranger, an admin and nobody, with valid, broken and hostile bodies and ids, between clock jumps and sweeps.
 * Whatever comes in: never a 5xx, every refusal is our error JSON, a stranger changes nothing, and the bags stay
 * sound: one standing offer per buyer and bag, at most one hold per bag (an accepted offer in time, or a booking),
 * agreed prices within the rules. FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 8)
const HOUR = 3_600_000

let now = Date.UTC(2026, 10, 26, 10)
const t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000' }, { clock: () => now })
afterAll(() => t.close())
const [seller, stranger, admin] = (await Promise.all([
  signUp(t.app, { email: 'off-seller@example.test', role: 'seller' }),
  signUp(t.app, { email: 'off-stranger@example.test', role: 'seller' }),
  signUp(t.app, { email: ADMIN_EMAIL }),
])) as [Session, Session, Session]
let runs = 0

type Who = 'buyer1' | 'buyer2' | 'seller' | 'stranger' | 'admin' | 'anonymous'
const WHO: Who[] = ['buyer1', 'buyer2', 'seller', 'stranger', 'admin', 'anonymous']
/** Every move a party makes in the offer process table. */
const MOVES = OFFER_ROUTES

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 1e21, 72.3, 72.29, 120.5, 100.005, 99.99),
)
/** A sensible amount for a $120.50 bag, or anything. */
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 7000, max: 12_100 }).map((c) => c / 100) },
  { weight: 1, arbitrary: hostile },
)

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      who: fc.constantFrom<Who>(...WHO),
      bag: fc.oneof({ weight: 6, arbitrary: fc.nat(1) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) }),
      amount,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      move: fc.constantFrom(...MOVES),
      who: fc.constantFrom<Who>(...WHO),
      offer: fc.oneof({ weight: 6, arbitrary: fc.nat(5) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) }),
      body: fc.oneof(
        { weight: 3, arbitrary: amount.map((a) => ({ amount: a })) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 3 }) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('book' as const), who: fc.constantFrom<Who>(...WHO), bag: fc.nat(1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('list' as const), who: fc.constantFrom<Who>(...WHO) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
)

const legal = new Set<string>(OFFER_STATUSES)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('fuzzing the offers', () => {
  it('never a 5xx, strangers change nothing, one standing offer per buyer and bag, one hold per bag', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        runs++
        const [buyer1, buyer2] = (await Promise.all([
          signUp(t.app, { email: `off-b1-${runs}@example.test`, role: 'customer' }),
          signUp(t.app, { email: `off-b2-${runs}@example.test`, role: 'customer' }),
        ])) as [Session, Session]
        const sessions: Record<Exclude<Who, 'anonymous'>, Session> = { buyer1, buyer2, seller, stranger, admin }
        const bags = [
          await insertProduct(t.database.db, seller.id, { resellPriceCents: 12_050 }),
          await insertProduct(t.database.db, seller.id, { resellPriceCents: 9_999 }),
        ]
        const bagIds = bags.map((b) => b.id)
        const made: string[] = []
        for (const s of steps) {
          if (s.kind === 'clock') {
            now += s.hours * HOUR
            await sweepOffers(offerDepsOf(t.app), new Date(now))
            continue
          }
          const headers: Record<string, string> = {}
          if (s.who !== 'anonymous') headers.authorization = sessions[s.who].bearer.authorization
          let method: 'GET' | 'POST' = 'POST'
          let url: string
          let payload: unknown
          let touched: string | undefined
          if (s.kind === 'offer') {
            url = '/api/offers'
            payload = { productId: typeof s.bag === 'number' ? bagIds[s.bag] : s.bag, amount: s.amount }
          } else if (s.kind === 'book') {
            url = '/api/bookings'
            payload = { product_id: bagIds[s.bag], number: '+1 555 0100', location: 'Leeds' }
          } else if (s.kind === 'list') {
            method = 'GET'
            url = '/api/offers?role=seller'
          } else {
            const id = typeof s.offer === 'number' ? (made[s.offer % Math.max(1, made.length)] ?? bagIds[0]!) : s.offer
            touched = id
            url = `/api/offers/${encodeURIComponent(id.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}/${s.move}`
            payload = s.body
          }
          // a hostile id names no offer (and cannot be sent to the database as text: NUL bytes)
          const before =
            touched && UUID.test(touched)
              ? await t.database.db.select().from(offers).where(sql`${offers.id}::text = ${touched}`)
              : undefined
          const body = payload === undefined ? undefined : JSON.stringify(payload)
          const res = await t.app.inject({
            method,
            url,
            headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { payload: body } : {}),
          })
          const what = `${s.who} ${method} ${url} ${body ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`
          expect(res.statusCode, what).toBeLessThan(500)
          if (res.statusCode >= 400) {
            expect(
              Object.keys(res.json())
                .filter((k) => k !== 'code' && k !== 'field')
                .sort(),
              what,
            ).toEqual(['error', 'message', 'statusCode'])
          }
          if (s.kind === 'offer' && res.statusCode === 201) made.push(res.json()._id)
          if (touched && before && (s.who === 'stranger' || s.who === 'admin' || s.who === 'anonymous')) {
            expect([400, 401, 404], what).toContain(res.statusCode)
            const after = await t.database.db.select().from(offers).where(sql`${offers.id}::text = ${touched}`)
            expect(after, what).toEqual(before)
          }
        }
        // the bags stay sound
        const rows = await t.database.db.select().from(offers).where(inArray(offers.productId, bagIds))
        for (const o of rows) {
          expect(legal.has(o.status)).toBe(true)
          expect(o.buyerId).not.toBe(seller.id)
          expect([buyer1.id, buyer2.id]).toContain(o.buyerId)
          expect(o.amountCents).toBeGreaterThanOrEqual(Math.ceil(o.listPriceCents * 0.6))
          if (o.agreedCents !== null) expect([o.amountCents, o.counterCents]).toContain(o.agreedCents)
        }
        for (const productId of bagIds) {
          for (const b of [buyer1, buyer2]) {
            const standing = rows.filter(
              (o) => o.productId === productId && o.buyerId === b.id && ['pending', 'countered'].includes(o.status),
            )
            expect(standing.length).toBeLessThanOrEqual(1)
          }
          const offerHolds = rows.filter(
            (o) => o.productId === productId && o.status === 'accepted' && !o.bookingId && o.holdUntil! > new Date(now),
          )
          const live = await t.database.db
            .select()
            .from(bookings)
            .where(
              and(
                eq(bookings.productId, productId),
                sql`(${bookings.status} = 'paid' or (${bookings.status} = 'held' and ${bookings.expiresAt} > ${new Date(now).toISOString()}::timestamptz))`,
              ),
            )
          expect(offerHolds.length + live.length).toBeLessThanOrEqual(1)
          // a booking on an accepted offer is at the agreed price
          for (const o of rows.filter((x) => x.productId === productId && x.bookingId)) {
            const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, o.bookingId!))
            expect(b!.priceCents).toBe(o.agreedCents)
            expect(b!.customerId).toBe(o.buyerId)
          }
        }
      }),
      { numRuns: RUNS, seed: SEED },
    )
  }, 300_000)
})
