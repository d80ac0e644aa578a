import { z } from 'zod'
import './zod-config.ts'

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
  .string({ error: 'slug must be text' })
  .trim()
  .max(POST_SLUG_MAX, `Slug must be at most ${POST_SLUG_MAX} characters`)
  .regex(POST_SLUG_PATTERN, 'Slug may use lowercase letters, digits and single hyphens only')

/** What an admin sends to create or change a post. An empty or absent slug is made from the title. */
export const postBodySchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`),
  slug: z.union([z.literal(''), postSlugSchema]).optional(),
  // the url of a photo uploaded through POST /api/posts/images (the server checks it is one of ours)
  cover: z
    .string({ error: 'cover must be text' })
    .trim()
    .max(500, 'cover is not a photo of ours')
    .nullable()
    .optional(),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(1, 'Body is required')
    .max(POST_BODY_MAX, 'Body must be at most 50,000 characters'),
  published: z.boolean({ error: 'published must be true or false' }),
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
