import { and, eq, inArray, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { conversations, offers, orders, users } from '../../db/schema/index.ts'
import { publicName } from '../../lib/public-name.ts'

/** Who asks for a name. */
export interface NameViewer {
  id: string
  role: string
}

/**
 * The members among `ids` whose full name `viewer` already sees elsewhere because the two of them deal with each
 * other: either side of a conversation, an offer or an order (each of those answers names both parties in full).
 */
async function dealingWith(db: DbOrTx, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const between = (t: typeof conversations | typeof offers | typeof orders) =>
    db
      .selectDistinct({ buyerId: t.buyerId, sellerId: t.sellerId })
      .from(t)
      .where(
        or(
          and(eq(t.buyerId, viewerId), inArray(t.sellerId, ids)),
          and(eq(t.sellerId, viewerId), inArray(t.buyerId, ids)),
        ),
      )
  const rows = (await Promise.all([between(conversations), between(offers), between(orders)])).flat()
  return new Set(rows.map((r) => (r.buyerId === viewerId ? r.sellerId : r.buyerId)))
}

/**
 * Each member's name as `viewer` already sees it (decision 032), by id: in full for themself and for admins, for a
 * seller (their profile and listings carry it), and between the parties of a conversation, an offer or an order;
 * anyone else knows a member only as a review shows them, "Emma W.", and gets no more from an answer that names
 * them by id. Unknown ids are left out.
 */
export async function namesAsSeenBy(
  db: DbOrTx,
  viewer: NameViewer,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const people = await db
    .select({ id: users.id, name: users.name, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, unique))
  const full = (p: (typeof people)[number]) =>
    viewer.role === 'admin' || p.id === viewer.id || (p.role === 'seller' && p.deletedAt === null)
  const related = await dealingWith(
    db,
    viewer.id,
    people.filter((p) => !full(p)).map((p) => p.id),
  )
  return new Map(
    people.map((p) => [p.id, full(p) || related.has(p.id) ? p.name : publicName(p.name, p.deletedAt !== null)]),
  )
}
