import { pageQuerySchema } from '@preloved/shared/common'
import { CATEGORY_SLUGS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import {
  createProductBodySchema,
  deleteResultSchema,
  insertResultSchema,
  modifyResultSchema,
  type Product,
  productListQuerySchema,
  productListSchema,
  productSchema,
  updateProductBodySchema,
} from '@preloved/shared/products'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, isUuid, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { etagOf } from '../../plugins/etag.ts'
import { notifyPriceDrop } from '../notifications/notifications.service.ts'
import { notifyDepsOf } from '../notifications/notify.ts'
import { sellerRatingOf } from '../reviews/reviews.service.ts'
import { emailScope } from '../users/email-scope.ts'
import { type CachedPage, type ListingsChanged, listingsChanged } from './list-cache.ts'
import {
  findProduct,
  listPriceHistory,
  listProducts,
  type ProductFilter,
  type ProductRow,
  seesContact,
  toProductJson,
} from './products.repository.ts'
import { advertiseProduct, createProduct, deleteProduct, mayEditProduct, updateProduct } from './products.service.ts'

/** Without `limit` a list answers with this many rows and a `Link` to the rest. */
export const DEFAULT_PAGE_SIZE = 100

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One listing in full: its JSON and every price it has had. */
  const fullListing = async (row: ProductRow, contact: boolean) => ({
    ...toProductJson(row, contact),
    priceHistory: await listPriceHistory(app.db, row.id),
  })

  /** The caller of a public route, or undefined: an expired token or session reads it as a visitor would. */
  const viewerOf = (req: FastifyRequest) =>
    app.resolveUser(req).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 401) return undefined
      throw err
    })

  /** Public lists, serialized, by URL: the same for every visitor (decision 004). */
  const listCache = app.productListCache
  /** For the services that add, advertise or remove a listing. */
  const onListingsChanged: ListingsChanged = listingsChanged.bind(null, app)

  /** Pages being read from the database, by URL. */
  const building = new Map<string, Promise<CachedPage>>()

  async function buildPage(
    url: string,
    filter: ProductFilter,
    page: { limit?: number | undefined; cursor?: string | undefined },
  ): Promise<CachedPage> {
    const version = listCache.version
    const { rows, hasMore } = await listProducts(
      app.db,
      filter,
      { limit: page.limit ?? DEFAULT_PAGE_SIZE, ...(page.cursor ? { cursor: decodeCursor(page.cursor) } : {}) },
      app.now(),
    )
    const last = rows.at(-1)
    // the same for every visitor, so never with contact details (decision 013)
    const body = JSON.stringify(rows.map((row) => toProductJson(row, false)))
    const built: CachedPage = {
      body,
      etag: etagOf(body),
      link: hasMore && last ? nextLink(url, encodeCursor(last)) : undefined,
      productIds: new Set(rows.map((r) => r.id)),
    }
    listCache.set(url, built, version)
    return built
  }

  async function sendPage(
    req: FastifyRequest,
    reply: FastifyReply,
    filter: ProductFilter,
    page: { limit?: number | undefined; cursor?: string | undefined },
  ) {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8')
    let hit = listCache.get(req.url)
    if (!hit) {
      // concurrent misses of one URL share one query (a booking empties pages while many visitors read them)
      let pending = building.get(req.url)
      if (!pending) {
        pending = buildPage(req.url, filter, page).finally(() => building.delete(req.url))
        building.set(req.url, pending)
      }
      hit = await pending
    }
    reply.header('etag', hit.etag)
    if (hit.link) reply.header('link', hit.link)
    // a pre-serialized string skips the serializer; its rows were built by toProductJson
    return reply.send(hit.body as unknown as Product[])
  }

  app.get(
    '/categoryDetails',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Listings for sale, newest first (all, or one category, or the advertised ones)',
        querystring: productListQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (req, reply) => {
      const { category, advertised, limit, cursor, email } = req.query
      if (email !== undefined) return sendOwnPage(req, reply, email, { limit, cursor })
      return sendPage(
        req,
        reply,
        { category, advertised: advertised === undefined ? undefined : advertised === 'true' },
        { limit, cursor },
      )
    },
  )

  /** `?email=`: a seller's own listings, sold ones too (My Products); that seller's token or an admin's. */
  async function sendOwnPage(
    req: FastifyRequest,
    reply: FastifyReply,
    email: string,
    page: { limit?: number | undefined; cursor?: string | undefined },
  ) {
    const user = await app.resolveUser(req)
    if (!user) throw new AppError(401, messages.auth.signInRequired)
    const owner = await emailScope(app.db, user, email)
    reply.header('cache-control', 'no-store')
    if (!owner) return []
    const { rows, hasMore } = await listProducts(
      app.db,
      { sellerId: owner.id, availableOnly: false },
      { limit: page.limit ?? DEFAULT_PAGE_SIZE, ...(page.cursor ? { cursor: decodeCursor(page.cursor) } : {}) },
      app.now(),
    )
    const last = rows.at(-1)
    if (hasMore && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
    // the seller's own listings (or an admin's look at them): with their contact details
    return rows.map((row) => toProductJson(row, true))
  }

  /**
   * New listings per seller and hour, fewer for a seller not yet verified (decision 033): per account, in Redis when
   * REDIS_URL is set, so every instance counts the same.
   */
  const listingLimiter = (verified: boolean) =>
    app.limiter({
      max: verified ? app.config.LISTINGS_PER_HOUR_VERIFIED : app.config.LISTINGS_PER_HOUR_UNVERIFIED,
      windowMs: 3_600_000,
      key: (req) => `listings:${verified ? 'verified' : 'unverified'}:${req.user?.id}`,
      message: (wait, max) => messages.listings.tooManyListings(max, verified, wait),
    })
  const listingLimiters = { verified: listingLimiter(true), unverified: listingLimiter(false) }

  app.post(
    '/categoryDetails',
    {
      config: { access: 'seller' },
      preHandler: (req, reply) => listingLimiters[signedInUser(req).verified ? 'verified' : 'unverified'](req, reply),
      schema: {
        tags: ['products'],
        summary: 'List a bag (the seller, their email and verified come from the token)',
        body: createProductBodySchema,
        response: { 200: insertResultSchema },
      },
    },
    async (req) => {
      const id = await createProduct(app.db, onListingsChanged, app.images, signedInUser(req), req.body, {
        maxShippingCents: app.config.MAX_SHIPPING * 100,
      })
      return { acknowledged: true as const, insertedId: id }
    },
  )

  app.put(
    '/users/seller/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['products'],
        summary: 'Advertise one of your listings on the home page (the id is a product id)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: modifyResultSchema },
      },
    },
    async (req) => {
      const modifiedCount = await advertiseProduct(app.db, onListingsChanged, signedInUser(req), req.params.id)
      return { acknowledged: true as const, modifiedCount }
    },
  )

  app.delete(
    '/categoryDetails/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['products'],
        summary: 'Remove a listing (its seller or an admin); sold bags cannot be deleted',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: deleteResultSchema },
      },
    },
    async (req) => {
      const deletedCount = await deleteProduct(app.db, onListingsChanged, signedInUser(req), req.params.id)
      return { acknowledged: true as const, deletedCount }
    },
  )

  app.get(
    '/categoryDetails/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: "A category's listings for sale, newest first",
        params: z.object({ slug: z.string().max(64) }),
        querystring: pageQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (req, reply) => {
      const slug = CATEGORY_SLUGS.find((s) => s.toLowerCase() === req.params.slug.toLowerCase())
      if (!slug) throw new AppError(404, messages.products.categoryNotFound)
      return sendPage(req, reply, { category: slug }, req.query)
    },
  )

  app.get(
    '/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'One listing (also when sold; removed listings are gone)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: productSchema },
      },
    },
    async (req, reply) => {
      const row = isUuid(req.params.id) ? await findProduct(app.db, req.params.id, app.now()) : undefined
      if (!row) throw new AppError(404, messages.products.notFound)
      // the seller and admins see the contact details: the answer depends on who asks
      reply.header('cache-control', 'private, no-cache').header('vary', 'authorization, cookie')
      const [listing, sellerRating] = await Promise.all([
        fullListing(row, seesContact(row, await viewerOf(req))),
        sellerRatingOf(app.db, row.sellerId), // the stars and badges beside the seller's name
      ])
      return { ...listing, ...(sellerRating ? { sellerRating } : {}) }
    },
  )

  app.patch(
    '/categoryDetails/:id',
    {
      config: { access: 'signed-in' },
      // docs/product/storefront.md#status-precedence: a missing listing (404) or someone else's (403) is told before a bad body (400)
      preValidation: async (req) => {
        await mayEditProduct(app.db, signedInUser(req), (req.params as { id: string }).id)
      },
      schema: {
        tags: ['products'],
        summary: 'Change a listing (its seller, or an admin); answers it as it now stands. Sold bags cannot change',
        params: z.object({ id: z.string().max(64) }),
        body: updateProductBodySchema,
        response: { 200: productSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      const drop = await updateProduct(
        app.db,
        onListingsChanged,
        app.images,
        user,
        req.params.id,
        req.body,
        app.now(),
        {
          maxShippingCents: app.config.MAX_SHIPPING * 100,
        },
      )
      if (drop) await notifyPriceDrop(notifyDepsOf(app), req.params.id, drop.fromCents, drop.toCents)
      const row = await findProduct(app.db, req.params.id, app.now())
      if (!row) throw new AppError(404, messages.products.notFound)
      reply.header('cache-control', 'no-store')
      return fullListing(row, true)
    },
  )
}
