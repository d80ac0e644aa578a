import { describe, expect, it } from 'vitest'
import { insertUser } from '../../../test/fixtures.ts'
import { listenerFor, type PgListener } from './db-listener.ts'
import { liveBusFixture, until } from './live-bus.fixture.ts'
import { publishLive, type StoredLiveEvent } from './live-bus.ts'
import { NotifyLiveBus } from './notify-bus.ts'

// The LISTEN connection of an instance on a PostgreSQL server (project server-pg): PGlite has no connection of its own
// to lose. The rest of the buses' behaviour is in live-bus.test.ts, on both engines.

const f = liveBusFixture((t) => expect(t.database.kind).toBe('postgres'))
const { opened, db } = f

async function instance() {
  const listener = listenerFor(f.t.database, f.t.app.log)
  const bus = new NotifyLiveBus(db(), listener, f.t.app.log)
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
