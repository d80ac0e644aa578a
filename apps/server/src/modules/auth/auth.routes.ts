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
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import type { Limiter } from '../../plugins/rate-limit.ts'
import { CLIENT_IP_HEADER } from './auth.ts'

/** Body checks of ours in front of better-auth's: the spec's messages and the sign-up password rule. */
const bodyRules: Record<string, z.ZodType> = {
  '/sign-up/email': signupSchema.pick({ name: true, email: true, password: true }),
  '/sign-in/email': loginSchema,
  '/request-password-reset': forgotPasswordSchema,
  '/reset-password': z.object({
    newPassword: strongPasswordSchema,
    token: z.string().min(1, messages.auth.resetInvalid),
  }),
  '/update-user': updateUserBodySchema,
}

/** Answers of better-auth that carry the session token in their JSON as well as in the cookie. */
const HIDE_SESSION_TOKEN = new Set(['/get-session', '/sign-in/email', '/sign-up/email'])

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

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    async preHandler(req, reply) {
      const path = subPath(req)
      const rule = bodyRules[path]
      if (rule && req.method === 'POST') {
        const parsed = rule.safeParse(req.body ?? {})
        if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Invalid request')
      }
      for (const limit of limiters.get(path) ?? []) await limit(req, reply)
    },
    async handler(req, reply) {
      const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`)
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
      if (HIDE_SESSION_TOKEN.has(subPath(req)) && text.startsWith('{')) {
        // the session token lives in an httpOnly cookie: page scripts never get to read it
        const body = JSON.parse(text) as { token?: unknown; session?: { token?: string } }
        delete body.token
        if (body.session) delete body.session.token
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(body))
      }
      return reply.send(text)
    },
  })
}

function subPath(req: FastifyRequest): string {
  const path = (req.url.split('?')[0] ?? '').replace(/^\/api\/auth/, '')
  return path.replace(/\/+$/, '') || '/'
}

function accountOf(req: FastifyRequest): string {
  const body = req.body as { email?: unknown; token?: unknown } | undefined
  if (typeof body?.email === 'string') return body.email.trim().toLowerCase()
  if (typeof body?.token === 'string') return `token:${body.token.slice(0, 64)}`
  return `ip:${req.ip}`
}
