import { asc, count, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { posts, products } from '../../db/schema/index.ts'
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
