import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import type { TestApp } from '../../../test/build-test-app.ts'
import { type FreshDatabase, freshPostgres } from '../../../test/fresh-postgres.ts'
import { paidOrder } from '../../../test/order-fixtures.ts'
import { buildApp } from '../../app.ts'
import { type Database, openDatabase } from '../../db/client.ts'
import { ledgerEntries, payouts } from '../../db/schema/index.ts'
import { loadConfig } from '../../plugins/config.ts'

/**
 * Two app instances, each with its own connection pool, on one PostgreSQL database (as behind a load balancer): a
 * seller's payout requests sent to both at once pay the available balance once. PostgreSQL only (TEST_DATABASE_URL).
 */
let fresh: FreshDatabase
let dataDir: string
const dbs: Database[] = []
const apps: FastifyInstance[] = []
let A: TestApp
let B: TestApp
let now = Date.UTC(2026, 10, 15, 9)
let n = 0

async function instance(url: string): Promise<TestApp> {
  const database = await openDatabase(url, dataDir)
  dbs.push(database)
  await database.migrate()
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '100',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  const app = await buildApp(config, { database, clock: () => now })
  apps.push(app)
  return { app, database, dataDir, close: async () => {} }
}

beforeAll(async () => {
  fresh = await freshPostgres('preloved_pay')
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-payouts-'))
  A = await instance(fresh.url)
  B = await instance(fresh.url)
})
afterAll(async () => {
  for (const app of apps) await app.close()
  for (const db of dbs) await db.close()
  await fresh?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

/**
 * A seller (signed up on A) with a payout account and `orders` completed sales of 100.00 (85.00 each to them), the
 * clock then past the new seller's reserve (7 days) so that they are available.
 */
async function sellerWithEarnings(orders: number): Promise<Session> {
  const seller = await signUp(A.app, { email: `two-seller${++n}@example.test`, role: 'seller' })
  const account = await B.app.inject({
    method: 'POST',
    url: '/api/payout-account',
    headers: seller.bearer,
    payload: { holderName: 'Two Instances', accountNumber: '44445555' },
  })
  expect(account.statusCode).toBe(200)
  for (let i = 0; i < orders; i++) {
    const buyer = await signUp(A.app, { email: `two-buyer${n}-${i}@example.test`, role: 'customer' })
    const { id } = await paidOrder(A, seller, buyer, { priceCents: 10_000 })
    now += 1000
    const ship = await A.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/ship`,
      headers: seller.bearer,
      payload: { carrier: 'UPS', trackingNumber: `TWO${i}` },
    })
    expect(ship.statusCode).toBe(200)
    const confirm = await B.app.inject({ method: 'POST', url: `/api/orders/${id}/confirm`, headers: buyer.bearer })
    expect(confirm.statusCode).toBe(200)
  }
  now += 7 * 86_400_000
  return seller
}

describe('payouts on two instances of one PostgreSQL database', () => {
  it('requests sent to both at once pay the available balance once (several rounds)', async () => {
    for (let round = 0; round < 4; round++) {
      const seller = await sellerWithEarnings(1 + (round % 2))
      const expected = 8_500 * (1 + (round % 2))
      const ask = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/payouts', headers: seller.bearer })
      const results = await Promise.all([ask(A), ask(B), ask(A), ask(B)])
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409])
      expect(results.find((r) => r.statusCode === 200)!.json().amount).toBe(expected / 100)
      const rows = await A.database.db.select().from(payouts).where(eq(payouts.sellerId, seller.id))
      expect(rows.map((r) => r.amountCents)).toEqual([expected])
      const [sum] = await B.database.db
        .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, seller.id))
      expect(Number(sum!.s)).toBe(0)
      const shown = await B.app.inject({ url: '/api/earnings', headers: seller.bearer })
      expect(shown.json()).toMatchObject({ available: 0, paidOut: expected / 100 })
    }
  })
})
