import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import type { DbListener } from './db-listener.ts'
import { lastEventIdOf } from './live.repository.ts'
import { RemoteBus } from './remote-bus.ts'

/** The channel that carries wakes between instances (the session signals have their own: live_session). */
export const LIVE_EVENT_CHANNEL = 'live_event'

/**
 * Live events across instances through PostgreSQL LISTEN/NOTIFY (PGlite's too): a wake is a NOTIFY sent on the
 * connection that wrote the events (inside a caller's transaction it goes out at commit), heard by every instance's
 * LISTEN connection (db-listener.ts). When that connection comes back after a drop, the events written meanwhile are
 * replayed from the log.
 */
export class NotifyLiveBus extends RemoteBus {
  constructor(db: Db, listener: DbListener, log: FastifyBaseLogger) {
    super(db, log)
    listener.on(LIVE_EVENT_CHANNEL, (payload) => this.received(payload))
    listener.onConnect((info) => {
      if (!info.reconnected) return
      this.resync(info.droppedAt).catch((err) => this.log.warn({ err }, 'live updates: replay after reconnect failed'))
    })
  }

  /** Where this instance starts: later wakes and replays count from the newest event written so far. */
  async start() {
    this.maxSeen = await lastEventIdOf(this.db)
  }

  protected async send(payload: string, db: DbOrTx | undefined) {
    await (db ?? this.db).execute(sql`select pg_notify(${LIVE_EVENT_CHANNEL}, ${payload})`)
  }
}
