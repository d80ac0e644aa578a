import type { Address } from '@preloved/shared/addresses'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
    /**
     * The listing's shipping when the bag was held: the deal the buyer agreed to (docs/decisions/035). Null on holds
     * made before it was kept, which read the listing's.
     */
    shippingCents: integer('shipping'),
    status: text('status', { enum: ['held', 'paid', 'expired', 'cancelled'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Times an expired hold was taken again by starting to pay (at most once, so a hold cannot be stretched by renewing it again and again). */
    renewals: integer('renewals').notNull().default(0),
    /**
     * 'exclusive': the bag is this customer's until `expires_at` (one such hold, or a sale, per bag). 'payment': a short
     * payment hold given while the bag cools down after an unpaid hold lapsed (docs/decisions/034): it keeps nobody
     * else out, is never renewed, and the first payment of any buyer wins the bag.
     */
    holdKind: text('hold_kind', { enum: ['exclusive', 'payment'] })
      .notNull()
      .default('exclusive'),
    /**
     * The delivery address sent with POST /api/create-payment-intent, copied to the order when the payment
     * succeeds; null for the original call without one (the order then waits for it).
     */
    address: jsonb('address').$type<Address>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('booking_price_ck', sql`${t.priceCents} >= 0`),
    uniqueIndex('booking_one_live_per_product_uq')
      .on(t.productId)
      .where(sql`${t.status} = 'paid' or (${t.status} = 'held' and ${t.holdKind} = 'exclusive')`),
    // the holds sweep finds the holds whose time ran out
    index('booking_held_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'held'`),
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
    /**
     * The price this member last heard of (the price when they saved it, then each price drop they were told of):
     * a drop is told only when it is meaningful against it (decision 033). Null on entries older than the rule.
     */
    toldPriceCents: integer('told_price'),
    /** When they were last told of a price drop of this bag: at most one a day. */
    priceToldAt: timestamp('price_told_at', { withTimezone: true }),
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
      .references(() => products.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    transactionId: text('transaction_id').notNull().unique('payment_transaction_uq'),
    amountCents: integer('amount').notNull(),
    discountCents: integer('discount').notNull().default(0),
    /**
     * A first-order discount charged although another paid order of the customer already had it (a race the
     * checks could not stop, e.g. a late Stripe webhook): the money taken is recorded, the shop's extra cost flagged.
     */
    discountConflictCents: integer('discount_conflict').notNull().default(0),
    email: text('email').notNull(),
    /** The whole payment was given back: it no longer counts as the customer's discounted first order. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_amount_ck',
      sql`${t.amountCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountConflictCents} >= 0`,
    ),
    // one sale per bag, unless that sale was refunded in full (the bag may then sell again)
    uniqueIndex('payment_product_uq').on(t.productId).where(sql`${t.refundedAt} is null`),
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
    /**
     * The price and shipping the amount was made of (docs/decisions/035): the order records what this charge covered,
     * even if the seller lowered the price while it was being paid. Null on intents opened before they were kept.
     */
    priceCents: integer('price'),
    shippingCents: integer('shipping'),
    /**
     * open: may be charged; superseded: its amount is no longer valid (the discount moved to another bag or was used,
     * or the amount changed), refused by the test processor and cancelled at Stripe; used: charged; refunded: its
     * charge was given back (the bag went to someone else).
     */
    status: text('status', { enum: ['open', 'superseded', 'used', 'refunded'] })
      .notNull()
      .default('open'),
    /** The booking the first-order discount moved to when this intent was superseded for it. */
    supersededBy: text('superseded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_intent_booking_idx').on(t.bookingId),
    // the first-order discount is on one open intent of a customer at most
    uniqueIndex('payment_intent_one_open_discount_uq')
      .on(t.customerId)
      .where(sql`${t.discountCents} > 0 and ${t.status} = 'open'`),
  ],
)

/** Charges of the built-in test-mode processor (it stands in for the card network; no card data is kept). */
export const testCharges = pgTable(
  'test_charge',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => paymentIntents.id),
    amountCents: integer('amount').notNull(),
    /** `refunded` once all of it was given back (a refund of the whole charge, or partial refunds adding up to it). */
    status: text('status', { enum: ['succeeded', 'refunded'] }).notNull(),
    /** What the processor gave back so far, in cents (partial refunds); never more than the charge. */
    refundedCents: integer('refunded').notNull().default(0),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('test_charge_refunded_ck', sql`${t.refundedCents} between 0 and ${t.amountCents}`)],
)
