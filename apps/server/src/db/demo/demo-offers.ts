import { inArray } from 'drizzle-orm'
import { LocalLiveBus } from '../../modules/live/live-bus.ts'
import type { Mailer } from '../../modules/mail/mail.service.ts'
import { createOffer, moveOffer, type OfferDeps, sweepOffers } from '../../modules/offers/offers.service.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import type { Db } from '../client.ts'
import { users } from '../schema/index.ts'
import { DEMO_ORDERS } from './demo-orders.ts'

// Offers in every state for the demo accounts (docs/product/storefront.md#demo-data), made and moved by the offers
// module's own functions at times before the seed, on bags of the demo sellers that no demo order uses and that are
// not on the front page. Quiet: the demo's past sends no notifications or mail.

const HOUR = 3_600_000

/** The demo's offers: who offers on whose bag, how much of its price, and what became of it (hours before the seed). */
export const DEMO_OFFERS = [
  // Amelia has offers to answer, and one she countered; Emma and Noah each have one to act on
  { buyer: 'emma', seller: 'amelia', share: 0.8, madeHoursAgo: 5, state: 'pending' },
  { buyer: 'noah', seller: 'amelia', share: 0.7, madeHoursAgo: 20, state: 'pending' },
  { buyer: 'noah', seller: 'amelia', share: 0.75, madeHoursAgo: 30, state: 'countered', movedHoursAgo: 6 },
  { buyer: 'emma', seller: 'daniel', share: 0.85, madeHoursAgo: 10, state: 'accepted', movedHoursAgo: 2 },
  { buyer: 'noah', seller: 'sofia', share: 0.6, madeHoursAgo: 40, state: 'declined', movedHoursAgo: 30 },
  { buyer: 'emma', seller: 'sofia', share: 0.7, madeHoursAgo: 26, state: 'withdrawn', movedHoursAgo: 25 },
  { buyer: 'emma', seller: 'amelia', share: 0.65, madeHoursAgo: 60, state: 'expired' },
] as const

export interface DemoListingRow {
  id: string
  sellerId: string
  title: string
  resellPriceCents: number
  advertisement: boolean
}

const SILENT: Mailer = { kind: 'outbox', send: async () => {} }

/** Rounds an offer to whole dollars (as a buyer types one), never below the lowest allowed. */
const offerOf = (priceCents: number, share: number, minPercent: number) =>
  Math.max(Math.ceil((priceCents * minPercent) / 100 / 100), Math.round((priceCents * share) / 100))

/**
 * Seeds the demo's offers inside seed.ts's transaction (`db`). Answers how many were made. `idOf` maps a demo key
 * (emma, amelia…) to the account's id; `rows` are the listings as inserted.
 */
export async function seedDemoOffers(
  db: Db,
  rows: readonly DemoListingRow[],
  idOf: ReadonlyMap<string, string>,
  now: number,
  rules = { minPercent: 60, offerHours: 48, holdHours: 24 },
): Promise<number> {
  const deps: OfferDeps = {
    db,
    notify: { db, live: new LocalLiveBus(), mailer: SILENT, publicUrl: '' },
    listingsChanged: () => {},
    rules,
    quiet: true,
  }
  const ordered = new Set(DEMO_ORDERS.map((o) => o.listing))
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...idOf.values()]))
  const userOf = (key: string): CurrentUser => {
    const found = people.find((p) => p.id === idOf.get(key))
    if (!found) throw new Error(`demo offer names an unknown person: ${key}`)
    return { id: found.id, name: found.name, email: found.email, role: found.role, verified: found.verified }
  }
  // each seller's bags that nobody ordered, off the front page, from $100: one per offer, in listing order
  const used = new Set<string>()
  const bagOf = (sellerKey: string) => {
    const sellerId = idOf.get(sellerKey)
    const bag = rows.find(
      (r) =>
        r.sellerId === sellerId &&
        !r.advertisement &&
        !ordered.has(r.title) &&
        r.resellPriceCents >= 10_000 &&
        !used.has(r.id),
    )
    if (!bag) throw new Error(`no demo bag left for an offer to ${sellerKey}`)
    used.add(bag.id)
    return bag
  }
  for (const o of DEMO_OFFERS) {
    const bag = bagOf(o.seller)
    const buyer = userOf(o.buyer)
    const seller = userOf(o.seller)
    const made = new Date(now - o.madeHoursAgo * HOUR)
    const amount = offerOf(bag.resellPriceCents, o.share, rules.minPercent)
    const id = await createOffer(deps, buyer, { productId: bag.id, amount }, made)
    if (!('movedHoursAgo' in o)) continue
    const moved = new Date(now - o.movedHoursAgo * HOUR)
    if (o.state === 'countered') {
      // halfway between the offer and the price, in whole dollars
      const counter = Math.round((amount + bag.resellPriceCents / 100) / 2)
      await moveOffer(deps, seller, id, 'counter', { amount: counter }, moved)
    } else if (o.state === 'accepted') await moveOffer(deps, seller, id, 'accept', undefined, moved)
    else if (o.state === 'declined') await moveOffer(deps, seller, id, 'decline', undefined, moved)
    else if (o.state === 'withdrawn') await moveOffer(deps, buyer, id, 'withdraw', undefined, moved)
  }
  // the one made 60 hours ago has expired by now
  await sweepOffers(deps, new Date(now))
  return DEMO_OFFERS.length
}
