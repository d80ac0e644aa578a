import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertUser } from '../../../test/fixtures.ts'
import { listenerFor, type PgListener } from './db-listener.ts'
import { publishLive, type StoredLiveEvent } from './live-bus.ts'
import { NotifyLiveBus } from './notify-bus.ts'

// The LISTEN connection of an instance on a PostgreSQL server (project server-pg): PGlite has no connection of its own
// to lose. The rest of the buses' behaviour is in live-bus.test.ts, on both engines.

let t: TestApp
const opened: { close(): Promise<void> }[] = []
beforeAll(async () => {
  t = await buildTestApp()
  expect(t.database.kind).toBe('postgres')
})
afterAll(async () => {
  for (const o of opened.reverse()) await o.close()
  await t.close()
})

const db = () => t.database.db
const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  return check()
}

async function instance() {
  const listener = listenerFor(t.database, t.app.log)
  const bus = new NotifyLiveBus(db(), listener, t.app.log)
  await bus.start()
  await listener.start()
  opened.push(bus, listener)
  return { bus, listener }
}

describe('NotifyLiveBus on a PostgreSQL server', () => {
  it('reconnects a dropped LISTEN connection and replays what it missed meanwhile', async () => {
    const a = await instance()
    const b = await instance()
    const listener = b.listener as PgListener
    const u = (await insertUser(db())).id
    const onB: StoredLiveEvent[] = []
    b.bus.subscribe(u, (e) => onB.push(e))
    listener.simulateDrop()
    expect(await until(() => !listener.connected)).toBe(true)
    const [meanwhile] = await publishLive(a.bus, db(), [u], 'offer', { meanwhile: true })
    expect(await until(() => listener.connected)).toBe(true)
    expect(await until(() => onB.some((e) => e.id === meanwhile!.id))).toBe(true)
    const [after] = await publishLive(a.bus, db(), [u], 'offer', { after: true })
    expect(await until(() => onB.some((e) => e.id === after!.id))).toBe(true)
  })
})
