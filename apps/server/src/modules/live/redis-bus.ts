import { once } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { Db } from '../../db/client.ts'
import { lastEventIdOf } from './live.repository.ts'
import { RemoteBus } from './remote-bus.ts'

/** The Redis channel of the wakes. */
export const LIVE_REDIS_CHANNEL = 'preloved-live'
const START_WAIT_MS = 3000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref())

/**
 * Live events across instances through Redis pub/sub (REDIS_URL): a wake is a PUBLISH after the events are written;
 * each instance SUBSCRIBEs on a connection of its own. ioredis reconnects and subscribes again by itself; when it
 * does, the events written meanwhile are replayed from the log.
 */
export class RedisLiveBus extends RemoteBus {
  private readonly sub: Redis
  private readonly pub: Redis
  private ready = false
  private droppedAt: Date | undefined

  constructor(url: string, db: Db, log: FastifyBaseLogger) {
    super(db, log)
    // never given up: ioredis reconnects for good, and the subscription waits for it
    this.sub = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: null })
    // a wake that cannot be sent soon is dropped (the event is in the log; clients get it when they reconnect)
    this.pub = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    for (const r of [this.sub, this.pub]) r.on('error', () => {}) // logged once per drop below; ioredis retries
    this.sub.on('message', (_channel: string, message: string) => this.received(message))
    this.sub.on('close', () => {
      if (!this.ready) return
      this.ready = false
      this.droppedAt = new Date()
      this.log.warn('live updates: Redis subscription lost; reconnecting')
    })
    this.sub.on('ready', () => {
      const dropped = this.droppedAt
      this.ready = true
      if (!dropped) return
      this.droppedAt = undefined
      this.log.info('live updates: Redis subscription back; replaying from the log')
      // once the subscription is confirmed again (ioredis renews it by itself; this waits for it), nothing is missed
      this.sub
        .subscribe(LIVE_REDIS_CHANNEL)
        .then(() => this.resync(dropped))
        .catch((err) => this.log.warn({ err }, 'live updates: replay after reconnect failed'))
    })
  }

  get connected() {
    return this.ready
  }

  /** Subscribes; a Redis that does not answer within START_WAIT_MS does not hold up the start (it is retried). */
  async start() {
    this.maxSeen = await lastEventIdOf(this.db)
    // subscribed once ready: a SUBSCRIBE queued while ioredis connects can be lost as it sets the connection up
    const subscribed = (async () => {
      if (this.sub.status !== 'ready') await once(this.sub, 'ready')
      await this.sub.subscribe(LIVE_REDIS_CHANNEL)
    })().then(
      () => true,
      (err: Error) => {
        this.log.warn({ err: err.message }, 'live updates: Redis subscription failed')
        return false
      },
    )
    const waited = await Promise.race([subscribed, sleep(START_WAIT_MS).then(() => false)])
    if (!waited) this.log.warn('live updates: Redis does not answer yet; events reach other instances once it does')
  }

  protected async send(payload: string) {
    await this.pub.publish(LIVE_REDIS_CHANNEL, payload)
  }

  override async close() {
    await super.close()
    await Promise.all([this.sub.quit().catch(() => {}), this.pub.quit().catch(() => {})])
  }
}
