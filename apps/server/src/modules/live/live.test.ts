import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, PASSWORD, type Session, signIn, signUp, someIp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { SseClient } from '../../../test/system/live-sse.ts'
import { liveEvents, sessions } from '../../db/schema/index.ts'
import { publishLive } from './live-bus.ts'

// GET /api/events: Server-Sent Events over real HTTP (the app listens on a free port), and the
// polling fallback through inject. Runs on PGlite, and on PostgreSQL in the server-pg project.

let t: TestApp
let base: string
let admin: Session
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '10' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(() => t.close())

let n = 0
const someone = (role: 'customer' | 'seller' = 'customer') =>
  signUp(t.app, { email: `live-${++n}-${Date.now().toString(36)}@example.test`, role })

const publish = (userIds: string[], data: Record<string, unknown>, type: 'notification' | 'message' = 'notification') =>
  publishLive(t.app.live, t.app.db, userIds, type, data)

const stream = (headers: Record<string, string>, query = '') => SseClient.open(`${base}/api/events${query}`, headers)
const poll = (s: Session | undefined, query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/events${query}`, headers: { ...(s?.bearer ?? {}), ...headers } })
const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers }, remoteAddress: someIp() })

/** The stream's baseline and first events have arrived: it is subscribed. */
const opened = (c: SseClient) => c.until((x) => x.lastEventId !== undefined)

describe('GET /api/events: who may listen', () => {
  it('answers 401 in our error shape without a session, for the stream and the poll', async () => {
    const anonymous = await stream({})
    expect(anonymous.status).toBe(401)
    expect(JSON.parse(await anonymous.body)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: messages.auth.signInRequired,
    })
    const forged = await stream({ cookie: 'better-auth.session_token=forged.value' })
    expect(forged.status).toBe(401)
    expect((await poll(undefined, '?poll=1')).statusCode).toBe(401)
    const badToken = await poll(undefined, '?poll=1', { authorization: 'Bearer not.a.token' })
    expect(badToken.statusCode).toBe(401)
  })

  it('streams to the session cookie (what EventSource sends) and to a bearer token, with the SSE headers', async () => {
    const a = await someone()
    for (const headers of [{ cookie: a.cookie }, a.bearer]) {
      const c = await stream(headers)
      expect(c.status).toBe(200)
      expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8')
      expect(c.headers['cache-control']).toBe('no-store')
      expect(c.headers['x-accel-buffering']).toBe('no')
      expect(await opened(c)).toBe(true)
      // retry first, then the newest id (none yet: 0) so that a reconnection replays from there
      const retry = c.messages.findIndex((m) => m.retry === 3000)
      expect(retry).toBeGreaterThanOrEqual(0)
      const ready = c.messages.findIndex((m) => m.id === '0')
      expect(ready).toBeGreaterThan(retry)
      expect(c.messages[ready]).toEqual({ id: '0', event: 'ready', data: '{}' })
      c.close()
    }
  })

  it('pushes each user only their own events, as id/event/data messages', async () => {
    const [a, b] = await Promise.all([someone(), someone()])
    const ca = await stream({ cookie: a.cookie })
    const cb = await stream({ cookie: b.cookie })
    await Promise.all([opened(ca), opened(cb)])
    const [forA] = await publish([a.id], { notification: { text: 'for a' } })
    const [forB] = await publish([b.id], { notification: { text: 'for b' } }, 'message')
    const [both1, both2] = await publish([a.id, b.id], { both: true })
    expect(await ca.until((c) => c.events.length === 2)).toBe(true)
    expect(await cb.until((c) => c.events.length === 2)).toBe(true)
    expect(ca.events).toEqual([
      { id: forA!.seq, type: 'notification', data: { notification: { text: 'for a' } } },
      { id: both1!.seq, type: 'notification', data: { both: true } },
    ])
    expect(cb.events).toEqual([
      { id: forB!.seq, type: 'message', data: { notification: { text: 'for b' } } },
      { id: both2!.seq, type: 'notification', data: { both: true } },
    ])
    expect(ca.lastEventId).toBe(String(both1!.seq))
    // the log holds one row per user
    const rows = await t.database.db.select().from(liveEvents).where(eq(liveEvents.userId, a.id))
    expect(rows.map((r) => r.seq)).toEqual([forA!.seq, both1!.seq])
    ca.close()
    cb.close()
  })
})

describe("ids: the user's own event numbers (decision 032)", () => {
  it("number each user's events 1, 2, 3, whatever happens on the rest of the platform", async () => {
    const [a, others] = await Promise.all([someone(), someone()])
    // the platform is busy: others' events come before and between a's
    for (let i = 0; i < 7; i++) await publish([others.id], { busy: i })
    const c = await stream({ cookie: a.cookie })
    await opened(c)
    expect(c.messages.find((m) => m.event === 'ready')?.id).toBe('0')
    await publish([a.id], { n: 1 })
    for (let i = 0; i < 5; i++) await publish([others.id], { busy: i })
    await publish([a.id], { n: 2 })
    expect(await c.until((x) => x.events.length === 2)).toBe(true)
    expect(c.events.map((e) => e.id)).toEqual([1, 2])
    c.close()
    const polled = await poll(a, '?poll=1&after=0')
    expect(polled.json().map((e: { id: number }) => e.id)).toEqual([1, 2])
    expect(polled.headers['x-last-event-id']).toBe('2')
  })

  it('never answer the platform-wide counter, not even to an id made up beyond it', async () => {
    const [a, others] = await Promise.all([someone(), someone()])
    const [busy] = await publish([others.id], { busy: true })
    expect(busy!.id).toBeGreaterThan(1) // the log's own number, which counts everyone's events
    for (const query of ['?poll=1', '?poll=1&after=999999999999', `?poll=1&after=${busy!.id}`]) {
      const res = await poll(a, query)
      expect(res.json(), query).toEqual([])
      expect(res.headers['x-last-event-id'], query).toBe('0')
    }
    const c = await stream({ cookie: a.cookie, 'last-event-id': '999999999999' })
    await opened(c)
    expect(c.lastEventId).toBe('0')
    c.close()
  })
})

describe('reconnecting: Last-Event-ID replays what was missed', () => {
  it('replays the events after the Last-Event-ID header, then goes on live', async () => {
    const a = await someone()
    const first = await stream({ cookie: a.cookie })
    await opened(first)
    const [e1] = await publish([a.id], { n: 1 })
    expect(await first.until((c) => c.events.length === 1)).toBe(true)
    const seen = first.lastEventId!
    first.close()
    await first.ended
    // missed while away: two events of a's, one of someone else's
    const other = await someone()
    const [e2] = await publish([a.id], { n: 2 })
    await publish([other.id], { n: 'not yours' })
    const [e3] = await publish([a.id], { n: 3 })
    const again = await stream({ cookie: a.cookie, 'last-event-id': seen })
    expect(await again.until((c) => c.events.length === 2)).toBe(true)
    expect(again.events.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }])
    expect(again.events.map((e) => e.id)).toEqual([e2!.seq, e3!.seq])
    expect(e1!.seq).toBe(Number(seen))
    const [e4] = await publish([a.id], { n: 4 })
    expect(await again.until((c) => c.events.length === 3)).toBe(true)
    expect(again.events[2]).toEqual({ id: e4!.seq, type: 'notification', data: { n: 4 } })
    again.close()
  })

  it('takes ?lastEventId= (clients that cannot set the header) and sends nothing twice', async () => {
    const a = await someone()
    const [e1] = await publish([a.id], { n: 1 })
    const [e2] = await publish([a.id], { n: 2 })
    const c = await stream({ cookie: a.cookie }, `?lastEventId=${e1!.seq}`)
    expect(await c.until((x) => x.events.length === 1)).toBe(true)
    const [e3] = await publish([a.id], { n: 3 })
    expect(await c.until((x) => x.events.length === 2)).toBe(true)
    await new Promise((r) => setTimeout(r, 100))
    expect(c.events.map((e) => e.id)).toEqual([e2!.seq, e3!.seq])
    c.close()
  })

  it('treats an id beyond the newest event as the newest (a log emptied since), and a bad one as a 400', async () => {
    const a = await someone()
    const c = await stream({ cookie: a.cookie, 'last-event-id': '999999999999' })
    await opened(c)
    expect(Number(c.lastEventId)).toBeLessThan(999999999999)
    const [e] = await publish([a.id], { n: 1 })
    expect(await c.until((x) => x.events.length === 1)).toBe(true)
    expect(c.events[0]!.id).toBe(e!.seq)
    c.close()
    const bad = await stream({ cookie: a.cookie, 'last-event-id': 'abc' })
    expect(bad.status).toBe(400)
    expect(JSON.parse(await bad.body)).toMatchObject({
      statusCode: 400,
      message: messages.live.eventId('Last-Event-ID'),
    })
    const badQuery = await stream({ cookie: a.cookie }, '?lastEventId=-1')
    expect(badQuery.status).toBe(400)
  })
})

describe('polling fallback: GET /api/events?poll=1&after=<id>', () => {
  it('answers [] and the id to start from, then the events after it, oldest first', async () => {
    const a = await someone()
    const other = await someone()
    const start = await poll(a, '?poll=1')
    expect(start.statusCode).toBe(200)
    expect(start.json()).toEqual([])
    expect(start.headers['cache-control']).toBe('no-store')
    const from = start.headers['x-last-event-id'] as string
    expect(from).toBe('0')
    const [e1] = await publish([a.id], { n: 1 })
    await publish([other.id], { n: 'not yours' })
    const [e2] = await publish([a.id], { n: 2 }, 'message')
    const res = await poll(a, `?poll=1&after=${from}`)
    expect(res.json()).toEqual([
      { id: e1!.seq, type: 'notification', data: { n: 1 } },
      { id: e2!.seq, type: 'message', data: { n: 2 } },
    ])
    expect(res.headers['x-last-event-id']).toBe(String(e2!.seq))
    const none = await poll(a, `?poll=1&after=${e2!.seq}`)
    expect(none.json()).toEqual([])
    expect(none.headers['x-last-event-id']).toBe(String(e2!.seq))
    // without poll=1, a client that does not ask for text/event-stream gets the same JSON
    const json = await poll(a, `?after=${from}`, { accept: 'application/json' })
    expect(json.json().map((e: { id: number }) => e.id)).toEqual([e1!.seq, e2!.seq])
    // the Last-Event-ID header works for a poll too
    const viaHeader = await poll(a, '?poll=1', { 'last-event-id': String(e1!.seq) })
    expect(viaHeader.json().map((e: { id: number }) => e.id)).toEqual([e2!.seq])
  })

  it('pages a long backlog with Link: rel="next"', async () => {
    const a = await someone()
    const start = Number((await poll(a, '?poll=1')).headers['x-last-event-id'])
    for (let i = 0; i < 205; i++) await publish([a.id], { i })
    const page1 = await poll(a, `?poll=1&after=${start}`)
    expect(page1.json()).toHaveLength(200)
    const last = page1.json()[199].id as number
    expect(page1.headers.link).toBe(`</api/events?poll=1&after=${last}>; rel="next"`)
    const page2 = await poll(a, `?poll=1&after=${last}`)
    expect(page2.json().map((e: { data: { i: number } }) => e.data.i)).toEqual([200, 201, 202, 203, 204])
    expect(page2.headers.link).toBeUndefined()
  })

  it('refuses a bad after or poll with 400 naming it', async () => {
    const a = await someone()
    for (const [q, message] of [
      ['?poll=1&after=abc', messages.live.eventId('after')],
      ['?poll=1&after=1.5', messages.live.eventId('after')],
      ['?poll=1&after=1234567890123456', messages.live.eventId('after')],
      ['?poll=yes', messages.live.pollValue],
    ] as const) {
      const res = await poll(a, q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json(), q).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
    }
  })
})

describe('the stream ends when the session does', () => {
  it('at sign-out: that session’s streams end, another session’s stay', async () => {
    const a = await someone()
    const other = await signIn(t.app, a.email)
    const mine = await stream({ cookie: a.cookie })
    const viaToken = await stream(a.bearer)
    const theirs = await stream({ cookie: other.cookie })
    await Promise.all([opened(mine), opened(viaToken), opened(theirs)])
    const out = await post('/api/auth/sign-out', {}, { cookie: a.cookie })
    expect(out.statusCode).toBe(200)
    expect(await mine.endsWithin(5000)).toBe(true)
    expect(await viaToken.endsWithin(5000)).toBe(true)
    expect(theirs.isOpen).toBe(true)
    // reconnecting with the ended session is refused
    expect((await stream({ cookie: a.cookie })).status).toBe(401)
    theirs.close()
  })

  it('at a password change, also one that keeps the other sessions (they may reconnect)', async () => {
    const a = await someone()
    const other = await signIn(t.app, a.email)
    const mine = await stream({ cookie: a.cookie })
    const theirs = await stream({ cookie: other.cookie })
    await Promise.all([opened(mine), opened(theirs)])
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Changed#123', revokeOtherSessions: false },
      { cookie: a.cookie },
    )
    expect(changed.statusCode).toBe(200)
    expect(await mine.endsWithin(5000)).toBe(true)
    expect(await theirs.endsWithin(5000)).toBe(true)
    // the kept session reconnects and carries on
    const back = await stream({ cookie: other.cookie, 'last-event-id': theirs.lastEventId! })
    expect(back.status).toBe(200)
    back.close()
  })

  it('at a role change: every stream of the account ends; other sessions are refused, the changing one reconnects', async () => {
    const a = await someone('seller')
    const other = await signIn(t.app, a.email)
    const mine = await stream(a.bearer)
    const theirs = await stream({ cookie: other.cookie })
    await Promise.all([opened(mine), opened(theirs)])
    const res = await post('/api/users', { name: 'Switch', email: a.email, role: 'customer' }, a.bearer)
    expect(res.statusCode).toBe(200)
    expect(await mine.endsWithin(5000)).toBe(true)
    expect(await theirs.endsWithin(5000)).toBe(true)
    expect((await stream({ cookie: other.cookie })).status).toBe(401)
    const back = await stream(a.bearer)
    expect(back.status).toBe(200)
    back.close()
  })

  it('at account deletion', async () => {
    const a = await someone()
    const mine = await stream({ cookie: a.cookie })
    await opened(mine)
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: admin.bearer })
    expect(res.json().deletedCount).toBe(1)
    expect(await mine.endsWithin(5000)).toBe(true)
    expect((await stream({ cookie: a.cookie })).status).toBe(401)
  })

  it('at expiry, found by the periodic re-check (the backstop of the database signals)', async () => {
    const a = await someone()
    const mine = await stream({ cookie: a.cookie })
    const kept = await stream({ cookie: admin.cookie })
    await Promise.all([opened(mine), opened(kept)])
    // an update, not a delete: no signal; only the re-check can find it
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, a.id))
    await t.app.liveStreams.recheck()
    expect(await mine.endsWithin(5000)).toBe(true)
    expect(kept.isOpen).toBe(true)
    kept.close()
  })
})

describe('limits', () => {
  it('refuses an eleventh stream of one user on an instance with 429, and lets one in again after a close', async () => {
    const a = await someone()
    const open = await Promise.all(Array.from({ length: 10 }, () => stream({ cookie: a.cookie })))
    await Promise.all(open.map(opened))
    expect(t.app.liveStreams.countOf(a.id)).toBe(10)
    const eleventh = await stream({ cookie: a.cookie })
    expect(eleventh.status).toBe(429)
    expect(JSON.parse(await eleventh.body)).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: messages.live.tooManyStreams,
    })
    // someone else is not held back by a's streams
    const b = await someone()
    const theirs = await stream({ cookie: b.cookie })
    expect(theirs.status).toBe(200)
    theirs.close()
    open[0]!.close()
    await open[0]!.ended
    const deadline = Date.now() + 5000
    while (t.app.liveStreams.countOf(a.id) > 9 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    const again = await stream({ cookie: a.cookie })
    expect(again.status).toBe(200)
    again.close()
    for (const c of open) c.close()
  })
})
