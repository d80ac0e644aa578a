import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { posts } from '../../db/schema/index.ts'

export type PostRow = typeof posts.$inferSelect
export type NewPostRow = Pick<PostRow, 'slug' | 'title' | 'coverImg' | 'coverThumb' | 'body' | 'published'>

/** A post visitors may read (the blog, its pages and the sitemap). */
export const isPublishedPost = and(eq(posts.published, true), isNotNull(posts.publishedAt))

/** Published posts, newest first (the blog page). */
export const listPublishedPosts = (db: DbOrTx) =>
  db.select().from(posts).where(isPublishedPost).orderBy(desc(posts.publishedAt), desc(posts.id))

/** Every post, drafts first then newest (the admin's Posts screen). */
export const listAllPosts = (db: DbOrTx) =>
  db.select().from(posts).orderBy(desc(posts.published), desc(posts.updatedAt), desc(posts.id))

export async function findPostBySlug(db: DbOrTx, slug: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.slug, slug))
  return row
}

export async function insertPost(db: DbOrTx, values: NewPostRow, now: Date): Promise<PostRow> {
  const [row] = await db
    .insert(posts)
    .values({ ...values, publishedAt: values.published ? now : null, createdAt: now, updatedAt: now })
    .returning()
  return row!
}

/** Changes a post; the first publication's date is kept when it is published again. */
export async function updatePost(db: DbOrTx, id: string, values: NewPostRow, now: Date): Promise<PostRow | undefined> {
  const [row] = await db
    .update(posts)
    .set({
      ...values,
      updatedAt: now,
      publishedAt: values.published
        ? sql`coalesce(${posts.publishedAt}, ${now.toISOString()}::timestamptz)`
        : sql`${posts.publishedAt}`,
    })
    .where(eq(posts.id, id))
    .returning()
  return row
}

export async function deletePost(db: DbOrTx, id: string): Promise<number> {
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id })
  return rows.length
}

export const toPostJson = (row: PostRow) => ({
  _id: row.id,
  slug: row.slug,
  title: row.title,
  cover: row.coverImg,
  coverThumb: row.coverThumb,
  body: row.body,
  published: row.published,
  published_at: row.publishedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
})
