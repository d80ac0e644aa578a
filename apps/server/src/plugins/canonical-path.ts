import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/errors.ts'

const API = /^\/api(\/|$)/
/** RFC 3986 pchar without ';': unreserved, sub-delims but ';', ':', '@', and percent-escapes. */
const PCHAR = /^(?:[A-Za-z0-9\-._~!$&'()*+,=:@]|%[0-9A-Fa-f]{2})*$/
/** Characters a percent-escape may not stand for in an /api path: the unreserved ones, and both slashes. */
const NEEDLESSLY_ENCODED = /[A-Za-z0-9\-._~/\\]/
/** `scheme://authority` of an absolute-form request target (`POST http://host/api/... HTTP/1.1`). */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:(\/\/[^/?#]*)?/

const REASONS = {
  absolute: 'an absolute URL as the request target (send the path only)',
  slashes: 'doubled or trailing slashes',
  dots: 'dot segments (/./ or /../)',
  semicolon: "a ';' parameter",
  encoded: 'a percent-encoded letter, digit, "-", ".", "_", "~", "/" or "\\"',
  character: 'a character that must be percent-encoded (such as "\\", "#" or a space)',
  lowerCase: '/api not in lower-case',
} as const

export const pathRefusal = (reason: string) =>
  `Refused path: ${reason}. Paths under /api are matched exactly as sent, so they must be sent in their plain form.`

/** Why an /api path is not in its one plain spelling, or undefined when it is. */
export function nonCanonicalReason(path: string): string | undefined {
  if (!path.startsWith('/')) return REASONS.absolute
  for (const segment of path.split('/').slice(1)) {
    if (segment === '') return REASONS.slashes
    if (segment === '.' || segment === '..') return REASONS.dots
    if (segment.includes(';')) return REASONS.semicolon
    if (!PCHAR.test(segment)) return REASONS.character
    for (const [, hex] of segment.matchAll(/%([0-9A-Fa-f]{2})/g)) {
      if (NEEDLESSLY_ENCODED.test(String.fromCharCode(Number.parseInt(hex!, 16)))) return REASONS.encoded
    }
  }
  if (!API.test(path)) return REASONS.lowerCase
  // what is left is stable under WHATWG parsing (what better-auth's `new URL()` does); checked all the same
  if (new URL(path, 'http://localhost').pathname !== path) return REASONS.character
  return undefined
}

/**
 * Whether a lenient reading of a path, as a router or URL parser downstream may make it (escapes of unreserved
 * characters decoded, backslashes as slashes, no ';' parameters, doubled slashes and dot segments resolved, any
 * case), is under /api: such a request is held to the plain form even where our router would not have matched it,
 * so that no spelling of an /api path reaches anything but a refusal. An encoded slash stays a character of its
 * segment (`/product/..%2F..%2Fapi` is a page's id), as it does for the router.
 */
export function looksLikeApi(path: string): boolean {
  // every page and asset request passes here: only an escape can make the letters of "api" where the text has none
  if (!path.includes('%') && !/api/i.test(path)) return false
  let p = path.replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(c) ? c : escaped
  })
  p = p
    .replaceAll('\\', '/')
    .replace(/[?#].*$/s, '')
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/')
    .toLowerCase()
  if (!p.startsWith('/')) p = `/${p}`
  try {
    p = new URL(p, 'http://localhost').pathname
  } catch {
    // not parseable: judged on the text as it is
  }
  return API.test(p)
}

/**
 * One spelling per /api path. Rules are keyed on paths (the sign-in limit, the password policy, the hidden session
 * token), while routers and URL parsers downstream accept aliases: `/api/auth/./sign-in/email`, `%2e`, `%69`,
 * `\`, `;x`, `//`, a trailing `/`, `#x`, `http://host/api/...`. Each would be a way around the rule keyed on the
 * plain path, so every /api request whose raw target is not in its plain form is refused with 400 before any rule
 * or handler runs. Percent-encoding that is needed (`%40` in an email, `%2B`, `%20`, UTF-8) stays allowed.
 * Pages and uploads are not /api paths and are left alone.
 */
export const canonicalPathPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const target = req.raw.url ?? req.url
    const queryAt = target.search(/[?]/)
    const beforeQuery = queryAt === -1 ? target : target.slice(0, queryAt)
    const absolute = ABSOLUTE_FORM.exec(beforeQuery)
    const path = absolute ? beforeQuery.slice(absolute[0].length) : beforeQuery
    const routeUrl = req.routeOptions.url
    if (!(routeUrl !== undefined && API.test(routeUrl)) && !looksLikeApi(path)) return
    const reason = absolute ? REASONS.absolute : nonCanonicalReason(path)
    if (reason) throw new AppError(400, pathRefusal(reason))
  })
})
