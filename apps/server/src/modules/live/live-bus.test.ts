import type { PassThrough } from 'node:stream'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../../test/fixtures.ts'
import { liveEvents } from '../../db/schema/index.ts'
import { type DbListener, listenerFor } from './db-listener.ts'
import { lastEventIdOf, pruneLiveEvents } from './live.repository.ts'
import { liveBusFixture, until } from './live-bus.fixture.ts'
import { LocalLiveBus, publishLive, type StoredLiveEvent } from './live-bus.ts'
import { LiveStreams } from './live-streams.ts'
import { NotifyLiveBus } from './notify-bus.ts'
import type { RemoteBus } from './remote-bus.ts'

// The buses between instances, on one database: two buses stand for two instances (each with its own LISTEN
// connection on PostgreSQL; on PGlite both listen on its one connection). Runs on PGlite and on PostgreSQL; a dropped
// LISTEN connection is in live-bus.pg.test.ts, the Redis bus in live-bus.redis.test.ts.

const f = liveBusFixture()
const { opened, db } = f

/** One more "instance": its own listener and NOTIFY bus on the test database. */
async function instance(): Promise<{ bus: NotifyLiveBus; listener: DbListener }> {
  const listener = listenerFor(f.t.database, f.t.app.log)
  const bus = new NotifyLiveBus(db(), listener, f.t.app.log)
  await bus.start()
  await listener.start()
  opened.push(bus, listener)
  return { bus, listener }
}

const userIds = async (n: number) => {
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push((await insertUser(db())).id)
  return out
}

describe('NotifyLiveBus: across instances through LISTEN/NOTIFY', () => {
  it('delivers an event written by one instance to the listener of its user on another, and to no one else', async () => {
    const a = await instance()
    const b = await instance()
    const [u, v] = await userIds(2)
    const onB: StoredLiveEvent[] = []
    const vOnB: StoredLiveEvent[] = []
    b.bus.subscribe(u!, (e) => onB.push(e))
    b.bus.subscribe(v!, (e) => vOnB.push(e))
    const onA: StoredLiveEvent[] = []
    a.bus.subscribe(u!, (e) => onA.push(e))
    const [written] = await publishLive(a.bus, db(), [u!], 'offer', { offerId: 'o1', status: 'pending' })
    expect(await until(() => onB.length === 1)).toBe(true)
    expect(onB).toEqual([
      { id: written!.id, userId: u, seq: 1, type: 'offer', data: { offerId: 'o1', status: 'pending' } },
    ])
    // the writer's own listeners get it at once, and once
    expect(onA).toEqual(onB)
    await new Promise((r) => setTimeout(r, 100))
    expect(onA).toHaveLength(1)
    expect(onB).toHaveLength(1)
    expect(vOnB).toEqual([])
  })

  it('wakes with the ids only, in payloads under NOTIFY’s limit, for many users at once', async () => {
    const a = await instance()
    const b = await instance()
    const users = await userIds(300)
    const got = new Map<string, number>()
    for (const u of users) b.bus.subscribe(u, (e) => got.set(e.userId, (got.get(e.userId) ?? 0) + 1))
    await publishLive(a.bus, db(), users, 'notification', { text: 'x'.repeat(1000) })
    expect(await until(() => got.size === 300)).toBe(true)
    expect([...got.values()].every((n) => n === 1)).toBe(true)
  })

  it('inside a caller’s transaction, wakes the other instances only at commit', async () => {
    const a = await instance()
    const b = await instance()
    const [u] = await userIds(1)
    const onB: StoredLiveEvent[] = []
    b.bus.subscribe(u!, (e) => onB.push(e))
    await db().transaction(async (tx) => {
      await publishLive(a.bus, tx, [u!], 'message', { n: 1 })
      await new Promise((r) => setTimeout(r, 150))
      expect(onB).toEqual([])
    })
    expect(await until(() => onB.length === 1)).toBe(true)
  })

  it('reads again an event woken for before it was readable (a wake that overtook its commit)', async () => {
    const b = await instance()
    const [u] = await userIds(1)
    const onB: StoredLiveEvent[] = []
    b.bus.subscribe(u!, (e) => onB.push(e))
    const id = (await lastEventIdOf(db())) + 1000
    ;(b.bus as unknown as { received(text: string): void }).received(JSON.stringify({ i: 'elsewhere', e: [[id, u]] }))
    await new Promise((r) => setTimeout(r, 120))
    await db()
      .insert(liveEvents)
      .values({ id, userId: u!, seq: 1000, type: 'offer', data: { late: true } })
    expect(await until(() => onB.length === 1, 3000)).toBe(true)
    expect(onB[0]).toMatchObject({ id, data: { late: true } })
  })

  it('replays from the log what was written while its connection was down (streams drop repeats)', async () => {
    const a = await instance()
    const b = await instance()
    const [u] = await userIds(1)
    const onB: StoredLiveEvent[] = []
    b.bus.subscribe(u!, (e) => onB.push(e))
    const [before] = await publishLive(a.bus, db(), [u!], 'offer', { n: 1 })
    expect(await until(() => onB.length === 1)).toBe(true)
    // written while b heard nothing: b's wake is lost (written straight to the log, no NOTIFY)
    const droppedAt = new Date()
    const [missed] = await db()
      .insert(liveEvents)
      .values({ userId: u!, seq: before!.seq + 1, type: 'offer', data: { n: 2 } })
      .returning()
    await (b.bus as RemoteBus).resync(droppedAt)
    expect(onB.map((e) => e.id)).toContain(missed!.id)
    expect(onB.map((e) => e.id)).toContain(before!.id)
  })
})

describe('publishLive', () => {
  it('numbers events in the order they commit, one row per user (duplicates once)', async () => {
    const bus = new LocalLiveBus()
    const [u, v] = await userIds(2)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publishLive(bus, db(), [u!, v!, u!], 'notification', { i })),
    )
    for (const r of results) expect(r.map((e) => e.userId)).toEqual([u, v])
    const ids = results.flat().map((e) => e.id)
    expect(new Set(ids).size).toBe(40)
    // each user's own numbers, 1 to 20, in the order of the log's (decision 032)
    for (const user of [u, v]) {
      const mine = results
        .flat()
        .filter((e) => e.userId === user)
        .sort((a, b) => a.id - b.id)
      expect(mine.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    }
  })

  it("a user's numbers say nothing of other users' events, and go on where they were after the log is pruned", async () => {
    const bus = new LocalLiveBus()
    const [u, v] = await userIds(2)
    const [first] = await publishLive(bus, db(), [u!], 'notification', {})
    for (let i = 0; i < 5; i++) await publishLive(bus, db(), [v!], 'notification', {})
    const [second] = await publishLive(bus, db(), [u!], 'notification', {})
    expect([first!.seq, second!.seq]).toEqual([1, 2])
    expect(second!.id - first!.id).toBe(6) // the log's numbers count v's five: never shown
    await db().delete(liveEvents).where(eq(liveEvents.userId, u!))
    const [third] = await publishLive(bus, db(), [u!], 'notification', {})
    expect(third!.seq).toBe(3)
  })
})

describe('pruning the log', () => {
  it('removes events older than a day and keeps the rest', async () => {
    const [u] = await userIds(1)
    const [old] = await db()
      .insert(liveEvents)
      .values({ userId: u!, seq: 1, type: 'offer', data: {}, createdAt: new Date(Date.now() - 25 * 3600_000) })
      .returning()
    const [fresh] = await db()
      .insert(liveEvents)
      .values({ userId: u!, seq: 2, type: 'offer', data: {}, createdAt: new Date(Date.now() - 23 * 3600_000) })
      .returning()
    expect(await pruneLiveEvents(db())).toBeGreaterThanOrEqual(1)
    const left = await db().select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.userId, u!))
    expect(left.map((r) => r.id)).toEqual([fresh!.id])
    expect(old!.id).toBeLessThan(fresh!.id)
  })
})

describe('LiveStreams', () => {
  const read = (out: PassThrough) => {
    let text = ''
    out.setEncoding('utf8')
    out.on('data', (c: string) => {
      text += c
    })
    return () => text
  }

  it('sends a heartbeat comment on an idle stream', async () => {
    const streams = new LiveStreams({ bus: new LocalLiveBus(), db: db(), log: f.t.app.log, heartbeatMs: 30 })
    const [u] = await userIds(1)
    const text = read(await streams.open({ userId: u!, sessionId: 's1', role: 'customer' }, undefined))
    expect(await until(() => text().includes(': ping\n\n'))).toBe(true)
    expect(text().startsWith('retry: 3000\n')).toBe(true)
    streams.close()
  })

  it('drops a client that does not read (it reconnects and replays)', async () => {
    const bus = new LocalLiveBus()
    const streams = new LiveStreams({ bus, db: db(), log: f.t.app.log, maxBufferedBytes: 1000 })
    const [u] = await userIds(1)
    const out = await streams.open({ userId: u!, sessionId: 's2', role: 'customer' }, undefined)
    expect(streams.countOf(u!)).toBe(1)
    for (let i = 0; i < 5; i++) await publishLive(bus, db(), [u!], 'notification', { pad: 'x'.repeat(10_000) })
    expect(streams.countOf(u!)).toBe(0)
    expect(out.writableEnded).toBe(true)
    streams.close()
  })
})
