import { and, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { ledgerEntries, orders, payoutAccounts, payouts, users } from '../../db/schema/index.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect
export type PayoutRow = typeof payouts.$inferSelect
export type LedgerRow = typeof ledgerEntries.$inferSelect

/** The seller's ledger entries, newest first, `limit + 1` rows to tell whether there is a next page. */
export const listEntries = (db: DbOrTx, sellerId: string, cursor: Cursor | undefined, limit: number) =>
  db
    .select({ entry: ledgerEntries, availableAt: orders.availableAt })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(
      and(
        eq(ledgerEntries.account, sellerId),
        cursor ? afterCursor(ledgerEntries.createdAt, ledgerEntries.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit + 1)

export const findUserRole = async (db: DbOrTx, id: string) =>
  (
    await db.select({ id: users.id, role: users.role, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id))
  )[0]

export const findSellerContact = async (db: DbOrTx, id: string) =>
  (await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id)))[0]

export const findPayoutAccount = async (db: DbOrTx, userId: string) =>
  (await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0]

/** The seller's payout account, locked: one payout at a time per seller, on every instance. */
export const lockPayoutAccount = async (tx: DbOrTx, userId: string) =>
  (await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).for('update'))[0]

/** Keeps the holder's name and the last four digits only (the full number never reaches the database). */
export async function saveTestAccount(db: DbOrTx, userId: string, holderName: string, last4: string, now: Date) {
  const values = { provider: 'test' as const, holderName, last4, stripeAccountId: null, updatedAt: now }
  const [row] = await db
    .insert(payoutAccounts)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
    .returning()
  return row!
}

export async function saveStripeAccount(db: DbOrTx, userId: string, stripeAccountId: string, now: Date) {
  const values = { provider: 'stripe' as const, holderName: null, last4: null, stripeAccountId, updatedAt: now }
  const [row] = await db
    .insert(payoutAccounts)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
    .returning()
  return row!
}

export const pendingStripePayouts = (db: DbOrTx, sellerId: string) =>
  db
    .select()
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.provider, 'stripe'), eq(payouts.status, 'pending')))
    .orderBy(payouts.createdAt)

/** Moves a pending payout on; answers the row when this call moved it (each payout moves once). */
export const settlePayout = async (
  db: DbOrTx,
  id: string,
  status: 'paid' | 'failed',
  providerRef: string | null,
): Promise<PayoutRow | undefined> =>
  (
    await db
      .update(payouts)
      .set({ status, providerRef })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
      .returning()
  )[0]

/**
 * Claims up to `limit` Stripe payouts still pending that were made and last sent at or before `before`, for this
 * caller to send again: one statement moves their `attempted_at` to `now`, over rows taken FOR UPDATE SKIP LOCKED, so
 * two instances sweeping at once claim different payouts, and a claimed payout waits a while before the next claim.
 */
export const claimStalePayouts = (db: DbOrTx, now: Date, before: Date, limit: number): Promise<PayoutRow[]> => {
  const due = db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        eq(payouts.provider, 'stripe'),
        lte(payouts.createdAt, before),
        or(isNull(payouts.attemptedAt), lte(payouts.attemptedAt, before)),
      ),
    )
    .orderBy(payouts.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(payouts)
    .set({ attemptedAt: now })
    .where(and(inArray(payouts.id, due), eq(payouts.status, 'pending')))
    .returning()
}
