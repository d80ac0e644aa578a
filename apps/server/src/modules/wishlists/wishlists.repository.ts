import { and, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { products, wishlists } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'

/**
 * A listing's status and seller, for the wishlist's add (removed and sold bags, and the seller's own, are refused);
 * undefined if there is none.
 */
export async function findWishedProduct(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: products.id, status: products.status, sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, productId))
  return row
}

/**
 * Adds a bag to a user's wishlist (adding it twice keeps the one entry, and the price it was saved at): the entry's id,
 * and whether it was there already.
 */
export async function addWish(
  db: DbOrTx,
  userId: string,
  productId: string,
): Promise<{ id: string; alreadySaved: boolean }> {
  const [created] = await db
    .insert(wishlists)
    // the price they saved it at: a later drop is told against it (decision 033)
    .values({
      productId,
      userId,
      toldPriceCents: sql`(select ${products.resellPriceCents} from ${products} where ${products.id} = ${productId})`,
    })
    .onConflictDoNothing()
    .returning({ id: wishlists.id })
  if (created) return { id: created.id, alreadySaved: false }
  const [entry] = await db
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(and(eq(wishlists.productId, productId), eq(wishlists.userId, userId)))
  return { id: entry!.id, alreadySaved: true }
}

/** A user's wishlist, newest first (at most 200 entries), with each bag's thumbnail, title, price and status. */
const listWishesStatement = preparedStatement('list_wishes_of', (db) =>
  db
    .select({
      id: wishlists.id,
      productId: products.id,
      img: products.thumb,
      bag: products.title,
      category: products.category,
      priceCents: products.resellPriceCents,
      status: products.status,
    })
    .from(wishlists)
    .innerJoin(products, eq(products.id, wishlists.productId))
    .where(eq(wishlists.userId, sql.placeholder('userId')))
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id))
    .limit(200),
)

/** Prepared: every signed-in customer's wishlist page asks for it. */
export const listWishesOf = (db: DbOrTx, userId: string) => listWishesStatement(db).execute({ userId })

export type WishRow = Awaited<ReturnType<typeof listWishesOf>>[number]

/** An entry as the original JSON (`_id`, `product_id`, dollars), under the email the list was asked for. */
export const toWishJson = (r: WishRow, email: string) => ({
  _id: r.id,
  img: r.img,
  bag: r.bag,
  category: r.category,
  product_id: r.productId,
  price: centsToDollars(r.priceCents),
  email: email.toLowerCase(),
  status: r.status,
})

/** The owner of a wishlist entry, or undefined when there is no such entry. */
export async function findWishOwner(db: DbOrTx, id: string): Promise<string | undefined> {
  const [entry] = await db.select({ userId: wishlists.userId }).from(wishlists).where(eq(wishlists.id, id))
  return entry?.userId
}

/** Deletes a wishlist entry; the number deleted (0 or 1). */
export async function deleteWish(db: DbOrTx, id: string): Promise<number> {
  const deleted = await db.delete(wishlists).where(eq(wishlists.id, id)).returning({ id: wishlists.id })
  return deleted.length
}
