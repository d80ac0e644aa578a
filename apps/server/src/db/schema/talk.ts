import { NOTIFICATION_KINDS } from '@preloved/shared/notifications'
import { OFFER_STATUSES } from '@preloved/shared/offers'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { bookings } from './orders.ts'
import { orders } from './orders-after-payment.ts'

// Talk and trust (docs/product/offers.md, messages.md, reviews.md, notifications.md): offers, conversations and messages, blocks, reviews,
// notifications, saved searches, mail preferences, and the live-event log behind GET /api/events.

const list = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')
const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * An offer on a bag (docs/product/offers.md): pending → accepted | declined | countered | withdrawn | expired; a countered
 * offer → accepted | declined | expired. Accepted, it holds the bag for its buyer at `agreed` until `hold_until`.
 */
export const offers = pgTable(
  'offer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    /** The listing's price when the offer was made. */
    listPriceCents: integer('list_price').notNull(),
    /** The buyer's offer. */
    amountCents: integer('amount').notNull(),
    /** The seller's counter (once), null until countered. */
    counterCents: integer('counter_amount'),
    /** The price both agreed, set on acceptance (the offer, or the counter). */
    agreedCents: integer('agreed_amount'),
    /** When the pending offer, or the counter, expires (OFFER_HOURS after it was made). */
    expiresAt: at('expires_at').notNull(),
    /** Accepted: the bag is held for the buyer at the agreed price until then (OFFER_HOLD_HOURS). */
    holdUntil: at('hold_until'),
    /** The booking the buyer made at the agreed price, once they book. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    counteredAt: at('countered_at'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('offer_status_ck', sql.raw(`status in (${list(OFFER_STATUSES)})`)),
    check('offer_amount_ck', sql`${t.amountCents} > 0 and ${t.amountCents} < ${t.listPriceCents}`),
    check(
      'offer_counter_ck',
      sql`${t.counterCents} is null or (${t.counterCents} > ${t.amountCents} and ${t.counterCents} < ${t.listPriceCents})`,
    ),
    check(
      'offer_countered_ck',
      sql`${t.status} <> 'countered' or (${t.counterCents} is not null and ${t.counteredAt} is not null)`,
    ),
    check(
      'offer_accepted_ck',
      sql`${t.status} <> 'accepted' or (${t.agreedCents} is not null and ${t.holdUntil} is not null)`,
    ),
    check('offer_not_own_ck', sql`${t.buyerId} <> ${t.sellerId}`),
    /** One standing offer per buyer and bag. */
    uniqueIndex('offer_one_open_uq').on(t.productId, t.buyerId).where(sql`${t.status} in ('pending', 'countered')`),
    /** One accepted offer holding a bag at a time. */
    uniqueIndex('offer_one_accepted_uq')
      .on(t.productId)
      .where(sql`${t.status} = 'accepted' and ${t.bookingId} is null`),
    index('offer_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('offer_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('offer_product_idx').on(t.productId),
    index('offer_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'countered')`),
  ],
)

/** One conversation per bag and buyer (docs/product/messages.md); each side's read mark gives the unread counts. */
export const conversations = pgTable(
  'conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    /** The last message's seq: a new message takes lastSeq + 1 by updating this row (one writer at a time). */
    lastSeq: integer('last_seq').notNull().default(0),
    /** The id of the last message each side has read (messages after it are unread). */
    buyerReadSeq: integer('buyer_read_seq').notNull().default(0),
    sellerReadSeq: integer('seller_read_seq').notNull().default(0),
    /** Set when a message in it was reported: the admin may read it from then on. */
    reportedAt: at('reported_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_product_buyer_uq').on(t.productId, t.buyerId),
    check('conversation_not_own_ck', sql`${t.buyerId} <> ${t.sellerId}`),
    index('conversation_buyer_idx').on(t.buyerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('conversation_seller_idx').on(t.sellerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

/** A message; `seq` numbers a conversation's messages 1, 2, 3… (read marks and keyset paging). */
export const chatMessages = pgTable(
  'message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    seq: integer('seq').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    /** As stored: contact details already replaced by [hidden]. */
    text: text('text').notNull(),
    masked: boolean('masked').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_conversation_seq_uq').on(t.conversationId, t.seq),
    check('message_text_ck', sql`char_length(${t.text}) between 1 and 2000`),
    index('message_sender_created_idx').on(t.senderId, t.createdAt),
  ],
)

/** A reported message: the admin's moderation queue (resolved with a note). */
export const messageReports = pgTable(
  'message_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    resolvedAt: at('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id),
    resolution: text('resolution'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_report_once_uq').on(t.messageId, t.reporterId),
    index('message_report_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
)

/** `blocker` blocked `blocked`: no messages or offers between them, either way. */
export const blocks = pgTable(
  'block',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('block_not_self_ck', sql`${t.blockerId} <> ${t.blockedId}`),
    index('block_blocked_idx').on(t.blockedId),
  ],
)

/** The buyer's review of a completed order (one per order, within REVIEW_DAYS), and the seller's one reply. */
export const reviews = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_order_uq').on(t.orderId),
    check('review_rating_ck', sql`${t.rating} between 1 and 5`),
    check('review_text_ck', sql`char_length(${t.text}) <= 1000`),
    check('review_reply_ck', sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
    index('review_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

/** An in-app notification (docs/product/notifications.md), newest first per user. */
export const notifications = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    text: text('text').notNull(),
    /** A path inside the shop (`/dashboard/orders/…`). */
    link: text('link').notNull(),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('notification_kind_ck', sql.raw(`kind in (${list(NOTIFICATION_KINDS)})`)),
    index('notification_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notification_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

/** Mail preference per kind; no row = the default (mail on). */
export const notificationSettings = pgTable(
  'notification_setting',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

/** A saved `/search` query; new matching listings notify in the app at once and by mail at most daily. */
export const savedSearches = pgTable(
  'saved_search',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The /search query string, normalised (no cursor). */
    query: text('query').notNull(),
    /** Listings created after this were not yet notified. */
    checkedAt: at('checked_at').notNull().defaultNow(),
    /** The last daily mail; matches since then wait for the next one. */
    mailedAt: at('mailed_at'),
    /** Matches notified in the app but not yet mailed. */
    unmailed: integer('unmailed').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_search_user_name_uq').on(t.userId, sql`lower(${t.name})`),
    index('saved_search_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

/**
 * Listings waiting to be matched against the saved searches (decision 033): a row is written in the transaction that
 * puts a bag on sale (a new listing, or one whose order was cancelled before shipping), and deleted in the transaction
 * that writes the notifications it brings, so a crash on either side loses nothing and a match is told once. The
 * background job takes batches of rows with SKIP LOCKED (instances share the work); `attempts` counts failed tries
 * of a row taken alone, so a listing that cannot be matched does not stop the others.
 */
export const listingMatchesPending = pgTable(
  'listing_match_pending',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    queuedAt: at('queued_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('listing_match_pending_queued_idx').on(t.queuedAt, t.productId)],
)

/**
 * Grouped mail (decision 033): when a member was last mailed for a group of notifications (`message:<sender id>`: the
 * messages one member sends them). A grouped mail goes out at most once per its window; the in-app notification and
 * the live event still arrive each time.
 */
export const mailGroups = pgTable(
  'mail_group',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    mailedAt: at('mailed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupKey] })],
)

/**
 * The live-event log (GET /api/events): every event pushed to a user, so a client that reconnects with Last-Event-ID
 * gets what it missed. `id` numbers the whole log (instances wake each other with NOTIFY or Redis carrying it; it
 * never leaves the server); `seq` numbers one user's events, and is the id the user sees (decision 032): the gaps of a
 * shop-wide counter would tell everyone how busy everyone else is. Pruned after a day.
 */
export const liveEvents = pgTable(
  'live_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    /** The user's own event number, from live_event_seq. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_event_user_seq_uq').on(t.userId, t.seq), index('live_event_created_idx').on(t.createdAt)],
)

/** Each user's last live event number: kept when the log is pruned, so a user's numbers never start again. */
export const liveEventSeqs = pgTable('live_event_seq', {
  userId: text('user_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
})
