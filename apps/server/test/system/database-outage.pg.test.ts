import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import { Client, eventually, freePort, type Running, SECRET, type Session, startServer, TcpProxy } from './harness.ts'

/**
 * PostgreSQL goes away while the server runs (a TCP proxy between them is cut) and comes back: requests that need
 * it get a 503 in our JSON shape, /api/health says so, the process stays up, and the pool reconnects by itself.
 */
let db: FreshDatabase
let proxy: TcpProxy
let dataDir: string
let server: Running
let api: Client
let customer: Session

beforeAll(async () => {
  db = await freshPostgres('preloved_sys')
  const target = new URL(db.url)
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432))
  const through = new URL(db.url)
  through.port = String(await proxy.start())
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-outage-'))
  const port = await freePort()
  server = await startServer({
    DATABASE_URL: through.toString(),
    AUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    PORT: String(port),
    LIST_CACHE_MS: '0',
    RATE_LIMIT_FACTOR: '100',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  api = new Client(server.url, server.url)
  customer = await api.signUp(`outage-${Date.now().toString(36)}@example.test`, 'customer')
})

afterAll(async () => {
  await server?.stop()
  await proxy?.cut()
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

it('answers 503 while the database is gone, says so on /api/health, and recovers when it is back', async () => {
  expect(await api.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } })
  expect((await api.get('/api/categoryDetails')).status).toBe(200)
  expect(await api.get('/api/bookingPaid', customer)).toMatchObject({ status: 200, body: { paid: [] } })

  await proxy.cut()

  expect(await api.get('/api/health')).toMatchObject({
    status: 503,
    body: { status: 'unavailable', database: 'down' },
  })
  const unavailable = {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The database is unavailable right now. Please try again shortly.',
  }
  const list = await api.get('/api/categoryDetails')
  expect(list).toMatchObject({ status: 503, body: unavailable })
  expect(list.headers.get('retry-after')).toBe('5')
  // signed-in: the user is looked up in the database first
  expect(await api.get('/api/bookingPaid', customer)).toMatchObject({ status: 503, body: unavailable })
  // better-auth's own routes too
  const signIn = await api.call('POST', '/api/auth/sign-in/email', {
    body: { email: customer.email, password: 'Secret#123' },
  })
  expect(signIn).toMatchObject({ status: 503, body: unavailable })
  expect(server.child.exitCode).toBeNull()

  await proxy.restore()

  expect(await eventually(async () => (await api.get('/api/health')).status === 200)).toBe(true)
  expect(await api.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } })
  expect((await api.get('/api/categoryDetails')).status).toBe(200)
  expect(await api.get('/api/bookingPaid', customer)).toMatchObject({ status: 200, body: { paid: [] } })
  expect((await api.signIn(customer.email)).token).toBeTruthy()
  // no stack trace or driver message reached a client; the log names the outage
  expect(server.output()).toContain('database unavailable')
})

it('stops with one line naming the reason when the database refuses the migrations (no right to create)', async () => {
  const admin = new pg.Client({ connectionString: db.url })
  await admin.connect()
  // a login with no right to create anything in this database (roles are server-wide: made once, kept)
  await admin.query(
    `do $$ begin create role preloved_sys_limited login; exception when duplicate_object then null; end $$`,
  )
  await admin.end()
  const url = new URL(db.url)
  url.username = 'preloved_sys_limited'
  const error = await startServer({
    DATABASE_URL: url.toString(),
    AUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    PORT: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
  }).then(
    () => {
      throw new Error('the server started without being allowed to migrate')
    },
    (e: { code: number; out: string }) => e,
  )
  expect(error.code).toBe(1)
  expect(error.out.trim().split('\n')).toEqual([
    `Could not start: the database refused a query: permission denied for database ${url.pathname.slice(1)}`,
  ])
})
