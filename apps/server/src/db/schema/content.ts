import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** The shop's blog: markdown posts an admin writes; only published ones are public (`/blogs/:slug`). */
export const posts = pgTable(
  'post',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** The cover photo at display size and its thumbnail (modules/images), or none. */
    coverImg: text('cover_img'),
    coverThumb: text('cover_thumb'),
    body: text('body').notNull(),
    published: boolean('published').notNull().default(false),
    /** When it was first published; kept when it goes back to draft and out again. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_published_idx').on(t.published, t.publishedAt),
    check('post_published_has_date', sql`${t.published} = false or ${t.publishedAt} is not null`),
  ],
)

/** The admin's settings, one row per key (packages/shared settings.ts types and checks each); no row: the default. */
export const settings = pgTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
