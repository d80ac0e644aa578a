import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MigrationHarness, openMigrationHarness } from '../../test/migration-harness.ts'
import { eventsAfter, lastSeqOf } from '../modules/live/live.repository.ts'
import { LocalLiveBus, publishLive } from '../modules/live/live-bus.ts'
import type { Database } from './client.ts'
import { liveEvents } from './schema/index.ts'

/**
 * Migration 0018 (decision 032) on a shop whose live-event log already holds events: each user's events are numbered
 * 1, 2, 3… in the log's order, each user's counter starts after them, and new events go on from there.
 */
let migration: MigrationHarness
let database: Database

beforeAll(async () => {
  migration = await openMigrationHarness()
  database = migration.database
})
afterAll(() => migration.close())

describe('migration 0018 on a log with events', () => {
  it("numbers each user's events in the log's order and goes on from there", async () => {
    await migration.migrateUpTo('0017_risk_flags_and_money_reserve')
    const { db } = database
    // the log before: one shop-wide counter, users' events interleaved
    for (const user of ['ann', 'ben', 'ann', 'cat', 'ann', 'ben']) {
      await db.execute(sql`insert into live_event (user_id, type, data) values (${user}, 'notification', '{}'::jsonb)`)
    }
    await migration.migrateAll()

    const rows = await db
      .select({ userId: liveEvents.userId, seq: liveEvents.seq })
      .from(liveEvents)
      .orderBy(asc(liveEvents.id))
    expect(rows).toEqual([
      { userId: 'ann', seq: 1 },
      { userId: 'ben', seq: 1 },
      { userId: 'ann', seq: 2 },
      { userId: 'cat', seq: 1 },
      { userId: 'ann', seq: 3 },
      { userId: 'ben', seq: 2 },
    ])
    expect([await lastSeqOf(db, 'ann'), await lastSeqOf(db, 'ben'), await lastSeqOf(db, 'dan')]).toEqual([3, 2, 0])
    const [next] = await publishLive(new LocalLiveBus(), db, ['ann'], 'offer', { after: 'the upgrade' })
    expect(next!.seq).toBe(4)
    expect((await eventsAfter(db, 'ann', 2, 10)).map((e) => e.seq)).toEqual([3, 4])
    // one number per user, once
    const clash = await db
      .insert(liveEvents)
      .values({ userId: 'ann', seq: 4, type: 'offer', data: {} })
      .then(
        () => undefined,
        (err: { cause?: { code?: string; constraint?: string } }) => err.cause,
      )
    expect(clash).toMatchObject({ code: '23505', constraint: 'live_event_user_seq_uq' })
    expect(await db.select().from(liveEvents).where(eq(liveEvents.userId, 'dan'))).toEqual([])
  })
})
