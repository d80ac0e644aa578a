import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MicroCache } from '../../lib/micro-cache.ts'

// The web app's pages, rendered by React Router in framework mode (docs/decisions/015). The web build's server bundle
// (apps/web/dist/server) holds the route table, the loaders and the page components; this module hands it each page
// request as a web Request and sends its Response. Its loaders read the API through `api` below: the same routes the
// browser calls, run in this process as the visitor who asked (their cookie, their address).

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** What the web app's render needs from us (apps/web/src/app/load-context.ts). */
export interface PageContext {
  nonce: string
  origin: string
  api: (url: string, init: RequestInit) => Promise<Response>
}

export type WebHandler = (request: Request, context: PageContext) => Promise<Response>

/** The parts of React Router's server build this module uses: its entry re-exports the request handler factory. */
interface ServerBuild {
  entry: { module: { createRequestHandler: (build: ServerBuild, mode?: string) => WebHandler } }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pages rendered for signed-out visitors (no session cookie), by URL, for PAGE_CACHE_MS: they depend on nothing but
     * the URL and the listings, and `listingsChanged()` (products module) empties it whenever those change.
     */
    pageCache: MicroCache<CachedRender>
  }
}

/** A rendered page kept for signed-out visitors, with its compressed forms as they are first asked for. */
export interface CachedRender extends RenderedPage {
  br?: Buffer
  gzip?: Buffer
}

export const createPageCache = (ttlMs: number) => new MicroCache<CachedRender>(ttlMs, 500)

export interface PageRendererOptions {
  /** The built web app (apps/web/dist): its server bundle renders, its client folder is served as files. */
  webDist: string
  /** The shop's public origin (PUBLIC_URL); the request's own when unset. */
  publicUrl: string | undefined
  /** The security headers' Content-Security-Policy, to which each page adds its nonce. */
  contentSecurityPolicy: string | undefined
}

/** The server bundle's path, or undefined when the web app is not built. */
export const serverBuildFile = (webDist: string) => {
  const file = path.join(webDist, 'server', 'index.js')
  return existsSync(file) ? file : undefined
}

interface Answer {
  status: number
  headers: Headers
  body: Buffer
}

/** GET /api… as the visitor: each path once per page render, however many loaders ask for it. */
function visitorApi(app: FastifyInstance, req: FastifyRequest, setCookies: string[]) {
  const answers = new Map<string, Promise<Answer>>()
  const call = async (url: string, init: RequestInit): Promise<Answer> => {
    const headers = new Headers(init.headers)
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: {
        ...Object.fromEntries(headers),
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
      },
      remoteAddress: req.ip,
    })
    const cookie = res.headers['set-cookie']
    if (cookie) setCookies.push(...(Array.isArray(cookie) ? cookie : [cookie]))
    const answerHeaders = new Headers()
    const type = res.headers['content-type']
    if (type) answerHeaders.set('content-type', String(type))
    // a paged list's next page (the search page's "Load more" starts from the first page's Link)
    const link = res.headers.link
    if (link) answerHeaders.set('link', String(link))
    return { status: res.statusCode, headers: answerHeaders, body: res.rawPayload }
  }
  return async (url: string, init: RequestInit): Promise<Response> => {
    if (!url.startsWith('/api/')) throw new Error(`A page may only read the API, not ${url}`)
    const method = init.method ?? 'GET'
    let answer: Promise<Answer>
    if (method === 'GET') {
      answer = answers.get(url) ?? call(url, init)
      answers.set(url, answer)
    } else {
      answer = call(url, init)
    }
    const { status, headers, body } = await answer
    return new Response(status === 204 || status === 304 ? null : new Uint8Array(body), { status, headers })
  }
}

/** A web Request for React Router from Fastify's request (GET and HEAD only: the pages have no actions). */
function webRequest(req: FastifyRequest, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  return new Request(new URL(req.url, origin), { method: req.method, headers })
}

/** A rendered page before compression: status, headers and the HTML (or a loader's data for a `.data` request). */
export interface RenderedPage {
  status: number
  headers: Record<string, string | string[]>
  body: Buffer
}

export interface PageRenderer {
  render(req: FastifyRequest): Promise<RenderedPage>
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
}

/** Loads the web app's server build; undefined when the web app is not built. */
export async function createPageRenderer(
  app: FastifyInstance,
  options: PageRendererOptions,
): Promise<PageRenderer | undefined> {
  const file = serverBuildFile(options.webDist)
  if (!file) return undefined
  const build = (await import(pathToFileURL(file).href)) as ServerBuild
  const handle = build.entry.module.createRequestHandler(build, 'production')
  return createRenderer(app, options, handle)
}

/** Sends pages rendered by `handle` (the production build's, or the development server's). */
export function createRenderer(app: FastifyInstance, options: PageRendererOptions, handle: WebHandler): PageRenderer {
  /** The origin canonical and share URLs start with: PUBLIC_URL, or the request's own (Host, or a trusted proxy's). */
  const originOf = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}`

  async function render(req: FastifyRequest): Promise<RenderedPage> {
    const origin = originOf(req)
    const nonce = randomBytes(16).toString('base64')
    const setCookies: string[] = []
    const response = await handle(webRequest(req, origin), { nonce, origin, api: visitorApi(app, req, setCookies) })
    const headers: RenderedPage['headers'] = {}
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') headers[name] = value
    }
    const cookies = [...response.headers.getSetCookie(), ...setCookies]
    if (cookies.length) headers['set-cookie'] = cookies
    if (options.contentSecurityPolicy) {
      headers['content-security-policy'] = options.contentSecurityPolicy.replace(
        "script-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
      )
    }
    // the page may hold the visitor's own data: never stored by shared caches, asked for again each time
    headers['cache-control'] = 'private, no-cache'
    headers.vary = 'accept-encoding, cookie'
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) }
  }

  /**
   * A signed-out visitor's GET (no better-auth cookie: the page cannot hold anyone's own data) of a page that renders
   * the same for everyone: served from `app.pageCache` when there, kept there otherwise. A cached page keeps its
   * nonce for the cache's few seconds; the page holds no text a visitor could have put there unescaped (decision 015).
   */
  async function renderOrReuse(req: FastifyRequest): Promise<CachedRender> {
    const cache = app.pageCache
    const cacheable = req.method === 'GET' && !(req.headers.cookie ?? '').includes('better-auth')
    if (!cacheable) return render(req)
    // the page's URLs hold its origin: without PUBLIC_URL a request naming another Host must not get (or leave) a page
    // with that host in it for the next visitor
    const key = `${originOf(req)}${req.url}`
    const hit = cache.get(key)
    if (hit) return hit
    const since = cache.version
    const page = await render(req)
    if ((page.status === 200 || page.status === 404) && !page.headers['set-cookie']) cache.set(key, page, since)
    return page
  }

  return {
    render,
    async send(req, reply) {
      const page = await renderOrReuse(req)
      const { status, headers, body } = page
      reply.code(status).headers(headers)
      if (req.method === 'HEAD' || body.length === 0) return reply.send(req.method === 'HEAD' ? undefined : body)
      const accepts = String(req.headers['accept-encoding'] ?? '')
      if (/\bbr\b/.test(accepts)) {
        page.br ??= await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        return reply.header('content-encoding', 'br').send(page.br)
      }
      if (/\bgzip\b/.test(accepts)) {
        page.gzip ??= await gz(body, { level: 6 })
        return reply.header('content-encoding', 'gzip').send(page.gzip)
      }
      return reply.send(body)
    },
  }
}
