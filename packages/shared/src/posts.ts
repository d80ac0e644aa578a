import { z } from 'zod'
import './zod-config.ts'
import { messages } from './messages.ts'

const m = messages.posts

/** A post's address: lowercase letters and digits in words joined by single hyphens (`/blogs/leather-care`). */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const POST_SLUG_MAX = 80
export const POST_TITLE_MAX = 140
export const POST_BODY_MAX = 50_000

/** The slug a title gives: accents dropped, every run of other characters one hyphen, at most 80 characters. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, POST_SLUG_MAX)
    .replace(/^-+|-+$/g, '')
}

export const postSlugSchema = z
  .string({ error: m.slugNotText })
  .trim()
  .max(POST_SLUG_MAX, m.slugTooLong(POST_SLUG_MAX))
  .regex(POST_SLUG_PATTERN, m.slugPattern)

/** What an admin sends to create or change a post. An empty or absent slug is made from the title. */
export const postBodySchema = z.object({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(POST_TITLE_MAX, m.titleTooLong(POST_TITLE_MAX)),
  slug: z.union([z.literal(''), postSlugSchema]).optional(),
  // the url of a photo uploaded through POST /api/posts/images (the server checks it is one of ours)
  cover: z.string({ error: m.coverNotText }).trim().max(500, m.coverTooLong).nullable().optional(),
  body: z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(POST_BODY_MAX, m.bodyTooLong),
  published: z.boolean({ error: m.publishedNotBoolean }),
})
export type PostBody = z.infer<typeof postBodySchema>

export const postSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  coverThumb: z.string().nullable(),
  body: z.string(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Post = z.infer<typeof postSchema>
export const postListSchema = z.array(postSchema)

export const slugParamSchema = z.object({ slug: z.string().min(1).max(200) })
