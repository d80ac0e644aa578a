import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.ts'
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts'
import { type FreshDatabase, freshPostgres } from '../../../test/fresh-postgres.ts'
import { expectBalanced } from '../../../test/order-fixtures.ts'
import { deliverWebhook, disputeOf, onboardedSeller, stripeEnv, stripeOrder } from '../../../test/stripe-shop.ts'
import { buildApp } from '../../app.ts'
import { type Database, openDatabase } from '../../db/client.ts'
import { ledgerEntries, payouts, refunds } from '../../db/schema/index.ts'
import { loadConfig } from '../../plugins/config.ts'
import { sweepPayouts } from './earnings.service.ts'

/**
 * Two app instances, each with its own connection pool, on one PostgreSQL database, both on the Stripe stand-in: a
 * lost chargeback delivered to both at once is recorded once, and their payout sweeps running at once send each
 * pending payout once. PostgreSQL only (TEST_DATABASE_URL).
 */
let fresh: FreshDatabase
let dataDir: string
let stripe: FakeStripe
const dbs: Database[] = []
const apps: FastifyInstance[] = []
let A: TestApp
let B: TestApp
let now = Date.UTC(2026, 10, 17, 9)
let n = 0
const tick = () => {
  now += 1000
}

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
    ...stripeEnv(stripe),
  })
  const app = await buildApp(config, { database, clock: () => now })
  apps.push(app)
  return { app, database, dataDir, close: async () => {} }
}

beforeAll(async () => {
  stripe = await startFakeStripe()
  fresh = await freshPostgres('preloved_cb')
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-chargebacks-'))
  A = await instance(fresh.url)
  B = await instance(fresh.url)
})
afterAll(async () => {
  for (const app of apps) await app.close()
  for (const db of dbs) await db.close()
  await fresh?.drop()
  await stripe?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const sweepOn = (t: TestApp) =>
  sweepPayouts({ db: t.database.db, mailer: t.app.mailer, stripe: t.app.stripe, log: undefined }, new Date(now))

describe('chargebacks and payout sweeps on two instances of one PostgreSQL database', () => {
  it('a lost chargeback delivered to both at once is recorded once (several rounds)', async () => {
    const seller = await onboardedSeller(A, stripe, `cb-two-seller${++n}@example.test`)
    for (let round = 0; round < 4; round++) {
      const order = await stripeOrder(A, stripe, seller, 10_000, tick, round % 2 ? 'completed' : 'shipped')
      const closed = disputeOf(order.intentId, 'lost', { id: `dp_two_${round}`, amount: 1000 * (round + 1) })
      const results = await Promise.all([
        deliverWebhook(A.app, 'charge.dispute.closed', closed, `evt_two_${round}`),
        deliverWebhook(B.app, 'charge.dispute.closed', closed, `evt_two_${round}`),
        deliverWebhook(A.app, 'charge.dispute.closed', closed),
        deliverWebhook(B.app, 'charge.dispute.closed', closed),
      ])
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
      const rows = await B.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))
      expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([['chargeback', 1000 * (round + 1)]])
      await expectBalanced(A, order.id)
    }
  })

  it('payout sweeps on both at once send each pending payout once', async () => {
    const pending: { sellerId: string; payoutId: string }[] = []
    for (let i = 0; i < 3; i++) {
      const seller = await onboardedSeller(A, stripe, `cb-two-seller${++n}@example.test`)
      await stripeOrder(A, stripe, seller, 10_000, tick)
      now += 7 * 86_400_000 // past the new seller's reserve: the sale is available
      stripe.failTransfers = 500
      try {
        const res = await B.app.inject({ method: 'POST', url: '/api/payouts', headers: seller.bearer })
        expect(res.statusCode).toBe(502)
      } finally {
        stripe.failTransfers = undefined
      }
      const [row] = await A.database.db.select().from(payouts).where(eq(payouts.sellerId, seller.id))
      pending.push({ sellerId: seller.id, payoutId: row!.id })
    }
    const calls = (payoutId: string) =>
      stripe.calls.filter((c) => c.path === '/v1/transfers' && c.idempotencyKey === payoutId).length
    const before = pending.map((p) => calls(p.payoutId))
    now += 2 * 60_000
    const counts = await Promise.all([sweepOn(A), sweepOn(B), sweepOn(A), sweepOn(B)])
    expect(counts.reduce((sum, c) => sum + c.paid, 0)).toBe(3)
    // each payout was claimed by one sweep: one more call to Stripe per payout, not one per sweep
    expect(pending.map((p) => calls(p.payoutId))).toEqual(before.map((c) => c + 1))
    for (const { sellerId, payoutId } of pending) {
      expect(stripe.transfers.filter((tr) => tr.metadata.payoutId === payoutId)).toHaveLength(1)
      const [row] = await B.database.db.select().from(payouts).where(eq(payouts.id, payoutId))
      expect(row!.status).toBe('paid')
      const entries = await A.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, sellerId))
      expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0)
    }
  })
})
