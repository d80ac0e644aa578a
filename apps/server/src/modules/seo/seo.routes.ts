import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { messages } from '@preloved/shared/messages'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { publicOrigins } from '../auth/auth.ts'
import {
  countPublicListings,
  countPublicSellers,
  countPublishedPosts,
  listPublicListings,
  listPublicSellers,
  listPublishedPostSlugs,
} from './seo.repository.ts'
import { fixedUrls, SITEMAP_MAX_URLS, sitemapIndexXml, type UrlSource, urlsBetween, urlsetXml } from './sitemap.ts'

const gzipAsync = promisify(gzip)

/** The public pages that are not listings, posts or seller profiles (docs/product/storefront.md#access). */
const PUBLIC_PAGES = ['/', '/categories', '/blogs'] as const

const productUrls = (db: Db): UrlSource => ({
  count: () => countPublicListings(db),
  list: async (offset, limit) =>
    (await listPublicListings(db, offset, limit)).map((row) => ({
      path: `/product/${row.id}`,
      lastmod: row.createdAt,
    })),
})

const postUrls = (db: Db): UrlSource => ({
  count: () => countPublishedPosts(db),
  list: async (offset, limit) =>
    (await listPublishedPostSlugs(db, offset, limit)).map((row) => ({
      path: `/blogs/${encodeURIComponent(row.slug)}`,
      lastmod: row.updatedAt,
    })),
})

/** Seller profiles (docs/product/listings.md#seller-profile): the same id as a listing's `sellerId`. */
const sellerUrls = (db: Db): UrlSource => ({
  count: () => countPublicSellers(db),
  list: async (offset, limit) =>
    (await listPublicSellers(db, offset, limit)).map((row) => ({ path: `/seller/${encodeURIComponent(row.id)}` })),
})

/** Crawlers come back daily at most; a CDN in front may keep both answers for an hour. */
const CACHE = 'public, max-age=3600'

/**
 * Where the site is: PUBLIC_URL's origin and path (its query or fragment, if any, are no part of a page's URL), or
 * http://localhost:PORT, as better-auth's links (modules/auth/auth.ts).
 */
function siteBase(config: Parameters<typeof publicOrigins>[0]): string {
  const url = new URL(publicOrigins(config).baseURL)
  return url.origin + url.pathname.replace(/\/+$/, '')
}

/** `?page=N` as a page number; null when absent; anything but a plain positive integer is no page (404). */
function pageParam(req: FastifyRequest): number | null {
  const query = req.query as Record<string, unknown>
  if (!Object.hasOwn(query, 'page')) return null
  const page = query.page
  if (typeof page !== 'string' || !/^[1-9][0-9]{0,8}$/.test(page))
    throw new AppError(404, messages.common.routeNotFound)
  return Number(page)
}

async function sendXml(req: FastifyRequest, reply: FastifyReply, xml: string) {
  reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', CACHE)
  reply.header('vary', 'accept-encoding')
  // a page of 50,000 URLs is several megabytes of text, a tenth of that gzipped
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(xml))
  }
  return reply.send(xml)
}

export interface SeoOptions {
  /** URLs per sitemap file: at most the protocol's 50,000. */
  pageSize: number
}

/**
 * `/sitemap.xml` and `/robots.txt`, the server's own (not files of the web build), so that they do not depend on how
 * pages are rendered. Not under /api: crawlers look for them at the root.
 */
export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, opts) => {
  const pageSize = Math.min(opts.pageSize, SITEMAP_MAX_URLS)
  const base = siteBase(app.config)
  // hidden from the API documentation: these are no API
  const route = { config: { access: 'public' as const }, schema: { hide: true } }

  // a page of 50,000 URLs costs tens of milliseconds to build: plenty for a crawler, not an amplifier for anyone
  const perIp = app.limiter({ max: 60, windowMs: 60_000, key: (req) => `sitemap:${req.ip}` })

  // One file while every URL fits in it; past that an index of `?page=1..N`, each a <urlset> of pageSize URLs.
  app.get('/sitemap.xml', { ...route, preHandler: perIp }, async (req, reply) => {
    const page = pageParam(req)
    const sources = [fixedUrls(PUBLIC_PAGES), productUrls(app.db), postUrls(app.db), sellerUrls(app.db)]
    const counted = []
    for (const source of sources) counted.push({ source, count: await source.count() })
    const total = counted.reduce((sum, s) => sum + s.count, 0)
    const pages = Math.ceil(total / pageSize)
    if (page === null) {
      if (pages <= 1) return sendXml(req, reply, urlsetXml(base, await urlsBetween(counted, 0, total)))
      return sendXml(req, reply, sitemapIndexXml(base, pages))
    }
    // one file has no pages: /sitemap.xml is that file
    if (pages <= 1 || page > pages) throw new AppError(404, messages.common.routeNotFound)
    const urls = await urlsBetween(counted, (page - 1) * pageSize, page * pageSize)
    return sendXml(req, reply, urlsetXml(base, urls))
  })

  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
  app.get('/robots.txt', route, async (_req, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', CACHE).send(robots),
  )
}
