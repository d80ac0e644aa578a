import type { LiveEventType } from '@preloved/shared/live'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { liveEventSeqs, liveEvents } from '../../db/schema/index.ts'

/**
 * Live updates: an event for a user is written to the `live_event` log (numbered, so a client that
 * reconnects with Last-Event-ID gets what it missed), then every instance is woken to push it to that user's open
 * GET /api/events streams. This file is the contract the other modules use: `publishLive(bus, db, userIds, type,
 * data)`. The transport between instances (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL) lives behind
 * `LiveBus.wake`: notify-bus.ts and redis-bus.ts; live.plugin.ts picks one.
 */

export interface StoredLiveEvent {
  /** The log's number: what instances wake each other with; never shown to a user (it counts everyone's events). */
  id: number
  userId: string
  /** The user's own event number: the SSE `id:`, Last-Event-ID and the poll's `after` (decision 032). */
  seq: number
  type: LiveEventType
  data: Record<string, unknown>
}

export type LiveListener = (event: StoredLiveEvent) => void

export interface LiveBus {
  /**
   * Tells every instance (this one too) that these events were written; they push them to open streams. `db` is the
   * connection (or transaction) that wrote them, for a transport that signals through the database.
   */
  wake(events: StoredLiveEvent[], db?: DbOrTx): Promise<void>
  /** Listens for one user's events on this instance; answers the unsubscribe. */
  subscribe(userId: string, listener: LiveListener): () => void
  close(): Promise<void>
}

/** This instance's listeners, by user: what every bus delivers to. */
export class Fanout {
  private readonly listeners = new Map<string, Set<LiveListener>>()

  /** Pushes one stored event to this instance's listeners of its user. */
  deliver(event: StoredLiveEvent) {
    for (const l of this.listeners.get(event.userId) ?? []) l(event)
  }

  /** Whether someone on this instance listens for this user's events. */
  listens(userId: string) {
    return this.listeners.has(userId)
  }

  /** The users someone on this instance listens for. */
  users(): string[] {
    return [...this.listeners.keys()]
  }

  subscribe(userId: string, listener: LiveListener) {
    let set = this.listeners.get(userId)
    if (!set) {
      set = new Set()
      this.listeners.set(userId, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId)
    }
  }

  protected clearListeners() {
    this.listeners.clear()
  }
}

/** One instance only: events reach the streams of this process (tests of other modules; the plugin picks a real bus). */
export class LocalLiveBus extends Fanout implements LiveBus {
  async wake(events: StoredLiveEvent[]) {
    for (const e of events) this.deliver(e)
  }

  async close() {
    this.clearListeners()
  }
}

/**
 * Held while an event is numbered and written, to its transaction's end: events commit in the order of their numbers
 * (the log's and each user's), so a client that has its event n has every earlier one of its own that exists (what
 * Last-Event-ID replay relies on), and a bus that has seen log id n has every earlier one (what its replay after a
 * reconnection relies on).
 */
const LIVE_EVENT_ORDER_LOCK = 7_072_657

/**
 * Writes one event per user to the log and wakes the instances. Call it after the change it reports has committed
 * (a stream must never show what a rolled-back transaction did); a failure is logged by the caller, never fatal.
 */
export async function publishLive(
  bus: LiveBus,
  db: DbOrTx,
  userIds: readonly string[],
  type: LiveEventType,
  data: Record<string, unknown>,
): Promise<StoredLiveEvent[]> {
  return publishLiveEach(
    bus,
    db,
    [...new Set(userIds)].map((userId) => ({ userId, type, data })),
  )
}

/**
 * publishLive for events that differ by user (a batch of notifications, each with its user's unread count): written
 * in one statement, in the order given, and woken at once. The same rule: after the change they report committed.
 */
export async function publishLiveEach(
  bus: LiveBus,
  db: DbOrTx,
  toWrite: ReadonlyArray<{ userId: string; type: LiveEventType; data: Record<string, unknown> }>,
): Promise<StoredLiveEvent[]> {
  if (toWrite.length === 0) return []
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LIVE_EVENT_ORDER_LOCK))})`)
    // each user's next numbers (a counter that pruning the log leaves alone, so numbers never start again): a user
    // with n events in this batch moves on by n, and their events take the n numbers in the order given
    const counts = new Map<string, number>()
    for (const w of toWrite) counts.set(w.userId, (counts.get(w.userId) ?? 0) + 1)
    const numbered = await tx
      .insert(liveEventSeqs)
      .values([...counts].map(([userId, n]) => ({ userId, seq: n })))
      .onConflictDoUpdate({ target: liveEventSeqs.userId, set: { seq: sql`${liveEventSeqs.seq} + excluded.seq` } })
      .returning()
    const last = new Map(numbered.map((r) => [r.userId, Number(r.seq) - counts.get(r.userId)!]))
    return tx
      .insert(liveEvents)
      .values(
        toWrite.map(({ userId, type, data }) => {
          const seq = last.get(userId)! + 1
          last.set(userId, seq)
          return { userId, seq, type, data }
        }),
      )
      .returning()
  })
  const events = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    seq: r.seq,
    type: r.type as LiveEventType,
    data: r.data as Record<string, unknown>,
  }))
  await bus.wake(events, db)
  return events
}
