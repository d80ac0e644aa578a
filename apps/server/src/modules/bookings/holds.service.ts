import { and, eq, lte, ne } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { bookings, paymentIntents } from '../../db/schema/index.ts'
import { lockProduct } from '../offers/offers.repository.ts'
import type { StripeGateway } from '../payments/stripe-gateway.ts'
import type { ListingsChanged } from '../products/list-cache.ts'
import { expireStaleHolds } from './holds.repository.ts'

export interface HoldSweepDeps {
  db: Db
  listingsChanged: ListingsChanged
  stripe?: StripeGateway | undefined
  log?: FastifyBaseLogger | undefined
}

/**
 * The holds' deadlines (the deadline sweeper in app.ts; safe on several instances at once, docs/decisions/034):
 * holds whose time ran out are marked expired, the exclusive ones recorded as lapses (which may flag the bag for hold
 * cycling); the open payment intents of payment holds that ran out can no longer be charged: each is claimed by one
 * conditional UPDATE, and a Stripe one is cancelled at Stripe. One the buyer confirmed first cannot be cancelled: it
 * is marked used, and its payment is recorded when it arrives (it wins if the bag is still not sold).
 */
export async function sweepHolds(deps: HoldSweepDeps, now: Date) {
  // bag by bag, under the bag's lock like a booking of it (no two statements lock one bag's holds in other orders)
  const bags = await deps.db
    .selectDistinct({ productId: bookings.productId })
    .from(bookings)
    .where(and(eq(bookings.status, 'held'), lte(bookings.expiresAt, now)))
  const expired: Awaited<ReturnType<typeof expireStaleHolds>> = []
  for (const { productId } of bags) {
    expired.push(
      ...(await deps.db.transaction(async (tx) => {
        await lockProduct(tx, productId)
        return expireStaleHolds(tx, now, productId)
      })),
    )
  }
  const exclusive = expired.filter((b) => b.holdKind === 'exclusive').map((b) => b.productId)
  // those bags no longer read 'Reserved'
  if (exclusive.length > 0) deps.listingsChanged(exclusive)
  const due = await deps.db
    .select({ id: paymentIntents.id, provider: paymentIntents.provider })
    .from(paymentIntents)
    .innerJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
    .where(
      and(
        eq(paymentIntents.status, 'open'),
        eq(bookings.holdKind, 'payment'),
        ne(bookings.status, 'paid'),
        lte(bookings.expiresAt, now),
      ),
    )
  let retired = 0
  for (const intent of due) {
    const claimed = await deps.db
      .update(paymentIntents)
      .set({ status: 'superseded' })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'open')))
      .returning({ id: paymentIntents.id })
    if (claimed.length === 0) continue
    retired++
    if (intent.provider !== 'stripe' || !deps.stripe) continue
    try {
      const status = await deps.stripe.cancel(intent.id)
      if (status === 'succeeded' || status === 'processing')
        await deps.db.update(paymentIntents).set({ status: 'used' }).where(eq(paymentIntents.id, intent.id))
    } catch (err) {
      // Stripe could not be reached: open again, so the next sweep cancels it (the bag takes no exclusive hold meanwhile)
      await deps.db
        .update(paymentIntents)
        .set({ status: 'open' })
        .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'superseded')))
      deps.log?.warn({ err, intentId: intent.id }, 'a lapsed payment hold could not be cancelled at Stripe')
    }
  }
  return { expired: expired.length, retired }
}
