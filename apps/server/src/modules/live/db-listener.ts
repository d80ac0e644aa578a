import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { Database } from '../../db/client.ts'

/**
 * LISTEN for the live module: a dedicated PostgreSQL connection per instance (never one of the pool's: it stays
 * open for good), or PGlite's own listen() on its one connection. PostgreSQL's connection is watched (a query every
 * PING_MS) and reconnected with backoff when it drops; `onConnect` then tells the live module to replay from the
 * log what it may have missed meanwhile.
 */

export type PayloadHandler = (payload: string) => void

export interface ConnectInfo {
  /** False for the first connection; true after a drop, with when it was noticed. */
  reconnected: boolean
  droppedAt?: Date
}

export interface DbListener {
  /** Handles each notification of `channel` (call before start()). */
  on(channel: string, handler: PayloadHandler): void
  /** Called after each (re)connection, once its LISTENs are in place. */
  onConnect(handler: (info: ConnectInfo) => void): void
  start(): Promise<void>
  /** Whether the LISTEN connection is up now. */
  readonly connected: boolean
  close(): Promise<void>
}

/** How often the dedicated connection is checked (a half-open TCP connection shows no error by itself). */
const PING_MS = 15_000
const BACKOFF_MS = [100, 250, 500, 1000, 2000, 5000]

export class PgListener implements DbListener {
  private readonly handlers = new Map<string, PayloadHandler>()
  private readonly connectHandlers: ((info: ConnectInfo) => void)[] = []
  private client: pg.Client | undefined
  private connecting: pg.Client | undefined
  private closed = false
  private attempt = 0
  private everConnected = false
  private droppedAt: Date | undefined
  private timer: NodeJS.Timeout | undefined
  private ping: NodeJS.Timeout | undefined

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  get connected() {
    return this.client !== undefined
  }

  on(channel: string, handler: PayloadHandler) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
    this.handlers.set(channel, handler)
  }

  onConnect(handler: (info: ConnectInfo) => void) {
    this.connectHandlers.push(handler)
  }

  /** Connects once (or schedules the retries) without failing the start: the pool already proved the server answers. */
  async start() {
    await this.connect()
  }

  private async connect() {
    if (this.closed) return
    const client = new pg.Client({ ...this.config, keepAlive: true })
    this.connecting = client
    // an 'error' without a listener would end the process: a dropped connection is expected here
    client.on('error', (err) => this.dropped(client, err))
    client.on('end', () => this.dropped(client))
    client.on('notification', (msg) => {
      if (msg.payload !== undefined) this.handlers.get(msg.channel)?.(msg.payload)
    })
    try {
      await client.connect()
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`)
    } catch (err) {
      this.dropped(client, err as Error)
      return
    }
    if (this.connecting !== client) return // dropped meanwhile: a retry is planned
    this.connecting = undefined
    if (this.closed) {
      await client.end().catch(() => {})
      return
    }
    this.client = client
    this.attempt = 0
    const info: ConnectInfo = this.everConnected
      ? { reconnected: true, ...(this.droppedAt ? { droppedAt: this.droppedAt } : {}) }
      : { reconnected: false }
    if (this.everConnected) this.log.info('live updates: LISTEN connection back; replaying from the log')
    this.everConnected = true
    this.droppedAt = undefined
    this.ping = setInterval(() => {
      client.query('select 1').catch((err: Error) => this.dropped(client, err))
    }, PING_MS)
    this.ping.unref()
    for (const h of this.connectHandlers) h(info)
  }

  /** The connection (or an attempt at one) failed: forget it and try again after a pause. */
  private dropped(client: pg.Client, err?: Error) {
    if (client === this.client) {
      this.client = undefined
      clearInterval(this.ping)
      this.droppedAt = new Date()
      this.log.warn({ err: err?.message }, 'live updates: LISTEN connection lost; reconnecting')
    } else if (client === this.connecting) {
      this.connecting = undefined
      this.droppedAt ??= new Date()
    } else {
      return // a late event of a connection already given up
    }
    client.removeAllListeners('notification')
    client.end().catch(() => {})
    if (this.closed || this.timer) return
    const wait = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)]!
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.connect()
    }, wait)
    this.timer.unref()
  }

  /** Test hook: the connection drops as if the server or the network went away. */
  simulateDrop() {
    const c = this.client
    if (c) (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
  }

  async close() {
    this.closed = true
    clearTimeout(this.timer)
    clearInterval(this.ping)
    const c = this.client ?? this.connecting
    this.client = undefined
    this.connecting = undefined
    if (c) await c.end().catch(() => {})
  }
}

/** PGlite: one connection in this process, nothing to drop; its listen() delivers each notification after commit. */
export class PgliteListener implements DbListener {
  private readonly handlers = new Map<string, PayloadHandler>()
  private readonly connectHandlers: ((info: ConnectInfo) => void)[] = []
  private readonly unlisten: (() => Promise<void>)[] = []
  connected = false

  constructor(private readonly client: PGlite) {}

  on(channel: string, handler: PayloadHandler) {
    this.handlers.set(channel, handler)
  }

  onConnect(handler: (info: ConnectInfo) => void) {
    this.connectHandlers.push(handler)
  }

  async start() {
    for (const [channel, handler] of this.handlers) this.unlisten.push(await this.client.listen(channel, handler))
    this.connected = true
    for (const h of this.connectHandlers) h({ reconnected: false })
  }

  async close() {
    this.connected = false
    for (const u of this.unlisten.splice(0)) await u().catch(() => {})
  }
}

/** The listener for an opened database: its pool's settings for a dedicated connection, or PGlite's own. */
export function listenerFor(database: Database, log: FastifyBaseLogger): DbListener {
  const client = (database.db as unknown as { $client: unknown }).$client
  if (database.kind === 'pglite') return new PgliteListener(client as PGlite)
  const options = (client as { options: pg.PoolConfig }).options
  return new PgListener(
    {
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
      ...(options.ssl ? { ssl: options.ssl } : {}),
      application_name: 'preloved-live',
    },
    log,
  )
}
