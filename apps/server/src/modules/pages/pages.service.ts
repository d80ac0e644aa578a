import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { LISTING_CARD_SIZES, PRODUCT_PAGE_SIZES, photoSrcSet } from '@preloved/shared/images'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

// The HTML of the web app's pages (docs/decisions/011). Every page is the same index.html, plus what depends on the
// page asked for:
// - <link rel="modulepreload"> for the lazy chunks that page needs (the build lists them in page-preloads.json), so
//   the browser fetches them alongside the main bundle instead of after it;
// - the answers to the GET calls the page makes on its first load (the session, the listings, the booking...), run
//   here through the API itself with the visitor's own cookie and written into the page as JSON, so the first screen
//   needs no second round trip. The web app's API client takes them once (apps/web/src/lib/preloaded.ts);
// - <link rel="preload"> for its lead photo, when one of those answers holds it.

type Params = Readonly<Record<string, string>>

interface PageData {
  /** The page's first-load GET calls (paths under /api), given its route parameters and the signed-in user's email. */
  calls: (params: Params, email: string | undefined) => string[]
  /**
   * The page's largest photo at first sight (its LCP) is in the answer to its first call (the first item of a list),
   * shown with these `sizes`: preloaded from the HTML, it downloads alongside the app instead of after it.
   */
  leadPhotoSizes?: string
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
const mine = (list: 'bookings' | 'wishlists', email: string | undefined) =>
  email ? [`/${list}?${query({ email })}`] : []

// Route patterns as the web app's router writes them. A call the page does not make is only wasted work here; a call
// it makes that is missing here goes to the network as before.
const PAGES: Readonly<Record<string, PageData>> = {
  '/': { calls: () => ['/categories', `/categoryDetails?${query({ advertised: 'true', limit: '8' })}`] },
  '/categories': { calls: () => ['/categories'] },
  '/category/:id': {
    calls: ({ id }, email) => [`/categoryDetails/${id}`, '/categories', ...mine('bookings', email)],
    leadPhotoSizes: LISTING_CARD_SIZES,
  },
  '/product/:id': {
    calls: ({ id }, email) => [`/products/${id}`, ...mine('bookings', email)],
    leadPhotoSizes: PRODUCT_PAGE_SIZES,
  },
  '/dashboard/myOrders': { calls: (_, email) => mine('bookings', email) },
  '/dashboard/wishlist': { calls: (_, email) => mine('wishlists', email) },
  '/dashboard/payment/:id': { calls: ({ id }) => [`/bookings/${id}`, '/config'] },
}

/** Every dashboard page's side menu asks the server for the user's roles (SPEC §6). */
const dashboardCalls = (email: string) => [
  `/users/admin/${encodeURIComponent(email)}`,
  `/users/seller/${encodeURIComponent(email)}`,
]

/** The page's answers are not worth a slow first byte: past this, the page goes out without them. */
const ANSWERS_BUDGET_MS = 1500

interface Route {
  pattern: string
  regex: RegExp
  names: string[]
}

function compile(pattern: string): Route {
  const names: string[] = []
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(segment.slice(1))
      return '([^/]+)'
    })
    .join('/')
  return { pattern, regex: new RegExp(`^${source}/?$`), names }
}

/** The route a pathname matches, with its parameters decoded and encoded again for use in an API path. */
function match(routes: readonly Route[], pathname: string) {
  for (const route of routes) {
    const found = route.regex.exec(pathname)
    if (!found) continue
    const params: Record<string, string> = {}
    try {
      route.names.forEach((name, i) => {
        params[name] = encodeURIComponent(decodeURIComponent(found[i + 1] ?? ''))
      })
    } catch {
      return undefined // a malformed escape: the page shows its own error; nothing to prepare
    }
    return { pattern: route.pattern, params }
  }
  return undefined
}

/** JSON inside <script>: no `<` at all, so neither `</script>` nor `<!--` can end or change the element. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c')

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export interface PageRenderer {
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
}

/** Reads dist/index.html and dist/page-preloads.json once; undefined when the web app is not built. */
export function createPageRenderer(app: FastifyInstance, dist: string): PageRenderer | undefined {
  const indexFile = path.join(dist, 'index.html')
  if (!existsSync(indexFile)) return undefined
  const html = readFileSync(indexFile, 'utf8')
  const preloadsFile = path.join(dist, 'page-preloads.json')
  const preloads: Record<string, string[]> = existsSync(preloadsFile)
    ? JSON.parse(readFileSync(preloadsFile, 'utf8'))
    : {}
  const preloadRoutes = Object.keys(preloads).map(compile)
  const pageRoutes = Object.keys(PAGES).map(compile)

  /** GET /api{path} as the visitor: their cookie, their address (rate limits count them, not us). */
  async function answer(req: FastifyRequest, apiPath: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api${apiPath}`,
      headers: { accept: 'application/json', ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}) },
      remoteAddress: req.ip,
    })
    const json = res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('application/json')
    return { body: json ? res.body : undefined, setCookie: res.headers['set-cookie'] }
  }

  interface Answers {
    /** JSON text by API path. */
    found: Map<string, string>
    /** The session's Set-Cookie (a renewed session), for the page's response. */
    setCookie: string | string[] | undefined
    /** The lead photo's path and sizes, when the page has one. */
    leadPhoto?: { call: string; sizes: string }
  }

  const noAnswers = (): Answers => ({ found: new Map(), setCookie: undefined })

  async function answers(req: FastifyRequest, pathname: string): Promise<Answers> {
    const found = new Map<string, string>()
    const add = (apiPath: string, body: string | undefined) => {
      if (body !== undefined) found.set(apiPath, body)
    }
    let email: string | undefined
    let setCookie: Answers['setCookie']
    if (req.headers.cookie?.includes('better-auth')) {
      const session = await answer(req, '/auth/get-session')
      setCookie = session.setCookie
      add('/auth/get-session', session.body)
      if (session.body) {
        const user = (JSON.parse(session.body) as { user?: { email?: unknown } } | null)?.user
        email = typeof user?.email === 'string' ? user.email : undefined
      }
    } else {
      add('/auth/get-session', 'null') // what better-auth answers without a session cookie
    }
    const page = match(pageRoutes, pathname)
    const data = page ? PAGES[page.pattern] : undefined
    const pageCalls = page && data ? data.calls(page.params, email) : []
    const calls = [...pageCalls, ...(email && /^\/dashboard(\/|$)/.test(pathname) ? dashboardCalls(email) : [])]
    const results = await Promise.all(calls.map((call) => answer(req, call)))
    for (const [i, call] of calls.entries()) add(call, results[i]!.body)
    const leadPhoto =
      data?.leadPhotoSizes && pageCalls[0] ? { call: pageCalls[0], sizes: data.leadPhotoSizes } : undefined
    return { found, setCookie, leadPhoto }
  }

  async function answersWithin(req: FastifyRequest, pathname: string): Promise<Answers> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<Answers>((resolve) => {
      timer = setTimeout(() => resolve(noAnswers()), ANSWERS_BUDGET_MS)
    })
    try {
      return await Promise.race([answers(req, pathname), late])
    } catch (error) {
      req.log.warn({ err: error }, 'could not prepare the page answers; the page loads them itself')
      return noAnswers()
    } finally {
      clearTimeout(timer)
    }
  }

  /** <link rel="preload"> for the page's lead photo, with the srcset and sizes its <img> has. */
  function leadPhotoLink({ found, leadPhoto }: Answers): string {
    const body = leadPhoto && found.get(leadPhoto.call)
    if (!leadPhoto || !body) return ''
    const answer: unknown = JSON.parse(body)
    const photo = (Array.isArray(answer) ? answer[0] : answer) as { img?: unknown; thumb?: unknown } | undefined
    if (typeof photo?.img !== 'string' || typeof photo.thumb !== 'string') return ''
    return `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${attribute(photoSrcSet(photo.img, photo.thumb))}" imagesizes="${attribute(leadPhoto.sizes)}">`
  }

  return {
    async send(req, reply) {
      const pathname = req.url.split('?')[0] ?? '/'
      const files = match(preloadRoutes, pathname)
      const links = (files ? preloads[files.pattern]! : [])
        .map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`)
        .join('')
      const answered = req.method === 'GET' ? await answersWithin(req, pathname) : noAnswers()
      if (answered.setCookie) reply.header('set-cookie', answered.setCookie)
      const pairs = [...answered.found].map(([apiPath, body]) => `${JSON.stringify(apiPath)}:${body}`)
      const data = pairs.length
        ? `<script type="application/json" id="preloaded-answers">${scriptSafe(`{${pairs.join(',')}}`)}</script>`
        : ''
      const head = leadPhotoLink(answered) + links
      const page = html.replace('</head>', () => `${head}</head>`).replace('</body>', () => `${data}</body>`)

      // the page may hold the visitor's own data: never stored by shared caches, asked for again each time
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, cookie')
      reply.type('text/html; charset=utf-8')
      const accepts = String(req.headers['accept-encoding'] ?? '')
      if (/\bbr\b/.test(accepts)) {
        const body = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        return reply.header('content-encoding', 'br').send(body)
      }
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(page))
      return reply.send(page)
    },
  }
}
