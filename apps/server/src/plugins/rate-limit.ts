import rateLimit from '@fastify/rate-limit'
import { messages } from '@preloved/shared/messages'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

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
      message: `${messages.auth.tooManyAttempts.replace('a minute', context.after)}`,
    }),
  })
})
