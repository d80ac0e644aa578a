import { messages } from '@preloved/shared/messages'
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import { formatUsd } from '../../lib/money.ts'
import type { DbOrTx } from '../client.ts'
import { notifications, orders, products, savedSearches, wishlists } from '../schema/index.ts'

// Notifications and saved searches for the demo accounts (docs/product/storefront.md#demo-data): the bell has something
// to show on a fresh `npm start`. Emma keeps two bags whose price dropped on her wishlist (one notice read, one not), a
// saved search with a match, and her orders' news; Noah a saved search; each selling demo seller the news of a sale.
// Written in seed.ts's one transaction, after the demo orders, with times relative to the seed.

const HOUR = 3_600_000
const t = messages.notifications
const mail = messages.orderMail

type Key = 'emma' | 'noah'

/** The demo's saved searches: [who, name, /search query]. Each is the query /search writes for those filters. */
const DEMO_SAVED_SEARCHES: ReadonlyArray<[Key, string, string]> = [
  ['emma', 'Black leather shoulder bags', 'category=Shoulder&colour=black&material=leather'],
  ['emma', 'Totes under $300', 'category=Tote&maxPrice=300'],
  ['noah', 'Backpacks', 'category=Backpacks&sort=newest'],
]

export async function seedDemoNotifications(tx: DbOrTx, idOf: (key: Key) => string, now: Date): Promise<number> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR)
  const rows: (typeof notifications.$inferInsert)[] = []
  const emma = idOf('emma')

  // two bags whose price dropped, on Emma's wishlist, and the notices of it (the older one read)
  const dropped = await tx
    .select({
      id: products.id,
      title: products.title,
      cents: products.resellPriceCents,
      from: products.previousPriceCents,
    })
    .from(products)
    .where(and(eq(products.status, 'available'), isNotNull(products.previousPriceCents)))
    .orderBy(desc(products.updatedAt))
    .limit(2)
  for (const [i, bag] of dropped.entries()) {
    await tx.insert(wishlists).values({ productId: bag.id, userId: emma, createdAt: at(24 * (10 + i)) })
    rows.push({
      userId: emma,
      kind: 'price_drop',
      text: t.priceDrop(bag.title, formatUsd(bag.from!), formatUsd(bag.cents)),
      link: `/product/${bag.id}`,
      createdAt: at(3 + 30 * i),
      readAt: i === 0 ? null : at(20),
    })
  }

  // saved searches; Emma's first has one new match
  for (const [i, [who, name, query]] of DEMO_SAVED_SEARCHES.entries()) {
    await tx
      .insert(savedSearches)
      .values({ userId: idOf(who), name, query, createdAt: at(24 * (20 - i)), checkedAt: at(6), mailedAt: at(30) })
  }
  const [match] = await tx
    .select({ id: products.id, title: products.title, cents: products.resellPriceCents })
    .from(products)
    .where(and(eq(products.status, 'available'), eq(products.category, 'Shoulder'), eq(products.colour, 'black')))
    .orderBy(desc(products.createdAt))
    .limit(1)
  if (match) {
    rows.push({
      userId: emma,
      kind: 'saved_search',
      text: t.savedSearchMatch(DEMO_SAVED_SEARCHES[0]![1], match.title, formatUsd(match.cents)),
      link: `/product/${match.id}`,
      createdAt: at(6),
    })
  }

  // the news of the demo orders: the buyer's receipt and the seller's sale, each linking to the order
  const sold = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      at: orders.createdAt,
      title: products.title,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .orderBy(asc(orders.createdAt))
  for (const o of sold) {
    const link = `/dashboard/orders/${o.id}`
    const read = now.getTime() - o.at.getTime() > 48 * HOUR ? o.at : null
    rows.push(
      { userId: o.buyerId, kind: 'order', text: mail.receiptSubject(o.title), link, createdAt: o.at, readAt: read },
      { userId: o.sellerId, kind: 'order', text: mail.soldSubject(o.title), link, createdAt: o.at, readAt: read },
    )
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows)
  return rows.length
}
