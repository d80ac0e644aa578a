import { mkdirSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createPageRenderer, type PageRenderer } from '../modules/pages/page-renderer.ts'
import { errorBody } from './error-handler.ts'

/** Set once the pages are mounted: answers a page path Fastify could not decode (app.ts `frameworkErrors`). */
export interface BadUrlPage {
  send?: (req: FastifyRequest, reply: FastifyReply) => unknown
}

export interface StaticOptions {
  badUrlPage?: BadUrlPage
  /** The built web app (apps/web/dist: client/ and server/); skipped when it does not exist. */
  webDist: string | undefined
  /** PUBLIC_URL: canonical links and share tags start with it. */
  publicUrl: string | undefined
  /** The Content-Security-Policy header, to which each page adds its nonce. */
  contentSecurityPolicy: string | undefined
  /** Development: the web app's Vite server renders the pages, with hot reload (npm run dev). */
  devPages?: (app: FastifyInstance) => Promise<PageRenderer>
  /** DATA_DIR/uploads when images are stored on local disk. */
  uploadsDir: string | undefined
}

const NEVER_HTML = /^\/(api|uploads|assets)(\/|$)/
const NOT_FOUND_PATH = '/__not-found'

const pathnameOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '/'

/** A GET or HEAD outside /api, /uploads and /assets: React Router renders it. */
const wantsPage = (req: FastifyRequest) =>
  (req.method === 'GET' || req.method === 'HEAD') && !NEVER_HTML.test(pathnameOf(req))

/** Serves the web app's pages (rendered on the server) and files, and `/uploads/*` from the local image store. */
export const staticPlugin = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  if (opts.uploadsDir) {
    mkdirSync(opts.uploadsDir, { recursive: true })
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      // names are content hashes: a stored file never changes
      immutable: true,
      maxAge: '365d',
    })
  }
  const dist = opts.webDist
  let pages: PageRenderer | undefined
  if (opts.devPages) {
    pages = await opts.devPages(app)
  } else if (dist) {
    pages = await createPageRenderer(app, {
      webDist: dist,
      publicUrl: opts.publicUrl,
      contentSecurityPolicy: opts.contentSecurityPolicy,
    })
  }
  if (!pages || !dist) {
    if (!opts.devPages) app.log.warn({ dist }, 'web app not built (npm run build): only the API is served')
  } else {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // the server answers these itself (modules/seo); a stale build's copy would clash with its routes
      globIgnore: ['robots.txt*', 'sitemap.xml*'],
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable')
        } else {
          reply.header('cache-control', 'no-cache')
        }
      },
    })
  }
  if (pages && opts.badUrlPage) {
    const renderer = pages
    opts.badUrlPage.send = (req, reply) => {
      if (!wantsPage(req)) return reply.code(400).send(errorBody(400, `'${pathnameOf(req)}' is not a valid URL`))
      // rendered as the one path no route takes: the 'page not found' screen with status 404
      return renderer.send(Object.defineProperty(Object.create(req), 'url', { value: NOT_FOUND_PATH }), reply)
    }
  }
  // every other GET outside /api, /uploads and /assets is a page: React Router renders it (modules/pages)
  app.setNotFoundHandler((req, reply) => {
    if (wantsPage(req) && pages) return pages.send(req, reply)
    return reply.code(404).send(errorBody(404, `Route ${req.method} ${pathnameOf(req)} not found`))
  })
})
