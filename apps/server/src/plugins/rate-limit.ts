import rateLimit from '@fastify/rate-limit'
import { messages } from '@preloved/shared/messages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { AppError } from '../lib/errors.ts'

export type Limiter = (req: FastifyRequest, reply: FastifyReply) => Promise<void>

export interface LimiterOptions {
  /** Requests allowed per window (multiplied by RATE_LIMIT_FACTOR). */
  max: number
  windowMs: number
  /** What is counted: an IP, an account, or both in one key (read from the database if need be). */
  key: (req: FastifyRequest) => string | Promise<string>
  /** The 429's message, given the wait ("12 minutes") and the limit in force; "Too many attempts…" by default. */
  message?: (wait: string, max: number) => string
}

/** How long a 429 asks to wait, in words: 'a second', '40 seconds', '12 minutes'. */
export function waitWords(seconds: number): string {
  if (seconds <= 1) return 'a second'
  if (seconds < 120) return `${seconds} seconds`
  return `${Math.ceil(seconds / 60)} minutes`
}

/** A wait in words: "a second", "40 seconds", "12 minutes" (rounded up). */

declare module 'fastify' {
  interface FastifyInstance {
    /** A check to await in a preHandler; throws 429 in our error shape, with Retry-After. Several may guard one route. */
    limiter(opts: LimiterOptions): Limiter
  }
}

/**
 * @fastify/rate-limit, opt-in per route (`app.rateLimit({...})` or `config.rateLimit`). Counters live in Redis when
 * REDIS_URL is set, so every instance shares them; otherwise in this process. 429s use our error shape.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})))
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'preloved-rl-' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: messages.auth.tooManyAttempts.replace('a minute', context.after),
    }),
  })

  const factor = app.config.RATE_LIMIT_FACTOR
  app.decorate('limiter', (opts: LimiterOptions): Limiter => {
    const max = Math.max(1, Math.ceil(opts.max * factor))
    const check = app.createRateLimit({ max, timeWindow: opts.windowMs, keyGenerator: opts.key })
    return async (req, reply) => {
      const result = await check(req)
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds))
        const wait = result.ttlInSeconds <= 1 ? 'a second' : `${result.ttlInSeconds} seconds`
        if (opts.message) throw new AppError(429, opts.message(waitWords(result.ttlInSeconds), max))
        throw new AppError(429, messages.auth.tooManyAttempts.replace('a minute', wait))
      }
    }
  })
})
