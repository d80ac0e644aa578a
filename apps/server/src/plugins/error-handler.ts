import { STATUS_CODES } from 'node:http'
import { messages } from '@preloved/shared/messages'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import Stripe from 'stripe'
import { AppError, pgErrorCode } from '../lib/errors.ts'

export function errorBody(statusCode: number, message: string, code?: string, field?: string) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code ? { code } : {}),
    ...(field ? { field } : {}),
  }
}

const ZOD_GENERIC = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)/

/**
 * The first problem of a request that failed its schema, and the field it is about (its path, dotted: the body's
 * "address.postcode", the query's "limit"). Our messages name their field ("limit must be …"); zod's generic ones get
 * the field put in front.
 */
function validationProblem(err: FastifyError): { message: string; field?: string } {
  if (!hasZodFastifySchemaValidationErrors(err)) return { message: err.message }
  const first = err.validation[0]
  if (!first) return { message: messages.common.invalidRequest }
  const field = String(first.instancePath ?? '')
    .replace(/^\//, '')
    .replaceAll('/', '.')
  const place = err.validationContext === 'body' ? 'body' : err.validationContext
  const message = first.message ?? 'is invalid'
  if (!field) return { message: `${place}: ${message}` }
  // our schemas carry our own messages ('Name is required'); zod's generic ones need the field named
  return { message: ZOD_GENERIC.test(message) ? `${field}: ${message}` : message, field }
}

const DB_DOWN_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/

/** invalid byte sequence, untranslatable character */
const BAD_TEXT_CODES = new Set(['22021', '22P05'])

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
])

/**
 * Whether an error means the database could not be reached. drizzle wraps driver errors ("Failed query: …" with
 * the pg error as `cause`), and a refused connection may be an AggregateError of one per address: all are searched.
 */
export function isDatabaseDown(err: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [err]
  while (queue.length > 0) {
    const e = queue.shift()
    if (!e || typeof e !== 'object' || seen.has(e)) continue
    seen.add(e)
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true
    const message = String((e as Error).message ?? '')
    // drizzle's own message quotes the query's parameters (user input): only the driver's messages are read
    if (!message.startsWith('Failed query:') && DB_DOWN_MESSAGE.test(message)) return true
    queue.push((e as { cause?: unknown }).cause)
    const inner = (e as { errors?: unknown }).errors
    if (Array.isArray(inner)) queue.push(...inner)
  }
  return false
}

/** Stripe's errors that mean no answer came (the network, a timeout, Stripe's own 5xx or rate limit). */
const STRIPE_UNREACHABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError'])

/** The only place that writes error bodies: `{ statusCode, error, message }`, never a stack trace. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      // our own 5xx answers (storage full or not writable…) still need the cause in the log
      if (err.statusCode >= 500) req.log.error({ err: err.cause ?? err }, err.message)
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code, err.field))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const problem = validationProblem(err)
      return reply.code(400).send(errorBody(400, problem.message, undefined, problem.field))
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema')
      return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'))
    }
    // text PostgreSQL cannot store (a NUL, a broken encoding) that got past the input guard: the client's input
    if (BAD_TEXT_CODES.has(pgErrorCode(err) ?? '')) {
      return reply.code(400).send(errorBody(400, 'The request contains text that cannot be stored.'))
    }
    // a Stripe call no module turned into an answer of its own: Stripe is the gateway that failed (decision 031)
    if (err instanceof Stripe.errors.StripeError) {
      const unreachable = STRIPE_UNREACHABLE.has(err.type)
      req.log.warn(
        { stripe: { type: err.type, code: err.code, statusCode: err.statusCode, requestId: err.requestId } },
        `Stripe call failed: ${err.message}`,
      )
      const message = unreachable ? messages.payments.stripeUnreachable : messages.payments.stripeRefused
      return reply.code(502).send(errorBody(502, message))
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unavailable')
      reply.header('retry-after', '5')
      return reply.code(503).send(errorBody(503, 'The database is unavailable right now. Please try again shortly.'))
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    if (status >= 400 && status < 500) {
      // fastify's own client errors (bad JSON, too large, wrong content type): their messages are safe
      return reply.code(status).send(errorBody(status, err.message))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'))
  })
})
