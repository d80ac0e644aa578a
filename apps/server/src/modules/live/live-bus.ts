import type { LiveEventType } from '@preloved/shared/live'
import type { DbOrTx } from '../../db/client.ts'
import { liveEvents } from '../../db/schema/index.ts'

/**
 * Live updates (issue 17): an event for a user is written to the `live_event` log (numbered, so a client that
 * reconnects with Last-Event-ID gets what it missed), then every instance is woken to push it to that user's open
 * GET /api/events streams. This file is the contract the other modules use: `publishLive(bus, db, userIds, type,
 * data)`. The transport between instances (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL) lives behind
 * `LiveBus.wake`.
 */

export interface StoredLiveEvent {
  id: number
  userId: string
  type: LiveEventType
  data: Record<string, unknown>
}

export type LiveListener = (event: StoredLiveEvent) => void

export interface LiveBus {
  /** Tells every instance (this one too) that these events were written; they push them to open streams. */
  wake(events: StoredLiveEvent[]): Promise<void>
  /** Listens for one user's events on this instance; answers the unsubscribe. */
  subscribe(userId: string, listener: LiveListener): () => void
  close(): Promise<void>
}

/** One instance only: events reach the streams of this process (the cross-instance bus replaces it). */
export class LocalLiveBus implements LiveBus {
  private readonly listeners = new Map<string, Set<LiveListener>>()

  async wake(events: StoredLiveEvent[]) {
    for (const e of events) this.deliver(e)
  }

  /** Pushes one stored event to this instance's listeners of its user. */
  deliver(event: StoredLiveEvent) {
    for (const l of this.listeners.get(event.userId) ?? []) l(event)
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
      if (set.size === 0) this.listeners.delete(userId)
    }
  }

  async close() {
    this.listeners.clear()
  }
}

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
  const unique = [...new Set(userIds)]
  if (unique.length === 0) return []
  const rows = await db
    .insert(liveEvents)
    .values(unique.map((userId) => ({ userId, type, data })))
    .returning()
  const events = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    type: r.type as LiveEventType,
    data: r.data as Record<string, unknown>,
  }))
  await bus.wake(events)
  return events
}
