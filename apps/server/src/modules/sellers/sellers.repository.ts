import { and, count, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users } from '../../db/schema/index.ts'

/**
 * A seller with a public profile and their counts: listings for sale now, and sold. Undefined for an unknown id, a
 * customer, an admin or a deleted account (their profile does not exist).
 */
export async function findSellerProfile(db: DbOrTx, id: string) {
  const [seller] = await db
    .select({ id: users.id, name: users.name, verified: users.verified, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'seller'), isNull(users.deletedAt)))
  if (!seller) return undefined
  // read from product_seller_idx
  const byStatus = await db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(eq(products.sellerId, id))
    .groupBy(products.status)
  const countOf = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0
  return { ...seller, listed: countOf('available'), sold: countOf('sold') }
}
