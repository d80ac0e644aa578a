import { sql } from 'drizzle-orm'
import { date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'

export const reports = pgTable(
  'report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['counterfeit', 'misleading', 'prohibited', 'scam', 'other'] }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'removed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Why the admin removed the listing (told to its seller); none for a dismissal. */
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('report_one_open_per_reporter_uq').on(t.productId, t.reporterId).where(sql`${t.status} = 'open'`),
    index('report_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
)

/** Mail the system sent when no SMTP server is configured (docs/product/notifications.md#mail), shown to an admin. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra mail headers sent with it (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc().nullsFirst())],
)

/**
 * Something an admin should look at that no single request could refuse (docs/decisions/029): a buyer and a seller
 * who look like one person, a bag held and released again and again. One row per kind and key, raised once.
 */
export const riskFlags = pgTable(
  'risk_flag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['linked_accounts', 'hold_cycling'] }).notNull(),
    /** What makes a flag the same flag (e.g. the order for linked accounts, the bag and day for hold cycling). */
    key: text('key').notNull(),
    orderId: uuid('order_id'),
    productId: uuid('product_id'),
    /** The accounts it is about (for linked accounts: buyer then seller). */
    userIds: text('user_ids').array().notNull(),
    reason: text('reason').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['open', 'confirmed', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('risk_flag_kind_key_uq').on(t.kind, t.key),
    index('risk_flag_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('risk_flag_order_idx').on(t.orderId),
  ],
)

/**
 * What links a person to their accounts (docs/decisions/029): a device id from the shop's own cookie and the IP
 * addresses an account signed in or paid from, each kept as a keyed hash, with the first and last time it was seen.
 */
export const accountSignals = pgTable(
  'account_signal',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['device', 'ip'] }).notNull(),
    /** HMAC of the value under the server's secret: equal values compare equal, the value itself is not kept. */
    valueHash: text('value_hash').notNull(),
    /** The UTC day it was seen on: one row per day, so "the same IP within a day" compares times a day apart at most. */
    day: date('day').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.valueHash, t.day] }),
    index('account_signal_value_idx').on(t.kind, t.valueHash),
  ],
)
