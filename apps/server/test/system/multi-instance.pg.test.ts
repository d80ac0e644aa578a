import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import { Client, freePort, type Running, startPair } from './harness.ts'
import {
  photoAcrossInstances,
  samePaymentOnBoth,
  sessionAcrossInstances,
  twoCustomersOneBag,
} from './multi-scenarios.ts'

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer: the same AUTH_SECRET,
 * PUBLIC_URL and DATA_DIR (photos), their own PORT. Whatever one instance did, the other must honour.
 */
let db: FreshDatabase
let sql: pg.Pool
let dataDir: string
let a: Running
let b: Running
let A: Client
let B: Client
const tag = Date.now().toString(36)

beforeAll(async () => {
  db = await freshPostgres('preloved_sys')
  sql = new pg.Pool({ connectionString: db.url, max: 2 })
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-multi-'))
  const publicUrl = `http://localhost:${await freePort()}` // where the balancer would be
  // both at once on a fresh database: the migrations must not run twice
  ;[a, b] = await startPair({
    databaseUrl: db.url,
    dataDir,
    publicUrl,
    ports: [await freePort(), await freePort()],
    rateLimitFactor: '100',
    extra: { WEB_DIST: path.join(dataDir, 'no-web') },
  })
  A = new Client(a.url, publicUrl)
  B = new Client(b.url, publicUrl)
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await sql?.end()
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

describe('two instances on one PostgreSQL database', () => {
  it('accepts on B the session made on A (cookie, then a bearer token), and a sign-out on B ends it on A', async () => {
    const email = `multi-${tag}@example.test`
    expect(await sessionAcrossInstances(A, B, email)).toEqual({
      sessionOnB: { status: 200, email },
      bearerOfBOnA: { status: 200, body: { paid: [] } },
      bearerOfAOnB: { status: 200, body: { paid: [] } },
      anonymousOnB: 401,
      signOutOnB: 200,
      jwtOnAAfterSignOut: 401,
      bearerOnAAfterSignOut: 401,
    })
  })

  it('serves from B a photo uploaded through A', async () => {
    expect(await photoAcrossInstances(A, B, tag)).toEqual({ upload: 200, fromB: 200, type: 'image/webp' })
  })

  it('records one payment when the same payment is posted to A and B at once (several rounds)', async () => {
    const { results, halfWritten } = await samePaymentOnBoth(A, B, sql, tag, 5)
    expect(results).toEqual(Array(5).fill({ statuses: [200, 200, 200, 200], sameId: true, rows: 1 }))
    expect(halfWritten).toEqual([])
  })

  it('sells a bag once when two customers pay for it on different instances at once; the other gets 409', async () => {
    const { results, halfWritten } = await twoCustomersOneBag(A, B, sql, tag, 3)
    for (const r of results) {
      expect(r).toMatchObject({ statuses: [200, 200, 200, 200, 409], payments: 1, product: 'sold' })
      expect(r.loserBody).toMatchObject({ statusCode: 409, error: 'Conflict' })
      expect(r.loserCharge).toBe('refunded')
    }
    expect(halfWritten).toEqual([])
  })
})
