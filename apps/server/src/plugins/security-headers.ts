import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import type { Config } from './config.ts'

/**
 * helmet's headers, computed once at start: they never differ between requests here (no CSP nonces), and
 * running helmet's middleware per request cost ~40 % of the throughput of a cached endpoint (decision 004).
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL' | 'STRIPE_SECRET_KEY'>): Record<string, string> {
  const tls = Boolean(config.PUBLIC_URL?.startsWith('https://'))
  // Stripe Elements: Stripe.js, its card iframe and its API, only when the Stripe provider is on (docs/product/checkout.md#processors)
  const stripe = config.STRIPE_SECRET_KEY ? ['https://js.stripe.com'] : []
  const headers: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  }
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(stripe.length ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe.length ? [...stripe, 'https://hooks.stripe.com'] : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // only behind TLS: on plain http it would send the browser to an https:// that does not exist
        ...(tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: tls ? { maxAge: 15552000, includeSubDomains: true } : false,
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const headers = securityHeaders(opts.config)
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
})
