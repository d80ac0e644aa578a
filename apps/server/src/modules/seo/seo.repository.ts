import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { posts, products, users } from '../../db/schema/index.ts'
import { isPublishedPost } from '../posts/posts.repository.ts'

/**
 * Listings with a public page: for sale, or sold (its page says so and shows similar bags), never removed. The
 * condition is written as product_sitemap_idx's, so that both queries below read only that index.
 */
const hasPublicPage = ne(products.status, 'removed')

export async function countPublicListings(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(hasPublicPage)
  return row?.n ?? 0
}

/**
 * Oldest first, so that a sitemap page keeps its listings while new ones are added at the end; (created_at, id) is
 * a total order. Offset paging: the sitemap is read a page at a time by crawlers, and the offset is skipped inside
 * the index (an index-only scan, no sort).
 */
export function listPublicListings(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(hasPublicPage)
    .orderBy(asc(products.createdAt), asc(products.id))
    .offset(offset)
    .limit(limit)
}

export async function countPublishedPosts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(isPublishedPost)
  return row?.n ?? 0
}

/** Published blog posts, oldest first (a page keeps its posts while new ones are added at the end). */
export function listPublishedPostSlugs(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublishedPost)
    .orderBy(asc(posts.publishedAt), asc(posts.id))
    .offset(offset)
    .limit(limit)
}

/**
 * Sellers whose profile page is worth a crawl: a seller's account, not deleted (else the profile is a 404), with at
 * least one listing that has a public page (read from product_seller_idx).
 */
const hasPublicProfile = and(
  eq(users.role, 'seller'),
  isNull(users.deletedAt),
  // written out: drizzle leaves columns unqualified in a one-table query, and product has an "id" too
  sql`exists (select 1 from "product" p where p.seller_id = "user"."id" and p.status <> 'removed')`,
)

export async function countPublicSellers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(hasPublicProfile)
  return row?.n ?? 0
}

/** Oldest account first: a page keeps its sellers while new ones are added at the end. */
export function listPublicSellers(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(hasPublicProfile)
    .orderBy(asc(users.createdAt), asc(users.id))
    .offset(offset)
    .limit(limit)
}
