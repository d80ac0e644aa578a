import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/errors.ts'

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).'

/** Whether a parsed value holds a string with a NUL character anywhere inside (keys included). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (!value || typeof value !== 'object' || depth > 32) return false
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1))
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || hasNul(v, depth + 1)) return true
  }
  return false
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a path param, query or JSON body would fail its query with a 500.
 * Refused up front for every route (better-auth's too), before any validation or handler sees it.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) throw new AppError(400, NUL_MESSAGE)
  })
})
