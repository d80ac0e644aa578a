import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MigrationHarness, openMigrationHarness } from '../../test/migration-harness.ts'
import type { Database } from './client.ts'
import { ledgerEntries, payouts } from './schema/index.ts'

/**
 * Migration 0014 (decision 023) on a shop that already had a payout refused by Stripe: the give-back written before it
 * (no payout id, the payout named in its note) stays as it was, and from then on a payout takes one give-back naming it.
 */
let migration: MigrationHarness
let database: Database
const SELLER = 'seller-before-0014'

beforeAll(async () => {
  migration = await openMigrationHarness()
  database = migration.database
})
afterAll(() => migration.close())

const causeOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: { cause?: { code?: string; constraint?: string } }) => err.cause,
  )

describe('migration 0014 on a shop with a refused payout', () => {
  it('keeps the old give-back as it was and lets each payout be given back once, naming it', async () => {
    await migration.migrateUpTo('0013_talk_and_trust')
    const { db } = database
    await db.execute(sql`insert into "user" (id, name, email, role)
      values (${SELLER}, 'Old Seller', 'old-seller-0014@example.test', 'seller')`)
    const at = new Date('2026-11-01T10:00:00Z')
    const insertPayout = async (status: 'failed' | 'pending') =>
      (
        (await db.execute(sql`insert into payout (seller_id, amount, provider, status, created_at)
          values (${SELLER}, 5000, 'stripe', ${status}, ${at.toISOString()}::timestamptz) returning id`)) as unknown as {
          rows: { id: string }[]
        }
      ).rows[0]!.id
    const old = await insertPayout('failed')
    await db.execute(sql`insert into ledger_entry (account, payout_id, kind, amount, note, created_at) values
      (${SELLER}, ${old}, 'payout', -5000, 'Payout to Stripe', ${at.toISOString()}::timestamptz),
      (${SELLER}, null, 'payout', 5000, ${`Payout ${old} refused by Stripe: back in the balance`}, ${at.toISOString()}::timestamptz)`)
    const open = await insertPayout('pending')

    await migration.migrateAll()
    const kept = await db.select().from(ledgerEntries).where(eq(ledgerEntries.account, SELLER))
    expect(kept.map((e) => [e.payoutId, e.amountCents]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [old, -5000],
      [null, 5000],
    ])
    const [pending] = await db.select().from(payouts).where(eq(payouts.id, open))
    expect(pending).toMatchObject({ status: 'pending', attemptedAt: null })

    const entry = (payoutId: string, amountCents: number) =>
      db.insert(ledgerEntries).values({ account: SELLER, payoutId, kind: 'payout', amountCents, createdAt: at })
    await entry(open, -5000)
    expect(await causeOf(entry(open, -5000))).toMatchObject({ code: '23505', constraint: 'ledger_entry_payout_uq' })
    await entry(open, 5000)
    expect(await causeOf(entry(open, 5000))).toMatchObject({
      code: '23505',
      constraint: 'ledger_entry_payout_reversal_uq',
    })
    // the ledger is still append-only
    expect(
      await causeOf(db.update(ledgerEntries).set({ note: 'x' }).where(eq(ledgerEntries.account, SELLER))),
    ).toMatchObject({
      code: '23001',
    })
  })
})
