import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * Spellings of one path that a lenient parser (WHATWG `new URL`, a proxy, a router that decodes) may take for the
 * plain path. `app.inject` normalises the path before the app sees it, so these go over a real socket, as sent.
 */
export interface AliasForm {
  name: string
  /** The alias of `path` (a plain `/api/...` path with no query), e.g. `/api/auth/./sign-in/email`. */
  make(path: string): string
}

const segments = (path: string) => path.split('/').slice(1)
const join = (parts: string[]) => `/${parts.join('/')}`
/** Applies `edit` to the last segment (or to the segment `at` counts to, from the end). */
const atSegment = (path: string, edit: (s: string) => string, at = 0) => {
  const parts = segments(path)
  const i = Math.max(0, parts.length - 1 - (at % parts.length))
  parts[i] = edit(parts[i]!)
  return join(parts)
}
/** Inserts `extra` before the last segment (after `/api` at least). */
const insertBeforeLast = (path: string, extra: string) => {
  const parts = segments(path)
  parts.splice(Math.max(1, parts.length - 1), 0, extra)
  return join(parts)
}
const firstLetter = /[a-z]/
const encodeFirstLetter = (s: string) => s.replace(firstLetter, (c) => `%${c.charCodeAt(0).toString(16)}`)

export const ALIAS_FORMS: readonly AliasForm[] = [
  { name: 'dot segment', make: (p) => insertBeforeLast(p, '.') },
  { name: 'leading dot segment', make: (p) => `/.${p}` },
  { name: 'parent segment', make: (p) => insertBeforeLast(p, 'x/..') },
  { name: 'parent segment above /api', make: (p) => `/x/..${p}` },
  { name: 'encoded dot segment', make: (p) => insertBeforeLast(p, '%2e') },
  { name: 'encoded parent segment', make: (p) => insertBeforeLast(p, 'x/%2E%2e') },
  { name: 'half-encoded parent segment', make: (p) => insertBeforeLast(p, 'x/.%2e') },
  { name: 'doubled slash', make: (p) => insertBeforeLast(p, '') },
  { name: 'leading doubled slash', make: (p) => `/${p}` },
  { name: 'trailing slash', make: (p) => `${p}/` },
  { name: 'two trailing slashes', make: (p) => `${p}//` },
  { name: 'backslash', make: (p) => p.replace(/\/(?=[^/]*$)/, '\\') },
  { name: 'encoded slash', make: (p) => p.replace(/\/(?=[^/]*$)/, '%2F') },
  { name: 'encoded backslash', make: (p) => p.replace(/\/(?=[^/]*$)/, '%5C') },
  { name: 'upper-case /API', make: (p) => p.replace(/^\/api/, '/API') },
  { name: 'capitalised segment', make: (p) => atSegment(p, (s) => s.charAt(0).toUpperCase() + s.slice(1)) },
  { name: 'upper-case last segment', make: (p) => atSegment(p, (s) => s.toUpperCase()) },
  { name: 'upper-case path', make: (p) => p.toUpperCase() },
  { name: 'percent-encoded letter', make: (p) => atSegment(p, encodeFirstLetter) },
  { name: 'percent-encoded letter in /api', make: (p) => p.replace(/^\/api/, '/%61pi') },
  {
    name: 'percent-encoded letter, upper-case hex',
    make: (p) => atSegment(p, (s) => s.replace(/[a-o]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)),
  },
  {
    name: 'percent-encoded hyphen or digit',
    make: (p) => atSegment(p, (s) => s.replace(/[-0-9]/, (c) => `%${c.charCodeAt(0).toString(16)}`)),
  },
  { name: '; parameter', make: (p) => `${p};x=1` },
  { name: '; parameter mid-path', make: (p) => atSegment(p, (s) => `${s};jsessionid=1`, 1) },
  { name: 'empty ; parameter', make: (p) => `${p};` },
  { name: 'fragment', make: (p) => `${p}#x` },
  { name: 'absolute-form target', make: (p) => `http://localhost${p}` },
  { name: 'absolute-form target with a dot segment', make: (p) => `http://localhost${insertBeforeLast(p, '.')}` },
]

export interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: a JSON body of any shape, like light-my-request's json()
  json(): any
}

export interface RawRequest {
  method?: string
  /** The request target exactly as written on the request line. */
  path: string
  headers?: Record<string, string>
  /** A JSON body (content-type set), or text with the content-type given in headers. */
  payload?: unknown
  /** The client's address: any 127.x.y.z (Linux answers them all on loopback), so per-IP limits stay apart. */
  from?: string
}

/** Starts the app on a loopback port (once) and returns a client that sends request targets verbatim. */
export async function rawClient(app: FastifyInstance): Promise<(req: RawRequest) => Promise<RawAnswer>> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return (req) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...req.headers }
      let data: string | undefined
      if (req.payload !== undefined) {
        data = typeof req.payload === 'string' ? req.payload : JSON.stringify(req.payload)
        headers['content-type'] ??= 'application/json'
      }
      const r = http.request(
        {
          host: '127.0.0.1',
          port,
          method: req.method ?? 'GET',
          path: req.path,
          headers,
          agent: false,
          ...(req.from ? { localAddress: req.from } : {}),
        },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => {
            body += c
          })
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }),
          )
        },
      )
      r.on('error', reject)
      if (data !== undefined) r.write(data)
      r.end()
    })
}

/** Whether an answer is the refusal of an alias: 400 or 404 in our `{ statusCode, error, message }` shape. */
export function isRefusal(res: RawAnswer): boolean {
  if (res.status !== 400 && res.status !== 404) return false
  if (!String(res.headers['content-type']).startsWith('application/json')) return false
  const body = res.json()
  return body.statusCode === res.status && typeof body.error === 'string' && typeof body.message === 'string'
}

/** A distinct loopback address per call, so that the per-IP limits of one test do not pool with another's. */
let nextHost = 10
export const someLoopback = () => {
  nextHost += 1
  return `127.0.${Math.floor(nextHost / 250) % 250}.${(nextHost % 250) + 1}`
}
