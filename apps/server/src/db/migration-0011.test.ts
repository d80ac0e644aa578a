import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MigrationHarness, openMigrationHarness } from '../../test/migration-harness.ts'
import type { Database } from './client.ts'
import { ledgerEntries, orderEvents, orders, payments, products, refunds } from './schema/index.ts'

/**
 * Migration 0011 on a shop that already sold bags: each paid booking becomes a completed order with its
 * ledger entries and one timeline entry; the ledger refuses to be changed; refunds cannot exceed what was paid.
 */
let migration: MigrationHarness
let database: Database
const SELLER = 'seller-before-0011'
const BUYER = 'buyer-before-0011'
const OTHER = 'other-before-0011'
const IMG = '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp'
const THUMB = '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-320.webp'

beforeAll(async () => {
  migration = await openMigrationHarness()
  database = migration.database
})
afterAll(() => migration.close())

const firstId = async (statement: SQL): Promise<string> =>
  ((await database.db.execute(statement)) as unknown as { rows: { id: string }[] }).rows[0]!.id

async function listing(title: string, priceCents: number): Promise<string> {
  const rows = await firstId(sql`
    insert into product (seller_id, title, img, thumb, category, original_price, resell_price, year, location, phone,
      condition, description, photos)
    values (${SELLER}, ${title}, ${IMG}, ${THUMB}, 'Tote', 30000, ${priceCents}, '2019', 'Leeds', '+44 555 0100', 'good',
      'Sold before orders existed.', ${JSON.stringify([{ url: IMG, thumb: THUMB }])}::jsonb)
    returning id`)
  return rows
}

async function paidBooking(productId: string, priceCents: number, discountCents: number, paidAt: string) {
  const bookingId = await firstId(sql`
    insert into booking (product_id, customer_id, customer, email, number, location, price, status, expires_at, created_at)
    values (${productId}, ${BUYER}, 'Old Buyer', 'buyer@example.test', '555', 'Leeds', ${priceCents}, 'paid',
      ${paidAt}::timestamptz, ${paidAt}::timestamptz)
    returning id`)
  await database.db.execute(sql`
    insert into payment (booking_id, product_id, customer_id, transaction_id, amount, discount, email, created_at)
    values (${bookingId}, ${productId}, ${BUYER}, ${`txn-${bookingId}`}, ${priceCents - discountCents}, ${discountCents},
      'buyer@example.test', ${paidAt}::timestamptz)`)
  return bookingId
}

describe('migration 0011 on a shop with sales', () => {
  it('turns each paid booking into a completed order with its ledger entries and one timeline entry', async () => {
    await migration.migrateUpTo('0010_search_filters')
    const { db } = database
    await db.execute(sql`
      insert into "user" (id, name, email, role) values
        (${SELLER}, 'Old Seller', 'old-seller@example.test', 'seller'),
        (${BUYER}, 'Old Buyer', 'old-buyer@example.test', 'customer'),
        (${OTHER}, 'Other Buyer', 'other@example.test', 'customer')`)
    await db.execute(sql`
      insert into category (category_id, slug, title, description, icon) values ('c1', 'Tote', 'Tote', 'Totes', 'tote')`)
    const firstAt = '2026-01-10T09:00:00.000Z'
    const secondAt = '2026-02-11T10:30:00.000Z'
    const discounted = await listing('First Tote', 20050)
    const plain = await listing('Second Tote', 10000)
    const unpaid = await listing('Held Tote', 5000)
    const first = await paidBooking(discounted, 20050, 3008, firstAt)
    const second = await paidBooking(plain, 10000, 0, secondAt)
    await db.execute(sql`
      insert into booking (product_id, customer_id, customer, email, number, location, price, status, expires_at)
      values (${unpaid}, ${OTHER}, 'Other', 'other@example.test', '555', 'Leeds', 5000, 'held', now())`)

    await migration.migrateAll()

    const all = await db.select().from(orders).orderBy(asc(orders.createdAt))
    expect(all.map((o) => o.id)).toEqual([first, second])
    expect(all[0]).toMatchObject({
      status: 'completed',
      productId: discounted,
      buyerId: BUYER,
      sellerId: SELLER,
      priceCents: 20050,
      shippingCents: 0,
      amountPaidCents: 17042,
      discountCents: 3008,
      commissionPercent: 12,
      shipBy: null,
      shippedAt: null,
      address: null,
    })
    expect(all[0]!.completedAt!.toISOString()).toBe(firstAt)
    expect(all[1]!.completedAt!.toISOString()).toBe(secondAt)

    const entries = await db
      .select({ account: ledgerEntries.account, kind: ledgerEntries.kind, amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, first))
    expect(entries).toHaveLength(4)
    expect(entries).toEqual(
      expect.arrayContaining([
        { account: SELLER, kind: 'sale', amount: 20050 },
        { account: SELLER, kind: 'commission', amount: -2406 },
        { account: 'shop', kind: 'commission', amount: 2406 },
        { account: 'shop', kind: 'discount_cost', amount: -3008 },
      ]),
    )
    // the invariant: what the buyer paid = what the ledger owes (no refunds yet)
    for (const o of all) {
      const [sum] = await db
        .select({ total: sql<number>`sum(${ledgerEntries.amountCents})::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, o.id))
      expect(sum!.total).toBe(o.amountPaidCents)
    }
    const events = await db.select().from(orderEvents)
    expect(events).toHaveLength(2)
    expect(events.every((e) => e.status === 'completed' && e.actorRole === 'system')).toBe(true)
    const [bag] = await db.select({ shipping: products.shippingCents }).from(products).where(eq(products.id, plain))
    expect(bag!.shipping).toBe(0)
  })

  it('keeps the ledger append-only and the refunds within what was paid', async () => {
    const { db } = database
    const [order] = await db.select().from(orders).limit(1)
    await expect(db.update(ledgerEntries).set({ amountCents: 1 })).rejects.toThrow()
    await expect(db.delete(ledgerEntries)).rejects.toThrow()
    await expect(db.execute(sql`truncate ledger_entry`)).rejects.toThrow()
    await expect(db.delete(orderEvents)).rejects.toThrow()
    await db.insert(refunds).values({
      orderId: order!.id,
      amountCents: order!.amountPaidCents - 1,
      reason: 'test',
      provider: 'test',
      idempotencyKey: 'm-1',
    })
    await expect(
      db
        .insert(refunds)
        .values({ orderId: order!.id, amountCents: 2, reason: 'test', provider: 'test', idempotencyKey: 'm-2' }),
    ).rejects.toThrow()
    await db
      .insert(refunds)
      .values({ orderId: order!.id, amountCents: 1, reason: 'test', provider: 'test', idempotencyKey: 'm-3' })
    await expect(db.delete(refunds)).rejects.toThrow()
  })

  it('lets a bag whose payment was refunded in full be paid for again, and no second standing order', async () => {
    const { db } = database
    const [order] = await db.select().from(orders).limit(1)
    const [payment] = await db.select().from(payments).where(eq(payments.id, order!.paymentId))
    // a second payment for the same bag while the first stands is refused
    const again = () =>
      db.insert(payments).values({
        bookingId: order!.id,
        productId: order!.productId,
        customerId: BUYER,
        transactionId: `again-${order!.id}`,
        amountCents: 1,
        email: 'buyer@example.test',
      })
    await expect(again()).rejects.toThrow()
    await db.update(payments).set({ refundedAt: new Date() }).where(eq(payments.id, payment!.id))
    await again()
    // an illegal state: shipped without tracking
    await expect(
      db.update(orders).set({ status: 'shipped', shippedAt: new Date() }).where(eq(orders.id, order!.id)),
    ).rejects.toThrow()
    await expect(db.update(orders).set({ commissionPercent: 101 }).where(eq(orders.id, order!.id))).rejects.toThrow()
    await expect(db.update(orders).set({ status: 'disputed' }).where(eq(orders.id, order!.id))).rejects.toThrow()
  })
})
