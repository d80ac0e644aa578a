import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { createRenderer, type PageRenderer, type WebHandler } from './page-renderer.ts'

// `npm run dev`: the web app's Vite server in middleware mode inside this Fastify server. Vite answers its own paths
// (modules, styles, hot reload) and the pages render from the current source on every request: an edit shows at once.

const webRoot = fileURLToPath(new URL('../../../../web/', import.meta.url))

export function viteDevPages(publicUrl: string | undefined) {
  return async (app: FastifyInstance): Promise<PageRenderer> => {
    // vite is the web app's dependency, not the server's
    const vitePath = createRequire(path.join(webRoot, 'package.json')).resolve('vite')
    const { createServer } = (await import(pathToFileURL(vitePath).href)) as typeof import('vite')
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' })
    app.addHook('onClose', () => vite.close())

    const handle: WebHandler = async (request, context) => {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as {
        entry: { module: { createRequestHandler: (build: unknown, mode: string) => WebHandler } }
      }
      return build.entry.module.createRequestHandler(build, 'development')(request, context)
    }
    const renderer = createRenderer(app, { webDist: webRoot, publicUrl, contentSecurityPolicy: undefined }, handle)

    // Vite's own paths first; what it passes on is a page
    app.addHook('onRequest', (req, reply, done) => {
      if (/^\/(api|uploads)(\/|$)|^\/(sitemap\.xml|robots\.txt)$/.test(req.url.split('?')[0] ?? '')) return done()
      reply.hijack()
      vite.middlewares(req.raw, reply.raw, () => {
        void renderer.render(req).then(
          (page) => {
            reply.raw.writeHead(page.status, page.headers)
            reply.raw.end(req.method === 'HEAD' ? undefined : page.body)
          },
          (error: unknown) => {
            vite.ssrFixStacktrace(error as Error)
            req.log.error({ err: error }, 'page render failed')
            if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain' })
            reply.raw.end(String((error as Error).stack ?? error))
          },
        )
      })
    })
    return renderer
  }
}
