import { HOLD_CYCLING_LAPSES, PAYMENT_HOLD_MINUTES } from '@preloved/shared/constants'
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { bookings, holdLapses, offers, paymentIntents, payments, products } from '../../db/schema/index.ts'
import { raiseFlag } from '../risk/flags.ts'

// The bag's cool-down (docs/decisions/034). After an exclusive hold on a bag runs out unpaid, the bag cools down for
// HOLD_MINUTES, whoever asks: Book Now then gives a short payment hold that keeps nobody out, and the first payment
// wins. Everything here is read from stored deadlines under the bag's row lock, so every instance decides alike.

const DAY = 86_400_000
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`

/** An accepted offer holds this bag at `now`: its buyer has not booked yet, and its hold is in time. */
export const offerHoldsBag = (productId: string, now: Date) =>
  and(
    eq(offers.productId, productId),
    eq(offers.status, 'accepted'),
    sql`${offers.bookingId} is null`,
    sql`${offers.holdUntil} > ${at(now)}`,
  )

/** A payment hold's length: PAYMENT_HOLD_MINUTES, never longer than an ordinary hold. */
export const paymentHoldMinutes = (holdMinutes: number) => Math.min(PAYMENT_HOLD_MINUTES, holdMinutes)

export interface BagHoldState {
  /** Someone's exclusive hold on the bag is in time (a booking; an accepted offer is read by `offerHoldOn`). */
  exclusiveHeld: boolean
  /** When the cool-down after the last unpaid hold that ran out ends (null: no hold ever ran out). */
  coolDownUntil: Date | null
  /**
   * Book Now gives a payment hold: the bag is cooling down, or a payment hold on it is in time, or a payment hold's
   * charge may still arrive (a Stripe intent not cancelled yet, a charge not recorded yet). An exclusive hold is then
   * never granted, so a payment that went through always finds the bag free of exclusive holds.
   */
  paymentOnly: boolean
  /** An accepted offer holds the bag at `now` (read it with `offerHoldOn`; an offer's hold outranks the rest). */
  offerHeld: boolean
}

/**
 * The bag's holds at `now`, in one statement. Callers hold the bag's row lock (`lockProduct`), so two bookings of one
 * bag are decided one after the other. A hold that ran out counts from its stored deadline, marked expired or not.
 */
export async function bagHoldState(
  tx: DbOrTx,
  productId: string,
  now: Date,
  holdMinutes: number,
): Promise<BagHoldState> {
  const t = at(now)
  const [row] = await tx
    .select({
      exclusiveHeld: sql<boolean>`exists (select 1 from ${bookings} b where b.product_id = ${productId} and b.status = 'held' and b.hold_kind = 'exclusive' and b.expires_at > ${t})`,
      lastLapse: sql<string | Date | null>`greatest(
        (select max(b.expires_at) from ${bookings} b where b.product_id = ${productId} and b.hold_kind = 'exclusive'
          and b.status in ('held', 'expired') and b.expires_at <= ${t}),
        (select max(o.hold_until) from ${offers} o where o.product_id = ${productId}
          and o.status in ('accepted', 'expired') and o.booking_id is null and o.hold_until <= ${t}))`,
      paymentHolds: sql<boolean>`exists (select 1 from ${bookings} b where b.product_id = ${productId} and b.status = 'held' and b.hold_kind = 'payment' and b.expires_at > ${t})`,
      chargesPending: sql<boolean>`exists (select 1 from ${paymentIntents} i join ${bookings} b on b.id = i.booking_id
        where b.product_id = ${productId} and b.hold_kind = 'payment' and b.status <> 'paid'
          and ((i.status = 'open' and i.provider = 'stripe')
            or (i.status = 'used' and not exists (select 1 from ${payments} p where p.booking_id = b.id))))`,
      // offerHoldOn's condition, so that a booking reads the bag's holds in one statement
      offerHeld: sql<boolean>`exists (select 1 from ${offers} where ${offerHoldsBag(productId, now)})`,
    })
    .from(products)
    .where(eq(products.id, productId))
  const r = row ?? {
    exclusiveHeld: false,
    lastLapse: null,
    paymentHolds: false,
    chargesPending: false,
    offerHeld: false,
  }
  const lastLapse = r.lastLapse === null ? null : new Date(r.lastLapse)
  const coolDownUntil = lastLapse ? new Date(lastLapse.getTime() + holdMinutes * 60_000) : null
  const coolingDown = coolDownUntil !== null && coolDownUntil > now
  return {
    exclusiveHeld: r.exclusiveHeld,
    coolDownUntil,
    paymentOnly: coolingDown || r.paymentHolds || r.chargesPending,
    offerHeld: r.offerHeld,
  }
}

export interface Lapse {
  productId: string
  customerId: string
  bookingId?: string | null
  offerId?: string | null
  lapsedAt: Date
}

/** The UTC day of a moment, as the hold-cycling flag's key has it. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10)

/**
 * Records exclusive holds that ran out unpaid (once per hold and deadline, whoever notices), then flags each of their
 * bags that was held and released HOLD_CYCLING_LAPSES times within a day: one flag per bag and day (the day of the
 * lapse that made the count), raised in the caller's transaction.
 */
export async function recordLapses(tx: DbOrTx, lapses: Lapse[], now: Date) {
  if (lapses.length === 0) return
  await tx
    .insert(holdLapses)
    .values(
      lapses.map((l) => ({
        productId: l.productId,
        customerId: l.customerId,
        bookingId: l.bookingId ?? null,
        offerId: l.offerId ?? null,
        lapsedAt: l.lapsedAt,
      })),
    )
    .onConflictDoNothing()
  const latest = new Map<string, Date>()
  for (const l of lapses) {
    const seen = latest.get(l.productId)
    if (!seen || l.lapsedAt > seen) latest.set(l.productId, l.lapsedAt)
  }
  for (const [productId, last] of latest) {
    const recent = await tx
      .select({ customerId: holdLapses.customerId, lapsedAt: holdLapses.lapsedAt, offerId: holdLapses.offerId })
      .from(holdLapses)
      .where(
        and(
          eq(holdLapses.productId, productId),
          gt(holdLapses.lapsedAt, new Date(last.getTime() - DAY)),
          lte(holdLapses.lapsedAt, last),
        ),
      )
      .orderBy(asc(holdLapses.lapsedAt))
    if (recent.length < HOLD_CYCLING_LAPSES) continue
    await raiseFlag(
      tx,
      {
        kind: 'hold_cycling',
        key: `${productId}:${dayOf(last)}`,
        productId,
        userIds: [...new Set(recent.map((r) => r.customerId))],
        reason: `This bag was held and released unpaid ${recent.length} times within a day.`,
        detail: {
          lapses: recent.map((r) => ({
            customerId: r.customerId,
            at: r.lapsedAt.toISOString(),
            hold: r.offerId ? 'accepted offer' : 'booking',
          })),
        },
      },
      now,
    )
  }
}

/**
 * Marks held bookings whose time ran out as expired (for one product, or all when none is given); the exclusive ones
 * are recorded as lapses (the cool-down, the hold-cycling flag). Run it in a transaction.
 */
export async function expireStaleHolds(tx: DbOrTx, now: Date, productId?: string) {
  const expired = await tx
    .update(bookings)
    .set({ status: 'expired' })
    .where(
      and(
        eq(bookings.status, 'held'),
        sql`${bookings.expiresAt} <= ${at(now)}`,
        productId ? eq(bookings.productId, productId) : undefined,
      ),
    )
    .returning({
      id: bookings.id,
      productId: bookings.productId,
      customerId: bookings.customerId,
      expiresAt: bookings.expiresAt,
      holdKind: bookings.holdKind,
    })
  await recordLapses(
    tx,
    expired
      .filter((b) => b.holdKind === 'exclusive')
      .map((b) => ({ productId: b.productId, customerId: b.customerId, bookingId: b.id, lapsedAt: b.expiresAt })),
    now,
  )
  return expired
}
