import { describe, expect, it } from 'vitest'
import { insertUser } from '../../../test/fixtures.ts'
import { liveBusFixture, until } from './live-bus.fixture.ts'
import { publishLive, type StoredLiveEvent } from './live-bus.ts'
import { RedisLiveBus } from './redis-bus.ts'

// The wakes between instances by Redis pub/sub (REDIS_URL): needs a Redis server, TEST_REDIS_URL.

const redisUrl = process.env.TEST_REDIS_URL as string
const f = liveBusFixture()
const { opened, db } = f

describe('RedisLiveBus', () => {
  it('carries the wakes by Redis pub/sub when REDIS_URL is set', async () => {
    const a = new RedisLiveBus(redisUrl, db(), f.t.app.log)
    const b = new RedisLiveBus(redisUrl, db(), f.t.app.log)
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
