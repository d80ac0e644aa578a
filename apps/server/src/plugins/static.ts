import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createPageRenderer } from '../modules/pages/pages.service.ts'
import { errorBody } from './error-handler.ts'

export interface StaticOptions {
  /** The built web app (apps/web/dist); skipped when it does not exist. */
  webDist: string | undefined
  /** DATA_DIR/uploads when images are stored on local disk. */
  uploadsDir: string | undefined
}

const NEVER_HTML = /^\/(api|uploads|assets)(\/|$)/

/** Serves the built web app with SPA fallback, and `/uploads/*` from the local image store. */
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
  const indexHtml = dist ? path.join(dist, 'index.html') : undefined
  if (!dist || !indexHtml || !existsSync(indexHtml)) {
    app.log.warn({ dist }, 'web app not built (npm run build): only the API is served')
  } else {
    await app.register(fastifyStatic, {
      root: dist,
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
  // every page is index.html, with the page's chunks named and its first answers written in (modules/pages)
  const pages = dist && indexHtml && existsSync(indexHtml) ? createPageRenderer(app, dist) : undefined
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !NEVER_HTML.test(pathname)
    if (wantsPage && pages) return pages.send(req, reply)
    return reply.code(404).send(errorBody(404, `Route ${req.method} ${pathname} not found`))
  })
})
