import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { bookings } from './orders.ts'
import { offers } from './talk.ts'

/**
 * Each time an exclusive hold on a bag ran out unpaid (a booking's hold, or an accepted offer's hold nobody booked):
 * the bag's cool-down and the hold-cycling flag are read from these (docs/decisions/034). `lapsed_at` is the hold's
 * stored deadline, not the moment a sweep noticed it, so every instance records the same row (unique below).
 */
export const holdLapses = pgTable(
  'hold_lapse',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Who held the bag. */
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    offerId: uuid('offer_id').references(() => offers.id),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // a booking's hold may lapse again after its one renewal: one row per deadline
    uniqueIndex('hold_lapse_booking_uq').on(t.bookingId, t.lapsedAt).where(sql`${t.bookingId} is not null`),
    uniqueIndex('hold_lapse_offer_uq').on(t.offerId).where(sql`${t.offerId} is not null`),
    index('hold_lapse_product_idx').on(t.productId, t.lapsedAt),
  ],
)
