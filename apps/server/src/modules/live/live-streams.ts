import { PassThrough } from 'node:stream'
import { messages } from '@preloved/shared/messages'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { eventsAfter, lastSeqOf, liveSessions } from './live.repository.ts'
import type { LiveBus, StoredLiveEvent } from './live-bus.ts'

/**
 * The open GET /api/events streams of this instance. Each belongs to a user and the session that opened it: it gets
 * that user's events from the bus, a heartbeat comment every HEARTBEAT_MS, and ends when its session does (a
 * signal from the database: live.plugin.ts), when its user's role changes or the account goes, or when the periodic
 * re-check finds its session gone or expired.
 */

export interface StreamOwner {
  userId: string
  sessionId: string
  role: string
}

export interface LiveStreamsOptions {
  bus: LiveBus
  db: Db
  log: FastifyBaseLogger
  /** Streams one user may hold on one instance (tabs, devices); the next is refused with 429. */
  maxPerUser?: number
  heartbeatMs?: number
  /** How often every stream's session is checked again (the backstop of the database's signals). */
  recheckMs?: number
  /** The reconnection delay the browser is told (`retry:`). */
  retryMs?: number
  /** A client that lets this much pile up unread is dropped (it reconnects and replays from Last-Event-ID). */
  maxBufferedBytes?: number
  now?: () => Date
}

export const MAX_STREAMS_PER_USER = 10
export const HEARTBEAT_MS = 25_000
export const RECHECK_MS = 60_000
export const RETRY_MS = 3000
/** A replay is read from the log this many events at a time. */
const REPLAY_PAGE = 500
/** Ids a stream remembers having sent, so a repeat (a replay after a reconnection of the bus) is dropped. */
const RECENT_IDS = 512

class Stream {
  readonly out = new PassThrough()
  /** The owner's events up to this number were sent by the replay (or predate the stream): never sent again. */
  floor = 0
  /** Numbers (the owner's, `seq`) of the events sent lately. */
  readonly recent = new Set<number>()
  /** Events that came while the replay was being read; sent after it. */
  queue: StoredLiveEvent[] | undefined = []
  ended = false
  unsubscribe = () => {}

  constructor(readonly owner: StreamOwner) {}
}

export class LiveStreams {
  private readonly all = new Set<Stream>()
  private readonly byUser = new Map<string, Set<Stream>>()
  private readonly maxPerUser: number
  private readonly retryMs: number
  private readonly maxBuffered: number
  private readonly heartbeat: NodeJS.Timeout
  private readonly rechecker: NodeJS.Timeout
  private rechecking: Promise<void> | undefined
  private readonly now: () => Date

  constructor(private readonly opts: LiveStreamsOptions) {
    this.maxPerUser = opts.maxPerUser ?? MAX_STREAMS_PER_USER
    this.retryMs = opts.retryMs ?? RETRY_MS
    this.maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024
    this.now = opts.now ?? (() => new Date())
    this.heartbeat = setInterval(() => this.beat(), opts.heartbeatMs ?? HEARTBEAT_MS)
    this.heartbeat.unref()
    this.rechecker = setInterval(() => void this.recheck(), opts.recheckMs ?? RECHECK_MS)
    this.rechecker.unref()
  }

  /** Open streams on this instance. */
  get size() {
    return this.all.size
  }

  /** Open streams of one user on this instance. */
  countOf(userId: string) {
    return this.byUser.get(userId)?.size ?? 0
  }

  /**
   * Opens a stream: the events after `lastEventId` first (read from the log), then live ones. Without it the stream
   * starts now, with a `ready` event naming the newest event id so that a reconnection replays from there.
   */
  async open(owner: StreamOwner, lastEventId: number | undefined): Promise<PassThrough> {
    if (this.countOf(owner.userId) >= this.maxPerUser) throw new AppError(429, messages.live.tooManyStreams)
    const s = new Stream(owner)
    this.all.add(s)
    let mine = this.byUser.get(owner.userId)
    if (!mine) {
      mine = new Set()
      this.byUser.set(owner.userId, mine)
    }
    mine.add(s)
    s.unsubscribe = this.opts.bus.subscribe(owner.userId, (e) => this.push(s, e))
    // the client went away (Fastify destroys the stream), or the stream was ended here
    s.out.on('close', () => this.end(s))
    try {
      this.write(s, `retry: ${this.retryMs}\n: live updates for this session\n\n`)
      let from: number
      let replayed = false
      // ids are the owner's own event numbers (decision 032), never the log's, which counts everyone's events
      const newest = await lastSeqOf(this.opts.db, owner.userId)
      if (lastEventId === undefined) {
        from = newest
      } else {
        // an id the user was never given (made up, or from before per-user ids) counts as their newest
        from = Math.min(lastEventId, newest)
        for (;;) {
          const page = await eventsAfter(this.opts.db, owner.userId, from, REPLAY_PAGE)
          if (s.ended) return s.out
          for (const e of page) this.send(s, e)
          if (page.length > 0) {
            from = page.at(-1)!.seq
            replayed = true
          }
          if (page.length < REPLAY_PAGE) break
        }
      }
      if (s.ended) return s.out
      s.floor = from
      // the newest id, as a `ready` event (not one of the live types): a browser's EventSource keeps it as its
      // last event id, and the page's script learns it too (MessageEvent.lastEventId), for a poll that follows
      if (!replayed && from !== lastEventId) this.write(s, `id: ${from}\nevent: ready\ndata: {}\n\n`)
      const queued = s.queue ?? []
      s.queue = undefined
      for (const e of queued) this.send(s, e)
    } catch (err) {
      this.end(s)
      throw err
    }
    return s.out
  }

  private push(s: Stream, e: StoredLiveEvent) {
    if (s.ended) return
    if (s.queue) s.queue.push(e)
    else this.send(s, e)
  }

  private send(s: Stream, e: StoredLiveEvent) {
    if (s.ended || e.userId !== s.owner.userId || e.seq <= s.floor || s.recent.has(e.seq)) return
    s.recent.add(e.seq)
    if (s.recent.size > RECENT_IDS) s.recent.delete(s.recent.values().next().value!)
    this.write(s, `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`)
  }

  private write(s: Stream, text: string) {
    if (s.ended) return
    s.out.write(text)
    // while a replay is read the stream is not flowing yet: only a live stream's backlog counts
    if (!s.queue && s.out.writableLength > this.maxBuffered) {
      this.opts.log.info({ userId: s.owner.userId }, 'live updates: a client reads too slowly; its stream ends')
      this.end(s)
    }
  }

  private beat() {
    for (const s of this.all) if (!s.queue) this.write(s, ': ping\n\n')
  }

  private end(s: Stream) {
    if (s.ended) return
    s.ended = true
    s.unsubscribe()
    this.all.delete(s)
    const mine = this.byUser.get(s.owner.userId)
    mine?.delete(s)
    if (mine?.size === 0) this.byUser.delete(s.owner.userId)
    s.out.end()
  }

  /** Ends the streams of one session (signed out, or replaced by a password change): answers how many. */
  endSession(sessionId: string): number {
    let n = 0
    for (const s of this.all) {
      if (s.owner.sessionId === sessionId) {
        this.end(s)
        n++
      }
    }
    return n
  }

  /** Ends every stream of a user (role or password changed, account deleted); those whose session holds come back. */
  endUser(userId: string): number {
    const mine = [...(this.byUser.get(userId) ?? [])]
    for (const s of mine) this.end(s)
    return mine.length
  }

  /** A session signal from the database: `{"s": sessionId, "u": userId}` or `{"u": userId}`. */
  signal(payload: string) {
    let msg: { s?: unknown; u?: unknown }
    try {
      msg = JSON.parse(payload) as { s?: unknown; u?: unknown }
    } catch {
      return
    }
    if (typeof msg.s === 'string') this.endSession(msg.s)
    else if (typeof msg.u === 'string') this.endUser(msg.u)
  }

  /**
   * Checks every stream's session against the database (it must exist, be unexpired, its user not deleted and of the
   * same role) and ends the others: the backstop of the signals, and what runs after the signal connection was down.
   */
  recheck(): Promise<void> {
    this.rechecking ??= this.checkAll()
      .catch((err) => this.opts.log.warn({ err }, 'live updates: session re-check failed'))
      .finally(() => {
        this.rechecking = undefined
      })
    return this.rechecking
  }

  private async checkAll() {
    const ids = [...new Set([...this.all].map((s) => s.owner.sessionId))]
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000)
      const held = await liveSessions(this.opts.db, chunk, this.now())
      const wanted = new Set(chunk)
      for (const s of [...this.all]) {
        if (!wanted.has(s.owner.sessionId)) continue
        const now = held.get(s.owner.sessionId)
        if (!now || now.userId !== s.owner.userId || now.role !== s.owner.role) this.end(s)
      }
    }
  }

  /** Ends every stream (the server is stopping; clients reconnect to another instance). */
  close() {
    clearInterval(this.heartbeat)
    clearInterval(this.rechecker)
    for (const s of [...this.all]) this.end(s)
  }
}
