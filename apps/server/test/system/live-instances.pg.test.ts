import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import { Client, freePort, type Running, SECRET, sellerWithBags, startServer, TcpProxy } from './harness.ts'
import { type LiveInstance, startLiveInstance } from './live-harness.ts'
import { SseClient } from './live-sse.ts'

/**
 * Live updates across two real server processes on one PostgreSQL database: an event published on
 * instance A reaches an SSE client on instance B, by LISTEN/NOTIFY, and by Redis pub/sub when TEST_REDIS_URL is set.
 * Messages go through the real routes (POST /api/conversations on A, a reply on B); the other cases publish through
 * live-instance.ts's internal path over IPC (the real app plus that path), to control exactly what is published.
 * B is the real start command, reaching the database through a TCP proxy that the test can cut (its LISTEN
 * connection drops, and must come back and replay).
 */
const transports = process.env.TEST_REDIS_URL ? (['postgres', 'redis'] as const) : (['postgres'] as const)

for (const transport of transports) {
  describe(`across instances (${transport === 'redis' ? 'Redis pub/sub' : 'LISTEN/NOTIFY'})`, () => {
    let db: FreshDatabase
    let proxy: TcpProxy
    let dataDir: string
    let a: LiveInstance
    let b: Running
    let A: Client
    let B: Client
    const tag = `${transport}-${Date.now().toString(36)}`

    beforeAll(async () => {
      db = await freshPostgres('preloved_live')
      const target = new URL(db.url)
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432))
      const through = new URL(db.url)
      through.port = String(await proxy.start())
      dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-live-'))
      const publicUrl = `http://localhost:${await freePort()}`
      const common = {
        AUTH_SECRET: SECRET,
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        RATE_LIMIT_FACTOR: '100',
        DEMO_DATA: 'false',
        WEB_DIST: path.join(dataDir, 'no-web'),
        ...(transport === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
      }
      // A first (it migrates), then B through the proxy
      a = await startLiveInstance({ ...common, DATABASE_URL: db.url, PORT: String(await freePort()) })
      b = await startServer({ ...common, DATABASE_URL: through.toString(), PORT: String(await freePort()) })
      A = new Client(a.url, publicUrl)
      B = new Client(b.url, publicUrl)
    })

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()])
      await proxy?.cut()
      await db?.drop()
      await rm(dataDir, { recursive: true, force: true })
    })

    const stream = (base: string, headers: Record<string, string>) => SseClient.open(`${base}/api/events`, headers)
    const opened = (c: SseClient) => c.until((x) => x.lastEventId !== undefined)

    it('delivers an event published on A to the SSE client of its user on B, and to no one else', async () => {
      const [u, v] = await Promise.all([B.signUp(`u-${tag}@example.test`), B.signUp(`v-${tag}@example.test`)])
      const cu = await stream(b.url, { cookie: u.cookie })
      const cv = await stream(b.url, { cookie: v.cookie })
      expect([cu.status, cv.status]).toEqual([200, 200])
      await Promise.all([opened(cu), opened(cv)])
      const [id] = await a.publish([u.id], 'notification', { text: 'from A' })
      expect(await cu.until((c) => c.events.length === 1, 10_000)).toBe(true)
      expect(cu.events).toEqual([{ id, type: 'notification', data: { text: 'from A' } }])
      // a stream on A gets A's own events too; v's stream on B got nothing
      const onA = await stream(a.url, u.bearer)
      await opened(onA)
      const [id2] = await a.publish([u.id], 'message', { n: 2 })
      expect(await onA.until((c) => c.events.length === 1)).toBe(true)
      expect(await cu.until((c) => c.events.length === 2)).toBe(true)
      expect(cu.events[1]).toEqual({ id: id2, type: 'message', data: { n: 2 } })
      await new Promise((r) => setTimeout(r, 200))
      expect(cv.events).toEqual([])
      for (const c of [cu, cv, onA]) c.close()
    })

    it('delivers a message posted over HTTP on A to both parties on B, at once, and to no one else', async () => {
      const { seller, ids } = await sellerWithBags(A, `seller-${tag}@example.test`, 1, '#334455')
      const [buyer, other] = await Promise.all([
        A.signUp(`buyer-${tag}@example.test`, 'customer'),
        B.signUp(`other-${tag}@example.test`),
      ])
      const toSeller = await stream(b.url, { cookie: seller.cookie })
      const toBuyer = await stream(b.url, { cookie: buyer.cookie })
      const toOther = await stream(b.url, { cookie: other.cookie })
      await Promise.all([opened(toSeller), opened(toBuyer), opened(toOther)])
      const sent = Date.now()
      const first = await A.post('/api/conversations', { productId: ids[0], text: 'Is the date code legible?' }, buyer)
      expect(first.status).toBe(201)
      const messagesOf = (c: SseClient) => c.events.filter((e) => e.type === 'message')
      expect(await toSeller.until((c) => messagesOf(c).length === 1, 10_000)).toBe(true)
      const latency = Date.now() - sent
      const [heard] = messagesOf(toSeller)
      const { conversationId, message } = heard!.data as { conversationId: string; message: Record<string, unknown> }
      expect(message).toMatchObject({ _id: first.body._id, text: 'Is the date code legible?', seq: 1 })
      // the sender's own open pages hear it too, and the seller's answer on B reaches the buyer's stream on B
      expect(await toBuyer.until((c) => messagesOf(c).length === 1, 10_000)).toBe(true)
      const reply = await B.post(`/api/conversations/${conversationId}/messages`, { text: 'Yes: TH2018.' }, seller)
      expect(reply.status).toBe(201)
      expect(await toBuyer.until((c) => messagesOf(c).length === 2, 10_000)).toBe(true)
      expect((messagesOf(toBuyer)[1]!.data as { message: { text: string } }).message.text).toBe('Yes: TH2018.')
      // a bystander on the same instance heard nothing of it
      await new Promise((r) => setTimeout(r, 200))
      expect(toOther.events).toEqual([])
      console.info(`message POSTed on A reached the seller's stream on B after ${latency} ms (${transport})`)
      for (const c of [toSeller, toBuyer, toOther]) c.close()
    })

    it("reconnects to B with A's Last-Event-ID and gets what was missed: the user's own numbers on both", async () => {
      const [u, busy] = await Promise.all([A.signUp(`back-${tag}@example.test`), A.signUp(`busy-${tag}@example.test`)])
      const onA = await stream(a.url, { cookie: u.cookie })
      await opened(onA)
      await a.publish([busy.id], 'notification', { someone: 'else' })
      const [first] = await a.publish([u.id], 'notification', { n: 1 })
      expect(await onA.until((c) => c.events.length === 1, 10_000)).toBe(true)
      expect(first).toBe(1) // u's first event, however many the platform wrote before
      const seen = onA.lastEventId!
      expect(seen).toBe('1')
      onA.close()
      await onA.ended
      // away: two events of u's, published on A, others' in between
      const [second] = await a.publish([u.id], 'notification', { n: 2 })
      await a.publish([busy.id], 'notification', { someone: 'else' })
      const [third] = await a.publish([u.id], 'message', { n: 3 })
      // the browser reconnects through the balancer, to B this time
      const onB = await stream(b.url, { cookie: u.cookie, 'last-event-id': seen })
      expect(onB.status).toBe(200)
      expect(await onB.until((c) => c.events.length === 2, 10_000)).toBe(true)
      expect(onB.events).toEqual([
        { id: second, type: 'notification', data: { n: 2 } },
        { id: third, type: 'message', data: { n: 3 } },
      ])
      expect([second, third]).toEqual([2, 3])
      // and live on B after it
      const [fourth] = await a.publish([u.id], 'offer', { n: 4 })
      expect(await onB.until((c) => c.events.length === 3, 10_000)).toBe(true)
      expect(onB.events[2]).toEqual({ id: fourth, type: 'offer', data: { n: 4 } })
      // the poll on B goes on from the same numbers
      const polled = await B.call('GET', `/api/events?poll=1&after=${seen}`, { headers: { cookie: u.cookie } })
      expect((polled.body as { id: number }[]).map((e) => e.id)).toEqual([2, 3, 4])
      expect(polled.headers.get('x-last-event-id')).toBe('4')
      onB.close()
    })

    it('ends the stream on B when its session signs out on A', async () => {
      const u = await A.signUp(`out-${tag}@example.test`)
      const onB = await stream(b.url, { cookie: u.cookie })
      await opened(onB)
      const out = await A.call('POST', '/api/auth/sign-out', { headers: { cookie: u.cookie }, body: {} })
      expect(out.status).toBe(200)
      expect(await onB.endsWithin(10_000)).toBe(true)
      expect((await stream(b.url, { cookie: u.cookie })).status).toBe(401)
    })

    it("survives B's dropped database connection: it reconnects, then replays what was published meanwhile", async () => {
      const u = await B.signUp(`drop-${tag}@example.test`)
      const onB = await stream(b.url, { cookie: u.cookie })
      await opened(onB)
      await proxy.cut()
      const [during] = await a.publish([u.id], 'offer', { during: 'the outage' })
      await new Promise((r) => setTimeout(r, 500))
      expect(onB.events).toEqual([])
      await proxy.restore()
      expect(await onB.until((c) => c.events.length === 1, 20_000)).toBe(true)
      expect(onB.events).toEqual([{ id: during, type: 'offer', data: { during: 'the outage' } }])
      // and live again after it
      const [after] = await a.publish([u.id], 'offer', { after: true })
      expect(await onB.until((c) => c.events.length === 2, 10_000)).toBe(true)
      expect(onB.events[1]!.id).toBe(after)
      expect(onB.isOpen).toBe(true)
      onB.close()
    })
  })
}
