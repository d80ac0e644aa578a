import { createHash } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type {} from '@fastify/rate-limit'
import {
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  strongPasswordSchema,
  updateUserBodySchema,
} from '@preloved/shared/auth'
import { messages } from '@preloved/shared/messages'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { accounts } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { pathRefusal } from '../../plugins/canonical-path.ts'
import type { Limiter } from '../../plugins/rate-limit.ts'
import { CLIENT_IP_HEADER } from './auth.ts'

/** Body checks of ours in front of better-auth's: the original messages and the sign-up password rule. */
const bodyRules: Record<string, z.ZodType> = {
  '/sign-up/email': signupSchema.pick({ name: true, email: true, password: true }),
  '/sign-in/email': loginSchema,
  '/request-password-reset': forgotPasswordSchema,
  '/reset-password': z.object({
    newPassword: strongPasswordSchema,
    token: z.string().min(1, messages.auth.resetInvalid),
  }),
  '/update-user': updateUserBodySchema,
  // the sign-up rule for the new password too; its messages name the field (the body holds two passwords)
  '/change-password': z.object({
    newPassword: strongPasswordSchema,
    currentPassword: z
      .string({ error: 'currentPassword is required' })
      .min(1, 'currentPassword is required')
      .max(128, 'currentPassword must be at most 128 characters'),
    revokeOtherSessions: z.boolean({ error: 'revokeOtherSessions must be true or false' }).optional(),
  }),
}

/** Rules whose messages get the field's name in front ("newPassword: Password must have …"). */
const NAMED_FIELDS: Record<string, Set<string>> = { '/change-password': new Set(['newPassword']) }

/**
 * Tries of the current password per account (decision 031): per account, not per address, so that a stolen session
 * cannot guess the password from many addresses. Every try counts, against the password the account has now: the
 * key holds a fingerprint of its stored hash, so a successful change starts a fresh count for the new password.
 */
const PASSWORD_CHECKS = { max: 5, windowMs: 15 * 60_000 }

/**
 * Session and provider tokens live in httpOnly cookies (and our own /api/jwt): page scripts never get to read them.
 * better-auth puts them in the JSON of several answers as well (`token`, `session.token`, the sessions of
 * list-sessions, change-password's new session, get-access-token's provider tokens), so these keys are taken out of
 * every JSON answer at any depth, except on the paths listed here. None needs one: the web app reads `user` only.
 */
const SECRET_KEYS = new Set(['token', 'accessToken', 'refreshToken', 'idToken'])
const MAY_CARRY_TOKENS = new Set<string>([])

/** Paths limited per IP and per account (the email in the body), with their allowance per minute. */
const limited: Record<string, { perIp: number; perAccount: number }> = {
  '/sign-in/email': { perIp: 30, perAccount: 8 },
  '/sign-up/email': { perIp: 10, perAccount: 3 },
  '/request-password-reset': { perIp: 10, perAccount: 3 },
  '/reset-password': { perIp: 10, perAccount: 10 },
}

/**
 * better-auth's endpoints under /api/auth/*: our rate limits and body rules first, then its handler with a Web
 * Request; its `{ code, message }` errors come back in our `{ statusCode, error, message }` shape.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // OAuth providers may post their answer as a form (response_mode=form_post): keep it as text for better-auth
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body)
  })

  const limiters = new Map<string, Limiter[]>()
  for (const [path, rule] of Object.entries(limited)) {
    limiters.set(path, [
      app.limiter({ max: rule.perIp, windowMs: 60_000, key: (req) => `auth-ip:${path}:${req.ip}` }),
      app.limiter({ max: rule.perAccount, windowMs: 60_000, key: (req) => `auth-account:${path}:${accountOf(req)}` }),
    ])
  }
  limiters.set('/change-password', [
    app.limiter({
      ...PASSWORD_CHECKS,
      key: async (req) => `auth-password-check:${await passwordKeyOf(app, req)}`,
      message: messages.auth.tooManyPasswordChecks,
    }),
  ])

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    async preHandler(req, reply) {
      const path = ruleKey(req)
      const rule = bodyRules[path]
      if (rule && req.method === 'POST') {
        const parsed = rule.safeParse(req.body ?? {})
        if (!parsed.success) {
          const issue = parsed.error.issues[0]
          const field = String(issue?.path[0] ?? '')
          const message = issue?.message ?? messages.common.invalidRequest
          throw new AppError(400, NAMED_FIELDS[path]?.has(field) ? `${field}: ${message}` : message)
        }
      }
      for (const limit of limiters.get(path) ?? []) await limit(req, reply)
    },
    async handler(req, reply) {
      // better-auth gets the very path the rules above were chosen on (canonical-path refused any other spelling)
      const { path, query } = splitTarget(req)
      const host = `http://${req.headers.host ?? 'localhost'}`
      const url = new URL(`${path}${query}`, URL.canParse(host) ? host : 'http://localhost')
      if (url.pathname !== path) throw new AppError(400, pathRefusal('a path that URL parsing rewrites'))
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      }
      headers.set(CLIENT_IP_HEADER, req.ip)
      let body: string | undefined
      if (req.method === 'POST') {
        body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? {})
        if (typeof req.body !== 'string') headers.set('content-type', 'application/json')
        headers.delete('content-length')
      }
      const response = await app.auth.handler(new Request(url, { method: req.method, headers, body }))
      // better-auth answers a failed query with a bare 500: when the database is unreachable, the ping's error
      // goes to the error handler, which answers 503 like every other route
      if (response.status >= 500) await app.database.ping()
      reply.code(response.status)
      for (const [name, value] of response.headers) {
        if (name === 'set-cookie' || name === 'content-length') continue
        reply.header(name, value)
      }
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      reply.header('cache-control', 'no-store')
      const text = await response.text()
      if (response.status >= 400) {
        let parsed: { code?: string; message?: string } = {}
        try {
          parsed = JSON.parse(text)
        } catch {
          // not JSON: keep the status text
        }
        return reply.type('application/json; charset=utf-8').send({
          statusCode: response.status,
          error: STATUS_CODES[response.status] ?? 'Error',
          message: parsed.message || STATUS_CODES[response.status] || 'Error',
          ...(parsed.code ? { code: parsed.code } : {}),
        })
      }
      if (!MAY_CARRY_TOKENS.has(ruleKey(req)) && /^\s*[[{]/.test(text)) {
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          return reply.send(text)
        }
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(withoutSecrets(body)))
      }
      return reply.send(text)
    },
  })
}

/** The path (as sent: canonical-path let only the plain spelling through) and the query of the request. */
function splitTarget(req: FastifyRequest): { path: string; query: string } {
  const at = req.url.indexOf('?')
  return at === -1 ? { path: req.url, query: '' } : { path: req.url.slice(0, at), query: req.url.slice(at) }
}

/**
 * What the rules are keyed on: the path after /api/auth, in lower case, so that no spelling better-auth might
 * match (its router is case-sensitive today) escapes a limit. Reset links keep their token's case in the path
 * itself; only the key is lower-cased.
 */
function ruleKey(req: FastifyRequest): string {
  return (
    splitTarget(req)
      .path.replace(/^\/api\/auth(?=\/|$)/, '')
      .toLowerCase() || '/'
  )
}

/** A copy of a JSON value without the SECRET_KEYS anywhere in it. */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1))
  if (!value || typeof value !== 'object' || depth > 16) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !SECRET_KEYS.has(k))
      .map(([k, v]) => [k, withoutSecrets(v, depth + 1)]),
  )
}

function accountOf(req: FastifyRequest): string {
  const body = req.body as { email?: unknown; token?: unknown } | undefined
  if (typeof body?.email === 'string') return body.email.trim().toLowerCase()
  if (typeof body?.token === 'string') return `token:${body.token.slice(0, 64)}`
  return `ip:${req.ip}`
}

/**
 * Whose password a change-password request tries, and which one: the signed-in account and a fingerprint of its
 * stored password hash. Without a session better-auth refuses the request itself (401); it is counted per address.
 */
async function passwordKeyOf(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const user = await app.resolveUser(req).catch(() => undefined)
  if (!user) return `ip:${req.ip}`
  const [account] = await app.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
  const hash = createHash('sha256')
    .update(account?.password ?? '')
    .digest('base64url')
    .slice(0, 16)
  return `${user.id}:${hash}`
}
