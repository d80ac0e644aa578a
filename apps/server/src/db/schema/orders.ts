import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'

/**
 * A booking is an exclusive hold on a bag: at most one held or paid booking per product, enforced by
 * the partial unique index below (a stale hold is marked expired in the same transaction first).
 */
export const bookings = pgTable(
  'booking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    customer: text('customer').notNull(),
    email: text('email').notNull(),
    number: text('number').notNull(),
    location: text('location').notNull(),
    priceCents: integer('price').notNull(),
    status: text('status', { enum: ['held', 'paid', 'expired', 'cancelled'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('booking_price_ck', sql`${t.priceCents} >= 0`),
    uniqueIndex('booking_one_live_per_product_uq').on(t.productId).where(sql`${t.status} in ('held', 'paid')`),
    index('booking_customer_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    index('booking_product_idx').on(t.productId),
  ],
)

export const wishlists = pgTable(
  'wishlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wishlist_product_user_uq').on(t.productId, t.userId),
    index('wishlist_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
)

/** Money records are never deleted: one sale per item, one row per provider transaction. */
export const payments = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    productId: uuid('product_id')
      .notNull()
      .unique('payment_product_uq')
      .references(() => products.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    transactionId: text('transaction_id').notNull().unique('payment_transaction_uq'),
    amountCents: integer('amount').notNull(),
    discountCents: integer('discount').notNull().default(0),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_amount_ck', sql`${t.amountCents} >= 0 and ${t.discountCents} >= 0`),
    index('payment_customer_idx').on(t.customerId),
    index('payment_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
)

/**
 * A payment started for a booking: the amount the server decided (discount included) and the provider's
 * reference. The client secret is what the browser confirms the card payment with.
 */
export const paymentIntents = pgTable(
  'payment_intent',
  {
    id: text('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount').notNull(),
    discountCents: integer('discount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_intent_booking_idx').on(t.bookingId)],
)

/** Charges of the built-in test-mode processor (it stands in for the card network; no card data is kept). */
export const testCharges = pgTable('test_charge', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => paymentIntents.id),
  amountCents: integer('amount').notNull(),
  status: text('status', { enum: ['succeeded', 'refunded'] }).notNull(),
  last4: text('last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
