import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../plugins/config.ts'
import { DEVICE_COOKIE, deviceIdOf, newDeviceId, recordSignal, signalHash } from './signals.ts'

const TWO_YEARS = 2 * 365 * 86_400
/** How many (account, signal, day) notes an instance remembers having written, so each is written once a day. */
const REMEMBERED = 20_000

/**
 * Addresses that say nothing about who is behind them: loopback, private networks, link-local and unique-local
 * (a proxy's own address when TRUST_PROXY is not set, a laptop's demo). Only the others are kept as signals.
 */
export function identifyingIp(ip: string | undefined): string | undefined {
  if (!ip) return undefined
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number]
    if (a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return
    if (a === 169 && b === 254) return
    return v4
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase()
    if (lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return
    return lower
  }
  return undefined
}

/**
 * The shop's first-party device cookie, set on page views that come without one, and the signals of
 * signed-in requests (the device and the identifying IP), each written once per account, value and day
 * (docs/decisions/029). Registered after the auth plugin, so that the caller of a signed-in route is known.
 */
export const signalsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const secure = (opts.config.PUBLIC_URL ?? '').startsWith('https://')
  const written = new Map<string, true>()
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/assets/') || req.url.startsWith('/api/stripe')) return
    const device = deviceIdOf(req.headers.cookie)
    // set where a browser arrives: a page view (every visit starts with one), never on an API answer
    const page =
      req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !req.url.startsWith('/api/')
    if (!device && page && !req.headers.authorization) {
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${newDeviceId()}; Path=/; Max-Age=${TWO_YEARS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      )
    }
    const user = req.user
    if (!user) return
    const at = app.now()
    const day = at.toISOString().slice(0, 10)
    const ip = identifyingIp(req.ip)
    const notes = [
      ...(device ? [{ kind: 'device' as const, hash: signalHash(opts.config.AUTH_SECRET, 'device', device) }] : []),
      ...(ip ? [{ kind: 'ip' as const, hash: signalHash(opts.config.AUTH_SECRET, 'ip', ip) }] : []),
    ]
    for (const note of notes) {
      const key = `${user.id}|${note.kind}|${note.hash}|${day}`
      if (written.has(key)) continue
      await recordSignal(app.db, user.id, note.kind, note.hash, at)
      if (written.size >= REMEMBERED) written.clear()
      written.set(key, true)
    }
  })
})
