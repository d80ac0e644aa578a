import type { Address } from '@preloved/shared/addresses'
import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { bookings, ledgerEntries, orders, refunds } from '../src/db/schema/index.ts'
import type { Session } from './auth-helpers.ts'
import type { TestApp } from './build-test-app.ts'
import { insertProduct } from './fixtures.ts'

export const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' }

/** A delivery address as stored (no line2: the schema drops an empty one). */
export const ADDRESS = {
  name: 'Bea Buyer',
  line1: '1 Rose Street',
  city: 'Leeds',
  postcode: 'LS1 4AB',
  country: 'GB',
  phone: '+44 113 496 0000',
} as Address

let bags = 0

/**
 * A bag of `seller` bought by `buyer` through the real routes (book, payment intent, test card, record), with the
 * delivery address stored on the booking first (as the payment page's address form does) unless `address: null`.
 * Answers the order's id (the booking's).
 */
export async function paidOrder(
  t: TestApp,
  seller: Session,
  buyer: Session,
  opts: { priceCents?: number; shippingCents?: number; address?: Address | null } = {},
): Promise<{ id: string; productId: string }> {
  const product = await insertProduct(t.database.db, seller.id, {
    resellPriceCents: opts.priceCents ?? 20_000,
    shippingCents: opts.shippingCents ?? 0,
    title: `Order bag ${++bags}`,
  })
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: buyer.bearer, payload })
  const booked = await post('/api/bookings', { product_id: product.id, number: '+1 555 0100', location: 'Leeds' })
  expect(booked.statusCode, booked.body).toBe(200)
  const bookingId = booked.json().insertedId as string
  const address = opts.address === undefined ? ADDRESS : opts.address
  if (address) await t.database.db.update(bookings).set({ address }).where(eq(bookings.id, bookingId))
  const intent = await post('/api/create-payment-intent', { bookingId })
  expect(intent.statusCode, intent.body).toBe(200)
  const confirm = await post('/api/test-processor/confirm', { clientSecret: intent.json().clientSecret, card: CARD })
  expect(confirm.statusCode, confirm.body).toBe(200)
  const paid = await post('/api/payments', { transactionId: confirm.json().transactionId, bookingId })
  expect(paid.statusCode, paid.body).toBe(200)
  return { id: bookingId, productId: product.id }
}

/**
 * The money invariants of one order (docs/decisions/029), from the stored rows: buyer paid = refunds + seller's share +
 * commission − discount cost, the ledger's entries of the order sum to what was paid less what was refunded, and the
 * seller's share and the refunds together never exceed what was paid.
 */
export async function expectBalanced(t: TestApp, orderId: string) {
  const db = t.database.db
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId))
  const [r] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))
  const sum = (f: (e: (typeof entries)[number]) => boolean) => entries.filter(f).reduce((s, e) => s + e.amountCents, 0)
  const refunded = Number(r!.sum)
  const sellerShare = sum((e) => e.account === o!.sellerId)
  const commission = sum((e) => e.account === 'shop' && e.kind === 'commission')
  const discountCost = -sum((e) => e.account === 'shop' && e.kind === 'discount_cost')
  expect(refunded + sellerShare + commission - discountCost).toBe(o!.amountPaidCents)
  expect(sum(() => true)).toBe(o!.amountPaidCents - refunded)
  // the shop never pays out more on an order than it took in: the seller's share and the refunds within the charge
  expect(sellerShare + refunded).toBeLessThanOrEqual(o!.amountPaidCents)
  return { order: o!, refunded, sellerShare, commission, discountCost }
}
