import type { Address } from '@preloved/shared/addresses'
import { CARRIERS, DISPUTE_REASONS, LEDGER_KINDS, ORDER_ACTORS, ORDER_STATUSES } from '@preloved/shared/orders'
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { bookings, payments } from './orders.ts'

// The order after payment (docs/product/orders.md). Money in integer cents, signed where it says so.

/** What took money back from the buyer's payment (see `refunds.kind`). */
export const REFUND_KINDS = ['refund', 'chargeback'] as const

const list = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')

/**
 * A paid booking: one row per booking (same id), moved paid → shipped → completed (or disputed, cancelled, refunded)
 * by one conditional transaction per move. The checks below keep each state's facts together.
 */
export const orders = pgTable(
  'order',
  {
    /** The booking's id (docs/product/orders.md#reading). */
    id: uuid('id')
      .primaryKey()
      .references(() => bookings.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('paid'),
    /** The seller's price when the bag was booked. */
    priceCents: integer('price').notNull(),
    /** The listing's shipping when it was paid for (0 = free). */
    shippingCents: integer('shipping').notNull().default(0),
    /** What the card was charged: price + shipping − discount. */
    amountPaidCents: integer('amount_paid').notNull(),
    /** The first-order discount: the shop's cost, not the seller's. */
    discountCents: integer('discount').notNull().default(0),
    /** COMMISSION_PERCENT when the order was paid. */
    commissionPercent: integer('commission_percent').notNull(),
    /** SHIP_DAYS and AUTO_COMPLETE_DAYS when the order was paid. */
    shipDays: integer('ship_days').notNull(),
    autoCompleteDays: integer('auto_complete_days').notNull(),
    /** Null while the buyer's address is missing: the seller's clock starts when it arrives. */
    shipBy: timestamp('ship_by', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    carrier: text('carrier', { enum: CARRIERS }),
    trackingNumber: text('tracking_number'),
    autoCompleteAt: timestamp('auto_complete_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When the seller's share becomes available for payout: the completion, or NEW_SELLER_HOLD_DAYS after it for one
     * of a seller's first completed sales (docs/decisions/029). Null until the order completes.
     */
    availableAt: timestamp('available_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    address: jsonb('address').$type<Address>(),
    /** When the one-day-before-ship-by reminder went to the seller (sent once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** A card dispute at Stripe: the order's money is held from payout while set and not closed. */
    chargebackAt: timestamp('chargeback_at', { withTimezone: true }),
    chargebackClosedAt: timestamp('chargeback_closed_at', { withTimezone: true }),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason', { enum: DISPUTE_REASONS }),
    disputeNote: text('dispute_note'),
    disputePhotos: jsonb('dispute_photos').$type<string[]>().notNull().default([]),
    answerNote: text('answer_note'),
    answerPhotos: jsonb('answer_photos').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_status_ck', sql.raw(`status in (${list(ORDER_STATUSES)})`)),
    check(
      'order_amounts_ck',
      sql`${t.priceCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} >= 0 and ${t.amountPaidCents} >= 0
        and ${t.discountCents} <= ${t.priceCents} + ${t.shippingCents}
        and ${t.amountPaidCents} = ${t.priceCents} + ${t.shippingCents} - ${t.discountCents}`,
    ),
    check('order_commission_ck', sql`${t.commissionPercent} between 0 and 100`),
    check('order_days_ck', sql`${t.shipDays} between 0 and 365 and ${t.autoCompleteDays} between 0 and 365`),
    check('order_carrier_ck', sql.raw(`carrier is null or carrier in (${list(CARRIERS)})`)),
    check('order_tracking_ck', sql`${t.trackingNumber} is null or char_length(${t.trackingNumber}) between 1 and 64`),
    // shipping facts come together: carrier, tracking number, time and the auto-completion date
    check(
      'order_shipment_ck',
      sql`(${t.shippedAt} is null and ${t.carrier} is null and ${t.trackingNumber} is null and ${t.autoCompleteAt} is null)
        or (${t.shippedAt} is not null and ${t.carrier} is not null and ${t.trackingNumber} is not null and ${t.autoCompleteAt} is not null)`,
    ),
    check('order_ship_by_ck', sql`${t.shipBy} is null or ${t.address} is not null`),
    check('order_paid_ck', sql`${t.status} <> 'paid' or (${t.shippedAt} is null and ${t.completedAt} is null)`),
    check('order_shipped_ck', sql`${t.status} not in ('shipped', 'disputed') or ${t.shippedAt} is not null`),
    check(
      'order_disputed_ck',
      sql`${t.status} <> 'disputed' or (${t.disputeReason} is not null and ${t.disputeNote} is not null and ${t.disputedAt} is not null)`,
    ),
    check('order_dispute_reason_ck', sql.raw(`dispute_reason is null or dispute_reason in (${list(DISPUTE_REASONS)})`)),
    check('order_completed_ck', sql`${t.status} <> 'completed' or ${t.completedAt} is not null`),
    check('order_cancelled_ck', sql`${t.status} <> 'cancelled' or ${t.cancelledAt} is not null`),
    check('order_refunded_ck', sql`${t.status} <> 'refunded' or ${t.refundedAt} is not null`),
    check(
      'order_chargeback_ck',
      sql`${t.chargebackClosedAt} is null or (${t.chargebackAt} is not null and ${t.chargebackClosedAt} >= ${t.chargebackAt})`,
    ),
    check(
      'order_photos_ck',
      sql`jsonb_typeof(${t.disputePhotos}) = 'array' and jsonb_typeof(${t.answerPhotos}) = 'array'`,
    ),
    index('order_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('order_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('order_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the sweeper's two queues
    index('order_ship_by_idx').on(t.shipBy).where(sql`${t.status} = 'paid'`),
    index('order_auto_complete_idx').on(t.autoCompleteAt).where(sql`${t.status} = 'shipped'`),
    index('order_disputed_idx').on(t.disputedAt).where(sql`${t.status} = 'disputed'`),
    // one standing order per bag; a cancelled or refunded one lets the bag sell again
    uniqueIndex('order_one_standing_per_product_uq')
      .on(t.productId)
      .where(sql`${t.status} not in ('cancelled', 'refunded')`),
    uniqueIndex('order_payment_uq').on(t.paymentId),
  ],
)

/** The order's timeline, oldest first: append-only (a trigger refuses UPDATE and DELETE). */
export const orderEvents = pgTable(
  'order_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The state after the move (the same state for a move that keeps it, e.g. the seller's answer). */
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Null for the system (deadlines). */
    actorId: text('actor_id').references(() => users.id),
    actorRole: text('actor_role', { enum: ORDER_ACTORS }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: moves made in the same instant read in the order they were made. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('order_event_status_ck', sql.raw(`status in (${list(ORDER_STATUSES)})`)),
    check('order_event_actor_ck', sql.raw(`actor_role in (${list(ORDER_ACTORS)})`)),
    index('order_event_order_idx').on(t.orderId, t.createdAt),
  ],
)

/** Money given back to a buyer, through the processor that charged. Never more than was paid (trigger + row lock). */
export const refunds = pgTable(
  'refund',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** Who asked for it; null for the system (a missed ship-by date). */
    actorId: text('actor_id').references(() => users.id),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /**
     * `refund`: given back by the shop through the processor; `chargeback`: taken back by the card network (a lost
     * card dispute at Stripe), recorded with the same arithmetic and never sent to the processor.
     */
    kind: text('kind', { enum: REFUND_KINDS }).notNull().default('refund'),
    /** The processor's refund id (for a chargeback: Stripe's dispute id). */
    providerRef: text('provider_ref'),
    /** Sent to the processor and unique here: the same refund asked twice is one refund (a chargeback: per dispute). */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refund_amount_ck', sql`${t.amountCents} > 0`),
    check(
      'refund_kind_ck',
      sql.raw(`kind in (${list(REFUND_KINDS)}) and (kind <> 'chargeback' or provider = 'stripe')`),
    ),
    uniqueIndex('refund_idempotency_uq').on(t.idempotencyKey),
    index('refund_order_idx').on(t.orderId, t.createdAt),
  ],
)

/** Where a seller's payouts go: the test bank account (holder and last four digits only) or a Stripe account. */
export const payoutAccounts = pgTable(
  'payout_account',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    holderName: text('holder_name'),
    last4: text('last4'),
    stripeAccountId: text('stripe_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_account_last4_ck', sql`${t.last4} is null or ${t.last4} ~ '^[0-9]{4}$'`),
    check('payout_account_provider_ck', sql`${t.provider} in ('test', 'stripe')`),
    uniqueIndex('payout_account_stripe_uq').on(t.stripeAccountId),
  ],
)

/** Money sent to a seller (append-only with its ledger entry). */
export const payouts = pgTable(
  'payout',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    /** When the transfer was last sent to Stripe: the payout sweeper claims a pending payout by moving it on. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_amount_ck', sql`${t.amountCents} > 0`),
    index('payout_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    // the payout sweeper's queue: Stripe payouts that have no answer yet
    index('payout_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
)

/**
 * The money ledger (docs/money.md#the-ledger): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); balances are sums.
 * `account` is a seller's user id or 'shop'; a positive amount is owed to that account. For every order, the sum of its
 * entries is what the buyer paid less what was refunded.
 */
export const ledgerEntries = pgTable(
  'ledger_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    account: text('account').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: integer('amount').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entry_kind_ck', sql.raw(`kind in (${list(LEDGER_KINDS)})`)),
    // what the order's payment wrote happens once per order, kind and account
    uniqueIndex('ledger_entry_once_per_order_uq')
      .on(t.orderId, t.kind, t.account)
      .where(
        sql`${t.refundId} is null and ${t.kind} in ('sale', 'shipping', 'commission', 'discount_cost', 'chargeback')`,
      ),
    // a refund's entries are written once: asking again is a no-op
    uniqueIndex('ledger_entry_refund_uq').on(t.refundId, t.kind, t.account).where(sql`${t.refundId} is not null`),
    // a payout's entries are payout entries: the payout itself (−) once, and its give-back (+, Stripe refused the
    // transfer) at most once
    check('ledger_entry_payout_kind_ck', sql`${t.payoutId} is null or ${t.kind} = 'payout'`),
    uniqueIndex('ledger_entry_payout_uq').on(t.payoutId).where(sql`${t.payoutId} is not null and ${t.amountCents} < 0`),
    uniqueIndex('ledger_entry_payout_reversal_uq')
      .on(t.payoutId)
      .where(sql`${t.payoutId} is not null and ${t.amountCents} > 0`),
    index('ledger_entry_account_idx').on(t.account, t.createdAt.desc().nullsFirst()),
    index('ledger_entry_order_idx').on(t.orderId),
  ],
)

/** A buyer's delivery addresses (at most one default). Country is ISO 3166-1 alpha-2. */
export const savedAddresses = pgTable(
  'saved_address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_address_country_ck', sql`${t.country} ~ '^[A-Z]{2}$'`),
    index('saved_address_user_idx').on(t.userId),
    uniqueIndex('saved_address_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
)

/** Admin money actions and other sensitive moves: who, when, why (append-only). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id),
    /** refund | resolve | cancel | close_chargeback | … */
    action: text('action').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_order_idx').on(t.orderId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
)
