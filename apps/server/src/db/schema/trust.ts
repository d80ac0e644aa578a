import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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

/** Mail the system sent when no SMTP server is configured (DESIGN §7), shown to an admin. */
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
