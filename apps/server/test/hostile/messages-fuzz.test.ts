import { asc, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { chatMessages, conversations } from '../../src/db/schema/index.ts'
import { HIDDEN, maskContactDetails } from '../../src/modules/conversations/mask.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { insertProduct } from '../fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * Messages, reports and blocks under attack: random sequences of every move by the buyer, the seller, an admin, a
 * stranger and anonymous callers, with valid, broken and hostile bodies and ids. Whatever comes in: never a 5xx, every
 * refusal is our error JSON, a stranger's or an anonymous call changes no conversation, and every conversation keeps
 * its messages numbered 1…lastSeq with stored texts of 1–2,000 characters. FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)

const t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000' })
afterAll(() => t.close())
const [seller, stranger, admin] = (await Promise.all([
  signUp(t.app, { email: 'mf-seller@example.test', role: 'seller' }),
  signUp(t.app, { email: 'mf-stranger@example.test', role: 'customer' }),
  signUp(t.app, { email: ADMIN_EMAIL }),
])) as [Session, Session, Session]
let buyers = 0

type Who = 'buyer' | 'seller' | 'admin' | 'stranger' | 'anonymous'
const MOVES = ['start', 'send', 'read', 'thread', 'list', 'report', 'resolve', 'block', 'unblock', 'order'] as const
type Move = (typeof MOVES)[number]

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.constant(null),
  fc.constant('Call +44 7700 900123 or mail me at a@b.co'),
  fc.constant('x'.repeat(2001)),
)
const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('Hello', 'Is it real?', 'john at gmail dot com', '$1,250.00 ok?') },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 300 }) },
  { weight: 1, arbitrary: hostile },
)

const step = fc.record({
  move: fc.constantFrom(...MOVES),
  who: fc.constantFrom<Who>('buyer', 'seller', 'admin', 'stranger', 'anonymous'),
  /** Which of the run's ids is aimed at, or a hostile one. */
  target: fc.oneof({ weight: 6, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) }),
  text,
  extra: fc.oneof(fc.constantFrom('dismiss', 'remove', 'open', 'resolved'), hostile),
})

const enc = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))

describe('fuzzing messages, reports and blocks', () => {
  it('never a 5xx, strangers change nothing, every conversation stays numbered and within limits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const buyer = await signUp(t.app, { email: `mf-buyer${++buyers}@example.test`, role: 'customer' })
        const product = await insertProduct(t.database.db, seller.id)
        const opened = await t.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: buyer.bearer,
          payload: { productId: product.id, text: 'Hello' },
        })
        expect(opened.statusCode, opened.body).toBe(201)
        const conversationId = opened.json().conversationId as string
        const messageIds = [opened.json()._id as string]
        const reportIds: string[] = []
        const sessions: Record<Exclude<Who, 'anonymous'>, Session> = { buyer, seller, admin, stranger }
        for (const s of steps) {
          const pick = (ids: string[]) =>
            typeof s.target === 'number' ? (ids[s.target % Math.max(1, ids.length)] ?? s.target.toString()) : s.target
          const userIds = [buyer.id, seller.id, admin.id, stranger.id]
          const routes: Record<Move, () => { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown }> = {
            start: () => ({
              method: 'POST',
              url: '/api/conversations',
              payload: { productId: typeof s.target === 'number' ? product.id : s.target, text: s.text },
            }),
            send: () => ({
              method: 'POST',
              url: `/api/conversations/${enc(pick([conversationId]))}/messages`,
              payload: { text: s.text },
            }),
            read: () => ({ method: 'GET', url: `/api/conversations/${enc(pick([conversationId]))}` }),
            thread: () => ({
              method: 'GET',
              url: `/api/conversations/${enc(pick([conversationId]))}/messages?limit=${enc(String(s.extra))}`,
            }),
            list: () => ({ method: 'GET', url: `/api/conversations?cursor=${enc(String(s.extra))}` }),
            report: () => ({
              method: 'POST',
              url: `/api/messages/${enc(pick(messageIds))}/report`,
              payload: { reason: s.text },
            }),
            resolve: () => ({
              method: 'POST',
              url: `/api/message-reports/${enc(pick(reportIds))}/resolve`,
              payload: { action: s.extra },
            }),
            block: () => ({ method: 'POST', url: `/api/blocks/${enc(pick(userIds))}` }),
            unblock: () => ({ method: 'DELETE', url: `/api/blocks/${enc(pick(userIds))}` }),
            order: () => ({
              method: 'POST',
              url: `/api/orders/${enc(pick([conversationId]))}/conversation`,
              payload: { text: s.text },
            }),
          }
          const { method, url, payload } = routes[s.move]()
          const before = await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId))
          const headers: Record<string, string> = {}
          if (s.who !== 'anonymous') headers.authorization = sessions[s.who].bearer.authorization
          const body = payload === undefined ? undefined : JSON.stringify(payload)
          const res = await t.app.inject({
            method,
            url,
            headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { payload: body } : {}),
          })
          const what = `${s.who} ${method} ${url} ${body?.slice(0, 120) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`
          expect(res.statusCode, what).toBeLessThan(500)
          if (res.statusCode >= 400) {
            expect(
              Object.keys(res.json())
                .filter((k) => k !== 'code' && k !== 'field')
                .sort(),
              what,
            ).toEqual(['error', 'message', 'statusCode'])
          }
          if (res.statusCode === 201 && s.move === 'send') messageIds.push(res.json()._id)
          if (res.statusCode === 201 && s.move === 'report') reportIds.push(res.json().insertedId)
          if (s.who === 'anonymous' || (s.who === 'stranger' && s.move !== 'start')) {
            const after = await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId))
            expect(after, what).toEqual(before)
          }
        }
        const [c] = await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId))
        const stored = await t.database.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, conversationId))
          .orderBy(asc(chatMessages.seq))
        expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: c!.lastSeq }, (_, i) => i + 1))
        for (const m of stored) {
          expect([...m.text].length).toBeGreaterThan(0)
          expect([...m.text].length).toBeLessThanOrEqual(2000)
          expect(m.text).not.toContain('7700 900123')
        }
        expect(c!.buyerReadSeq).toBeLessThanOrEqual(c!.lastSeq)
        expect(c!.sellerReadSeq).toBeLessThanOrEqual(c!.lastSeq)
        const [n] = await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(conversations)
          .where(eq(conversations.productId, product.id))
        expect(Number(n!.n)).toBeLessThanOrEqual(2) // the buyer's, and the stranger's if they wrote
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })

  it('masking never throws and always hides a phone number planted in random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (before, after) => {
        const planted = `${before} +44 7700 900123 ${after}`
        const { text: out, masked } = maskContactDetails(planted)
        expect(masked).toBe(true)
        expect(out).not.toContain('7700 900123')
        // random text alone: kept exactly as written, or changed only where it says [hidden]
        const alone = maskContactDetails(before)
        if (alone.masked) expect(alone.text).toContain(HIDDEN)
        else expect(alone.text).toBe(before)
      }),
      { numRuns: 300, seed: SEED },
    )
  })
})
