import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const etagOf = (body: string): string => `W/"${createHash('sha1').update(body).digest('base64url')}"`

/** Weak ETags on successful GET answers of the API, and 304 when the client already has them. */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    // a cached answer carries the ETag computed when it was cached
    let etag = reply.getHeader('etag') as string | undefined
    if (!etag) {
      etag = etagOf(payload)
      reply.header('etag', etag)
    }
    const match = req.headers['if-none-match']
    if (match?.split(',').some((t) => t.trim() === etag)) {
      reply.code(304)
      return ''
    }
    return payload
  })
})
