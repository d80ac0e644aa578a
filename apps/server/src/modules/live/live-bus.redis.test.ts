import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertUser } from '../../../test/fixtures.ts'
import { publishLive, type StoredLiveEvent } from './live-bus.ts'
import { RedisLiveBus } from './redis-bus.ts'

// The wakes between instances by Redis pub/sub (REDIS_URL): needs a Redis server, TEST_REDIS_URL.

const redisUrl = process.env.TEST_REDIS_URL as string
let t: TestApp
const opened: { close(): Promise<void> }[] = []
beforeAll(async () => {
  t = await buildTestApp()
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

describe('RedisLiveBus', () => {
  it('carries the wakes by Redis pub/sub when REDIS_URL is set', async () => {
    const a = new RedisLiveBus(redisUrl, db(), t.app.log)
    const b = new RedisLiveBus(redisUrl, db(), t.app.log)
    opened.push(a, b)
    await Promise.all([a.start(), b.start()])
    const u = (await insertUser(db())).id
    const onB: StoredLiveEvent[] = []
    b.subscribe(u, (e) => onB.push(e))
    const [written] = await publishLive(a, db(), [u], 'message', { via: 'redis' })
    expect(await until(() => onB.length === 1)).toBe(true)
    expect(onB[0]).toEqual({ id: written!.id, userId: u, seq: 1, type: 'message', data: { via: 'redis' } })
  })
})
