import { NOTIFICATION_KINDS } from '@preloved/shared/notifications'
import { searchQuerySchema } from '@preloved/shared/search'
import { eq, isNotNull } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { notificationSettings, notifications, savedSearches } from '../../src/db/schema/index.ts'
import { signUnsubscribeToken, unsubscribeKey } from '../../src/modules/mail/unsubscribe-token.ts'
import { notify, notifyDepsOf } from '../../src/modules/notifications/notify.ts'
import { type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * The notification routes under attack: generated bodies, ids, queries, saved-search query strings and
 * unsubscribe tokens. Whatever comes in: never a 5xx, every refusal is our error JSON, the victim's notifications stay
 * unread and their mail settings untouched, order mail stays on, and every stored saved search is a query /search
 * accepts. FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

const t = await buildTestApp({ RATE_LIMIT_FACTOR: '1000' })
afterAll(() => t.close())
const [attacker, victim] = (await Promise.all([
  signUp(t.app, { email: 'nf-attacker@example.test', role: 'customer' }),
  signUp(t.app, { email: 'nf-victim@example.test', role: 'customer' }),
])) as [Session, Session]
const deps = notifyDepsOf(t.app)
for (const text of ['Victim one', 'Victim two']) {
  await notify(deps, { userId: victim.id, kind: 'message', text, link: '/dashboard/messages' })
}
await notify(deps, { userId: attacker.id, kind: 'message', text: 'Mine', link: '/dashboard/messages' })
const victimIds = (await t.database.db.select().from(notifications).where(eq(notifications.userId, victim.id))).map(
  (n) => n.id,
)
const key = unsubscribeKey(t.app.config.AUTH_SECRET)
const attackerToken = signUnsubscribeToken(key, attacker.id, 'message', new Date())

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
)
const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostile },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
)

/** Percent-encoded as a browser would (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const uri = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'))

function expectSafe(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeLessThan(500)
  if (res.statusCode >= 400) {
    const body = res.json()
    expect(
      Object.keys(body)
        .filter((k) => k !== 'field')
        .sort(),
    ).toEqual(['error', 'message', 'statusCode'])
    expect(res.body).not.toMatch(/at .+\.ts:\d+/)
  }
}

async function expectVictimUntouched() {
  const read = await t.database.db.select().from(notifications).where(isNotNull(notifications.readAt))
  expect(read.filter((n) => victimIds.includes(n.id))).toEqual([])
  expect(
    await t.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, victim.id)),
  ).toEqual([])
}

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: attacker.bearer,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

describe('notification routes under attack', () => {
  it('POST /api/notifications/read never marks another user’s notification and never fails', async () => {
    const ids = fc.array(fc.oneof(fc.constantFrom(...victimIds), fc.uuid(), hostile), { maxLength: 8 })
    const body = fc.oneof(
      ids.map((v) => ({ ids: v })),
      fc.record({ all: anything }),
      fc.record({ ids: anything, all: anything }),
      anything,
    )
    await fc.assert(
      fc.asyncProperty(body, async (b) => expectSafe(await inject('POST', '/api/notifications/read', b))),
      { seed: SEED, numRuns: RUNS },
    )
    await expectVictimUntouched()
  })

  it('GET /api/notifications with any limit or cursor answers a page or a 400', async () => {
    const q = fc.record({ limit: fc.oneof(hostile, fc.integer().map(String)), cursor: hostile })
    await fc.assert(
      fc.asyncProperty(q, async ({ limit, cursor }) => {
        const res = await inject('GET', `/api/notifications?limit=${uri(limit)}&cursor=${uri(cursor)}`)
        expectSafe(res)
        if (res.statusCode === 200) expect(res.json().every((n: { text: string }) => n.text === 'Mine')).toBe(true)
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })

  it('PUT /api/notification-settings takes only known kinds and booleans; order mail always stays on', async () => {
    const mail = fc.dictionary(
      fc.oneof(fc.constantFrom(...NOTIFICATION_KINDS, '__proto__', 'constructor'), hostile),
      anything,
      {
        maxKeys: 4,
      },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mail.map((m) => ({ mail: m })),
          anything,
        ),
        async (b) => {
          expectSafe(await inject('PUT', '/api/notification-settings', b))
          const settings = (await inject('GET', '/api/notification-settings')).json()
          expect(settings.mail.order).toBe(true)
          expect(Object.keys(settings.mail).sort()).toEqual([...NOTIFICATION_KINDS].sort())
        },
      ),
      { seed: SEED, numRuns: RUNS },
    )
    await expectVictimUntouched()
  })

  it('the unsubscribe routes refuse every token but a signed one, and change nobody else’s settings', async () => {
    const token = fc.oneof(
      hostile,
      fc.constant(attackerToken),
      hostile.map((s) => `${attackerToken.slice(0, 20)}${s}`),
      hostile.map((s) => `u1.${Buffer.from(`${victim.id}|all|9999999999`).toString('base64url')}.${s}`),
    )
    await fc.assert(
      fc.asyncProperty(token, fc.constantFrom('GET', 'POST'), fc.boolean(), async (tok, method, inBody) => {
        const url = method === 'GET' ? `/api/unsubscribe/preview?token=${uri(tok)}` : '/api/unsubscribe'
        const res = await t.app.inject({
          method,
          url: method === 'POST' && !inBody ? `${url}?token=${uri(tok)}` : url,
          ...(method === 'POST' && inBody ? { payload: { token: tok } } : {}),
        })
        expectSafe(res)
        if (tok !== attackerToken) expect(res.statusCode).toBe(400)
      }),
      { seed: SEED, numRuns: RUNS },
    )
    await expectVictimUntouched()
  })

  it('saved searches keep only queries /search accepts, and never another user’s', async () => {
    const keys = fc.constantFrom('q', 'brand', 'colour', 'material', 'category', 'minPrice', 'maxPrice', 'sort', 'x')
    const query = fc.oneof(
      hostile,
      fc
        .array(fc.tuple(keys, fc.oneof(hostile, fc.constantFrom('chanel', 'black', 'Tote', '10', '-1', 'newest'))), {
          maxLength: 4,
        })
        .map((pairs) => new URLSearchParams(pairs).toString()),
    )
    const [theirs] = await t.database.db
      .insert(savedSearches)
      .values({ userId: victim.id, name: 'Victim search', query: 'q=tote' })
      .returning()
    await fc.assert(
      fc.asyncProperty(hostile, query, fc.oneof(fc.constant(theirs!.id), fc.uuid(), hostile), async (name, q, id) => {
        expectSafe(await inject('POST', '/api/saved-searches', { name, query: q }))
        expectSafe(await inject('PATCH', `/api/saved-searches/${uri(id) || 'x'}`, { name }))
        expectSafe(await inject('DELETE', `/api/saved-searches/${uri(id) || 'x'}`))
        const mine = await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, attacker.id))
        for (const s of mine) {
          expect(searchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(s.query))).success).toBe(true)
        }
        // keep room under the cap
        if (mine.length >= 18) await t.database.db.delete(savedSearches).where(eq(savedSearches.userId, attacker.id))
      }),
      { seed: SEED, numRuns: RUNS },
    )
    const [still] = await t.database.db.select().from(savedSearches).where(eq(savedSearches.id, theirs!.id))
    expect(still).toMatchObject({ name: 'Victim search', query: 'q=tote' })
  })
})
