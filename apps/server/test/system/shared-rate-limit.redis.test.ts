import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import { Client, freePort, PASSWORD, type Running, SECRET, startServer } from './harness.ts'
import { signInAttemptsAlternating } from './multi-scenarios.ts'

/**
 * Two server processes with one REDIS_URL: a limit counts the requests of both. Sign-in allows 8 attempts per
 * account a minute (auth.routes.ts), times RATE_LIMIT_FACTOR; a fresh email per run keeps runs apart in Redis.
 * The limiter never asks the database: both share a fresh PostgreSQL one when TEST_DATABASE_URL is set (quicker to
 * start), otherwise each has an in-memory one.
 */
const FACTOR = 2
const PER_ACCOUNT = Math.ceil(8 * FACTOR)
let dataDir: string
let db: FreshDatabase | undefined
let a: Running
let b: Running

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-rl-'))
  db = process.env.TEST_DATABASE_URL ? await freshPostgres('preloved_sys') : undefined
  const env = async (name: string) => ({
    DATABASE_URL: db?.url ?? 'memory://',
    REDIS_URL: process.env.TEST_REDIS_URL!,
    AUTH_SECRET: SECRET,
    DATA_DIR: path.join(dataDir, name),
    PORT: String(await freePort()),
    RATE_LIMIT_FACTOR: String(FACTOR),
    DEMO_DATA: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  ;[a, b] = await Promise.all([startServer(await env('a')), startServer(await env('b'))])
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

it('counts sign-in attempts on A and B together and answers 429 at the shared limit', async () => {
  const email = `limited-${Date.now().toString(36)}-${process.pid}@example.test`
  const A = new Client(a.url, a.url)
  const B = new Client(b.url, b.url)
  const statuses = await signInAttemptsAlternating(A, B, email, PER_ACCOUNT + 4)
  const limited = await B.call('POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })
  expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  // alone, each instance would have let PER_ACCOUNT attempts through: PER_ACCOUNT / 2 each is the shared count
  expect(statuses).toEqual([...Array<number>(PER_ACCOUNT).fill(401), 429, 429, 429, 429])
})
