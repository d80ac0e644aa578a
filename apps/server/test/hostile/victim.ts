import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DbOrTx } from '../../src/db/client.ts'
import { bookings, payments, products, users, wishlists } from '../../src/db/schema/index.ts'
import { type Session, signUp } from '../auth-helpers.ts'
import { insertProduct } from '../fixtures.ts'

/**
 * Someone the hostile tests must not be able to touch: a seller with listings and a customer with a booking, a
 * wishlist entry and a payment, all made through the real routes (the payment row directly: the processor flow
 * has its own tests).
 */
export interface Victim {
  seller: Session
  customer: Session
  productIds: string[]
  bookingId: string
  wishId: string
  /** Every id an attacker could aim at. */
  ids: string[]
}

export async function makeVictim(app: FastifyInstance, db: DbOrTx, tag: string): Promise<Victim> {
  const seller = await signUp(app, { email: `victim-seller-${tag}@example.test`, role: 'seller' })
  const customer = await signUp(app, { email: `victim-customer-${tag}@example.test`, role: 'customer' })
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => insertProduct(db, seller.id)))
  const booked = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: customer.bearer,
    payload: { product_id: a!.id, number: '+1 555 0199', location: 'Faro' },
  })
  if (booked.statusCode !== 200) throw new Error(`victim booking: ${booked.body}`)
  const bookingId = booked.json().insertedId as string
  const wished = await app.inject({
    method: 'POST',
    url: '/api/wishlists',
    headers: customer.bearer,
    payload: { product_id: b!.id },
  })
  if (wished.statusCode !== 200) throw new Error(`victim wish: ${wished.body}`)
  const wishId = wished.json().insertedId as string
  const paidBooking = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: customer.bearer,
    payload: { product_id: c!.id, number: '+1 555 0198', location: 'Faro' },
  })
  const paidBookingId = paidBooking.json().insertedId as string
  await db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, paidBookingId))
  await db.update(products).set({ status: 'sold' }).where(eq(products.id, c!.id))
  await db.insert(payments).values({
    bookingId: paidBookingId,
    productId: c!.id,
    customerId: customer.id,
    transactionId: `tx_victim_${tag}`,
    amountCents: c!.resellPriceCents,
    email: customer.email,
  })
  const productIds = [a!.id, b!.id, c!.id, d!.id]
  return {
    seller,
    customer,
    productIds,
    bookingId,
    wishId,
    ids: [seller.id, customer.id, ...productIds, bookingId, paidBookingId, wishId],
  }
}

/** The victim's rows, in a stable order, to compare before and after an attack. */
export async function snapshot(db: DbOrTx, v: Victim) {
  const who = [v.seller.id, v.customer.id]
  const [u, p, b, w, pay] = await Promise.all([
    db.select().from(users).where(inArray(users.id, who)).orderBy(users.id),
    db.select().from(products).where(eq(products.sellerId, v.seller.id)).orderBy(products.id),
    db.select().from(bookings).where(eq(bookings.customerId, v.customer.id)).orderBy(bookings.id),
    db.select().from(wishlists).where(eq(wishlists.userId, v.customer.id)).orderBy(wishlists.id),
    db.select().from(payments).where(eq(payments.customerId, v.customer.id)).orderBy(payments.id),
  ])
  return { users: u, products: p, bookings: b, wishlists: w, payments: pay }
}
