import { messages } from '@preloved/shared/messages'
import {
  type PostBody,
  postBodySchema,
  postListSchema,
  postSchema,
  slugify,
  slugParamSchema,
} from '@preloved/shared/posts'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import { imageUploadRoute } from '../images/images.routes.ts'
import { thumbUrlOf } from '../images/images.service.ts'
import {
  deletePost,
  findPostBySlug,
  insertPost,
  listAllPosts,
  listPublishedPosts,
  type NewPostRow,
  toPostJson,
  updatePost,
} from './posts.repository.ts'

/** Paths of the API that a slug cannot take: GET /api/posts/all is the admin's list. */
const RESERVED_SLUGS = new Set(['all'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const postIdParamSchema = z.object({ id: z.string().min(1).max(64) })

/** The row a post body becomes: the slug from the title when none is given; the cover must be one of our photos. */
function toRow(app: FastifyInstance, body: PostBody): NewPostRow {
  const slug = body.slug || slugify(body.title)
  if (!slug) throw new AppError(400, messages.posts.noSlug)
  if (RESERVED_SLUGS.has(slug)) throw new AppError(400, messages.posts.slugReserved)
  let coverImg: string | null = null
  let coverThumb: string | null = null
  if (body.cover) {
    const key = app.images.keyOf(body.cover)
    // a display-size photo of ours, named by its content hash
    if (!key || !/^[0-9a-f]{16,64}-800\.webp$/.test(key))
      throw new AppError(400, messages.posts.coverNotOurs, { field: 'cover' })
    coverImg = body.cover
    coverThumb = thumbUrlOf(app.images, key)
  }
  return { slug, title: body.title, coverImg, coverThumb, body: body.body, published: body.published }
}

/** A unique-slug violation as 409; anything else as it was. */
function slugConflict(err: unknown): never {
  if (pgErrorCode(err) === '23505') throw new AppError(409, messages.posts.slugTaken)
  throw err
}

/**
 * The shop's blog: anyone reads published posts (`GET /posts`, `GET /posts/:slug`); an admin also reads drafts and
 * writes, changes and deletes posts, with cover photos through the images pipeline. Every write empties the
 * signed-out page cache, which keeps `/blogs` and the posts' pages.
 */
export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['posts']

  app.get(
    '/posts',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Published posts, newest first', response: { 200: postListSchema } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache')
      return (await listPublishedPosts(app.db)).map(toPostJson)
    },
  )

  app.get(
    '/posts/all',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Every post, drafts included (admin)', response: { 200: postListSchema } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return (await listAllPosts(app.db)).map(toPostJson)
    },
  )

  app.get(
    '/posts/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One post by its slug (a draft: admins only, 404 for anyone else)',
        params: slugParamSchema,
        response: { 200: postSchema },
      },
    },
    async (req, reply) => {
      const post = await findPostBySlug(app.db, req.params.slug)
      if (!post) throw new AppError(404, messages.posts.notFound)
      if (!post.published) {
        const user = await app.resolveUser(req)
        if (user?.role !== 'admin') throw new AppError(404, messages.posts.notFound)
        reply.header('cache-control', 'private, no-store')
      } else {
        reply.header('cache-control', 'no-cache')
      }
      return toPostJson(post)
    },
  )

  app.post(
    '/posts',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Write a post (admin)', body: postBodySchema, response: { 201: postSchema } },
    },
    async (req, reply) => {
      const row = await insertPost(app.db, toRow(app, req.body), app.now()).catch(slugConflict)
      app.pageCache.clear()
      return reply.code(201).send(toPostJson(row))
    },
  )

  app.put(
    '/posts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a post (admin)',
        params: postIdParamSchema,
        body: postBodySchema,
        response: { 200: postSchema },
      },
    },
    async (req) => {
      if (!UUID.test(req.params.id)) throw new AppError(404, messages.posts.notFound)
      const row = await updatePost(app.db, req.params.id, toRow(app, req.body), app.now()).catch(slugConflict)
      if (!row) throw new AppError(404, messages.posts.notFound)
      app.pageCache.clear()
      return toPostJson(row)
    },
  )

  app.delete(
    '/posts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a post (admin)',
        params: postIdParamSchema,
        response: { 200: z.object({ acknowledged: z.literal(true), deletedCount: z.number() }) },
      },
    },
    async (req) => {
      if (!UUID.test(req.params.id)) throw new AppError(404, messages.posts.notFound)
      const deletedCount = await deletePost(app.db, req.params.id)
      if (deletedCount === 0) throw new AppError(404, messages.posts.notFound)
      app.pageCache.clear()
      return { acknowledged: true as const, deletedCount }
    },
  )

  // a cover photo: the sellers' pipeline (type by the bytes, size limits, WebP at 800 and 320 px, metadata stripped)
  await app.register(
    imageUploadRoute({
      url: '/posts/images',
      access: 'admin',
      tags,
      summary: 'Upload a cover photo (admin; multipart field "image"; JPEG, PNG, WebP or AVIF)',
    }),
  )
}
