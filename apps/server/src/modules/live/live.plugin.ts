import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../../db/client.ts'
import { listenerFor } from './db-listener.ts'
import type { LiveBus } from './live-bus.ts'
import { LiveStreams, type LiveStreamsOptions } from './live-streams.ts'
import { NotifyLiveBus } from './notify-bus.ts'
import { RedisLiveBus } from './redis-bus.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open GET /api/events streams (modules/live). */
    liveStreams: LiveStreams
  }
}

/** The database channel of the session signals (migration 0015's triggers). */
export const LIVE_SESSION_CHANNEL = 'live_session'

/**
 * Live updates across instances: `app.live` (the bus publishLive wakes) and `app.liveStreams`. Events travel by
 * Redis pub/sub when REDIS_URL is set, else by the database's LISTEN/NOTIFY (PostgreSQL, or PGlite in one process).
 * Session signals always come from the database (triggers on session, user and account: whatever code path ended a
 * session), on the same dedicated LISTEN connection. All streams end before the server stops.
 */
export const livePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; streams?: Partial<LiveStreamsOptions> }) => {
    const { database } = opts
    const listener = listenerFor(database, app.log)
    const bus: LiveBus & { start(): Promise<void> } = app.config.REDIS_URL
      ? new RedisLiveBus(app.config.REDIS_URL, database.db, app.log)
      : new NotifyLiveBus(database.db, listener, app.log)
    const streams = new LiveStreams({ bus, db: database.db, log: app.log, ...opts.streams })
    listener.on(LIVE_SESSION_CHANNEL, (payload) => streams.signal(payload))
    // signals sent while the connection was down are lost: every stream's session is checked again instead; with
    // Redis, events woken for while the database was out of reach could not be read: they are replayed from the log
    // (the NOTIFY bus replays by itself)
    listener.onConnect((info) => {
      if (!info.reconnected) return
      void streams.recheck()
      if (bus instanceof RedisLiveBus) {
        bus.resync(info.droppedAt).catch((err) => app.log.warn({ err }, 'live updates: replay after reconnect failed'))
      }
    })
    app.decorate('live', bus)
    app.decorate('liveStreams', streams)
    await bus.start()
    await listener.start()
    // open streams would hold the server's close: they end first, and their clients reconnect elsewhere
    app.addHook('preClose', async () => streams.close())
    app.addHook('onClose', async () => {
      streams.close()
      await listener.close()
      await bus.close()
    })
  },
  { name: 'live' },
)
