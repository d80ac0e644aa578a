import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import { eventsByIds, eventsSince } from './live.repository.ts'
import { Fanout, type LiveBus, type StoredLiveEvent } from './live-bus.ts'

/**
 * What the buses between instances share. A wake carries only event ids and their users
 * (`{"i": instance, "e": [[id, userId], …]}`, under PostgreSQL's 8,000-byte NOTIFY limit): an instance with a
 * stream of that user reads the events from the log, so payloads stay small and nothing but the log is trusted.
 * The instance that wrote the events delivers them to its own streams at once and ignores its own wake.
 */

export interface WakePayload {
  i: string
  e: [number, string][]
}

/** Payload text kept under NOTIFY's 8,000 bytes with room to spare. */
const MAX_PAYLOAD_CHARS = 7000
/** When an event woken for is not readable yet (the writer's transaction not committed), ask again after these. */
const RETRY_MS = [50, 250, 1000, 3000]
/** After a lost connection, events of this window before the drop are replayed too (streams drop repeats). */
const RESYNC_MARGIN_MS = 30_000

export abstract class RemoteBus extends Fanout implements LiveBus {
  readonly instanceId = randomUUID()
  /** The highest event id this instance has seen written or woken for. */
  protected maxSeen = 0
  private pending = new Set<number>()
  private flushing: Promise<void> | undefined
  private closed = false

  constructor(
    protected readonly db: Db,
    protected readonly log: FastifyBaseLogger,
  ) {
    super()
  }

  /** Sends one payload to every instance. */
  protected abstract send(payload: string, db: DbOrTx | undefined): Promise<void>

  async wake(events: StoredLiveEvent[], db?: DbOrTx) {
    for (const e of events) {
      this.maxSeen = Math.max(this.maxSeen, e.id)
      this.deliver(e)
    }
    try {
      for (const payload of payloadsOf(this.instanceId, events)) await this.send(payload, db)
    } catch (err) {
      // the events are in the log: the other instances' streams get them when their connection comes back, and
      // their clients with the next reconnect or poll
      this.log.warn({ err }, 'live updates: could not wake the other instances')
    }
  }

  /** A payload from the transport: reads the events of users with a stream here and delivers them. */
  protected received(text: string) {
    let payload: WakePayload
    try {
      payload = JSON.parse(text) as WakePayload
    } catch {
      return
    }
    if (payload.i === this.instanceId || !Array.isArray(payload.e)) return
    for (const [id, userId] of payload.e) {
      if (typeof id !== 'number') continue
      this.maxSeen = Math.max(this.maxSeen, id)
      if (typeof userId === 'string' && this.listens(userId)) this.pending.add(id)
    }
    if (this.pending.size > 0) this.flush()
  }

  /** Reads the pending ids in one query (wakes that arrive meanwhile wait for the next). */
  private flush() {
    if (this.flushing) return
    this.flushing = (async () => {
      while (this.pending.size > 0 && !this.closed) {
        const ids = [...this.pending]
        this.pending.clear()
        await this.read(ids, 0)
      }
    })().finally(() => {
      this.flushing = undefined
    })
  }

  /** Reads and delivers; ids not readable yet (or a failed read) are asked for again after RETRY_MS. */
  private async read(ids: number[], attempt: number) {
    let missing = ids
    try {
      const events = await eventsByIds(this.db, ids)
      for (const e of events) this.deliver(e)
      const found = new Set(events.map((e) => e.id))
      missing = ids.filter((id) => !found.has(id))
    } catch (err) {
      if (attempt === 0) this.log.warn({ err }, 'live updates: could not read woken events; trying again')
    }
    if (missing.length === 0 || this.closed) return
    const wait = RETRY_MS[attempt]
    if (wait === undefined) {
      this.log.warn({ ids: missing }, 'live updates: woken for events that could not be read')
      return
    }
    setTimeout(() => void this.read(missing, attempt + 1), wait).unref()
  }

  /**
   * After the connection to the other instances came back: the events of this instance's users written while it was
   * down (after the last one seen, or within a margin of the drop) are read from the log and delivered.
   */
  async resync(droppedAt: Date | undefined) {
    const users = this.users()
    if (users.length === 0) return
    const since = new Date((droppedAt ?? new Date()).getTime() - RESYNC_MARGIN_MS)
    const events = await eventsSince(this.db, users, this.maxSeen, since)
    for (const e of events) {
      this.maxSeen = Math.max(this.maxSeen, e.id)
      this.deliver(e)
    }
  }

  async close() {
    this.closed = true
    this.clearListeners()
  }
}

/** The wake payloads for these events: as few as fit in MAX_PAYLOAD_CHARS each. */
export function payloadsOf(instanceId: string, events: StoredLiveEvent[]): string[] {
  const out: string[] = []
  let batch: [number, string][] = []
  let size = 0
  const head = JSON.stringify({ i: instanceId, e: [] }).length
  for (const e of events) {
    const item = JSON.stringify([e.id, e.userId]).length + 1
    if (batch.length > 0 && head + size + item > MAX_PAYLOAD_CHARS) {
      out.push(JSON.stringify({ i: instanceId, e: batch }))
      batch = []
      size = 0
    }
    batch.push([e.id, e.userId])
    size += item
  }
  if (batch.length > 0) out.push(JSON.stringify({ i: instanceId, e: batch }))
  return out
}
