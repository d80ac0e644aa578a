import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIPv4, isIPv6 } from 'node:net'
import path from 'node:path'
import { FIRST_ORDER_DISCOUNT_MAX_DOLLARS } from '@preloved/shared/constants'
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/min'
import { z } from 'zod'

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url(`${name} must be a URL`).optional())
    .optional()

const countryCodes = (v: string) =>
  v
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
const unknownCountry = (v: string) => countryCodes(v).find((c) => !isSupportedCountry(c as CountryCode))

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be one of true/false/1/0/on/off' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || v === 'memory://' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be unset, memory:// or a postgres:// URL',
    })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  DEMO_DATA: flag.optional(),
  /**
   * Production mode by hand. It is also on when PUBLIC_URL names a host that is not local or HOST is not a loopback
   * address (PRODUCTION=0 turns these two off), and always when PUBLIC_URL is https:// on a host that is not local.
   */
  PRODUCTION: flag.optional(),
  /** Who reads the API reference (/api/docs): everyone, or admins only (the default in production mode). */
  API_DOCS: z.enum(['public', 'admin'], { error: 'must be public or admin' }).optional(),
  /** Which card processor: Stripe (the default when its keys are set) or the built-in test processor. */
  PAYMENTS: z.enum(['test', 'stripe'], { error: 'must be test or stripe' }).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Where stripe-node sends its API calls; unset → https://api.stripe.com (a local stand-in in tests). */
  STRIPE_API_URL: optionalUrl('STRIPE_API_URL'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: optionalUrl('OIDC_ISSUER'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Preloved Bags Co. <no-reply@preloved.local>'),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl('S3_PUBLIC_URL'),
  HOLD_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(1).max(10080).default(30),
  MAX_OPEN_HOLDS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1000).default(10),
  /** Days a seller has to ship a paid order (from when its delivery address is known) before it is cancelled and refunded. */
  SHIP_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(60).default(5),
  /** Days after shipping before an order completes without the buyer's confirmation. */
  AUTO_COMPLETE_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(60).default(3),
  /**
   * How often each instance applies the order deadlines that are due (ship-by, auto-completion, the seller's
   * reminder), in seconds; fractions for tests that start real processes (each sweep applies everything due).
   */
  ORDER_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.1, 'must be at least 0.1 seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(60),
  /** The shop's commission on the seller's price, in percent (stored on each order when it is paid). */
  COMMISSION_PERCENT: z.coerce.number({ error: 'must be a whole percentage' }).int().min(0).max(100).default(15),
  /**
   * The most the first-order discount is worth, in whole dollars; it is 15 % of the price and never more than the
   * order's commission either (docs/decisions/029).
   */
  FIRST_ORDER_DISCOUNT_MAX: z.coerce
    .number({ error: 'must be a whole number of dollars' })
    .int('must be a whole number of dollars')
    .min(0)
    .max(100_000)
    .default(FIRST_ORDER_DISCOUNT_MAX_DOLLARS),
  /**
   * Days after completion before the money of one of a seller's first NEW_SELLER_SALES completed sales may be paid
   * out (the new-seller reserve, docs/decisions/029); 0 turns it off.
   */
  NEW_SELLER_HOLD_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(0).max(90).default(7),
  /** The most a listing may ask for shipping, in whole dollars (docs/decisions/035). */
  MAX_SHIPPING: z.coerce.number({ error: 'must be a whole number of dollars' }).int().min(0).max(10_000).default(100),
  /** The lowest offer on a bag, in percent of its price. */
  MIN_OFFER_PERCENT: z.coerce.number({ error: 'must be a whole percentage' }).int().min(1).max(99).default(60),
  /** Hours an offer, or a counter-offer, stands before it expires. */
  OFFER_HOURS: z.coerce.number({ error: 'must be a whole number of hours' }).int().min(1).max(720).default(48),
  /** Hours an accepted offer holds the bag for its buyer at the agreed price. */
  OFFER_HOLD_HOURS: z.coerce.number({ error: 'must be a whole number of hours' }).int().min(1).max(720).default(24),
  /**
   * Where the shop's members live, as ISO country codes libphonenumber knows (comma-separated): a number in a message
   * that digits alone do not decide (after "serial", split by "then") is hidden when it is a possible phone number there.
   */
  SHOP_COUNTRIES: z
    .string()
    .default('US,GB')
    .refine((v) => countryCodes(v).length > 0 && unknownCountry(v) === undefined, {
      error: (issue) =>
        `must be a comma-separated list of country codes such as US,GB${
          typeof issue.input === 'string' && unknownCountry(issue.input)
            ? ` (${unknownCountry(issue.input)!.slice(0, 8)} is not one)`
            : ''
        }`,
    })
    .transform((v) => countryCodes(v) as CountryCode[]),
  /** Days after completion in which the buyer may review the seller. */
  REVIEW_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(365).default(14),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines; `json`: one JSON object per line; `auto`: pretty on a terminal outside production mode. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** How long a public listing page may be served from memory; other instances see writes within this time. */
  LIST_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(2000),
  /**
   * How long a signed-out visitor's rendered page may be served from memory (0 turns it off); a listing change in this
   * process empties it at once, other instances see it within this time.
   */
  PAGE_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(5000),
  /** URLs per sitemap file (the protocol's maximum by default; tests page with a few). */
  SITEMAP_PAGE_SIZE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50_000).default(50_000),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** New listings a verified seller may make in an hour (times RATE_LIMIT_FACTOR; decision 033). */
  LISTINGS_PER_HOUR_VERIFIED: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(60),
  /** New listings a seller who is not verified may make in an hour (times RATE_LIMIT_FACTOR; decision 033). */
  LISTINGS_PER_HOUR_UNVERIFIED: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  /**
   * How often each instance matches the listings put on sale since against the saved searches, in seconds (decision
   * 033): the longest a saved search waits to hear of a new bag, besides the matching itself.
   */
  SAVED_SEARCH_MATCH_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.1, 'must be at least 0.1 seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(10),
  WEB_DIST: z.string().optional(),
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to believe, so per-IP limits see the client. A number of
   * hops, a comma-separated list of addresses/CIDRs, or true (any: only when nothing else can reach the instances).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be true, false, a hop count or a list of addresses',
    )
    .transform((v): boolean | number | string[] =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v.split(/\s*,\s*/),
    )
    .optional(),
})

export type Env = z.infer<typeof envSchema>

export interface Config
  extends Omit<
    Env,
    'DEMO_DATA' | 'DATABASE_URL' | 'PUBLIC_URL' | 'AUTH_SECRET' | 'PRODUCTION' | 'PAYMENTS' | 'API_DOCS'
  > {
  DATABASE_URL: string | undefined
  /** Absolute origin for links; undefined means "http://localhost:PORT and http://127.0.0.1:PORT". */
  PUBLIC_URL: string | undefined
  DEMO_DATA: boolean
  /** Test cards through the built-in processor, or Stripe (then STRIPE_SECRET_KEY is set; with `test` it is not). */
  PAYMENTS: 'test' | 'stripe'
  /** Served to the public: demo data and test cards only when asked for by name (DEMO_DATA=on, PAYMENTS=test). */
  production: boolean
  /** /api/docs for everyone, or for admins only (signed out 401, others 403). */
  API_DOCS: 'public' | 'admin'
  AUTH_SECRET: string
  dataDir: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  )
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // first start: generate below
  }
  const secret = randomBytes(32).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/**
 * localhost, *.localhost, 127.x.x.x and ::1: a PUBLIC_URL there is someone's own machine. Nothing else is, `.test`
 * and `.local` names included: they may well be reached by others on a network.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1'
}

/** Whether listening on HOST stays on this machine: localhost, 127.x.x.x or ::1 (in any of its spellings). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  if (h === 'localhost') return true
  if (isIPv4(h)) return h.startsWith('127.')
  if (isIPv6(h)) return new URL(`http://[${h}]`).hostname === '[::1]'
  return false
}

/**
 * Why the instance is in production mode, or undefined when it is not (decisions 012 and 032). Never NODE_ENV: tools
 * set it for speed.
 * - PRODUCTION=1;
 * - PUBLIC_URL https:// on a host that is not local (PRODUCTION=0 does not turn that off: such a shop is public);
 * - unless PRODUCTION=0: PUBLIC_URL on a host that is not local, whatever its scheme, or HOST not a loopback address
 *   (the server listens where other machines reach it).
 */
export function productionReason(env: Pick<Env, 'PRODUCTION' | 'PUBLIC_URL' | 'HOST'>): string | undefined {
  if (env.PRODUCTION) return 'PRODUCTION=1'
  const url = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined
  // a URL without a host (a made-up scheme) is not provably local either
  const publicUrl = url && !(url.hostname && isLocalHost(url.hostname)) ? url : undefined
  if (publicUrl?.protocol === 'https:') return `PUBLIC_URL is ${publicUrl.origin}`
  if (env.PRODUCTION === false) return undefined
  if (publicUrl) return `PUBLIC_URL is ${publicUrl.protocol}//${publicUrl.host}`
  if (!isLoopbackHost(env.HOST)) return 'HOST is not a loopback address'
  return undefined
}

/**
 * Reads and validates the configuration once; a bad value throws a one-line ConfigError naming the variable, never
 * its value (AUTH_SECRET, STRIPE_SECRET_KEY and the passwords in DATABASE_URL, SMTP_URL or REDIS_URL stay out of logs).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0] ?? 'environment')
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  if ((e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) || (!e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together')
  }
  const oidc = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length
  if (oidc !== 0 && oidc !== 3) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    )
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together')
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  }
  const stripeKeys = Boolean(e.STRIPE_SECRET_KEY)
  if (e.PAYMENTS === 'stripe' && !stripeKeys) {
    throw new ConfigError('Invalid configuration: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY')
  }
  const reason = productionReason(e)
  const payments = e.PAYMENTS ?? (stripeKeys ? 'stripe' : 'test')
  if (reason && payments === 'test' && e.PAYMENTS !== 'test') {
    throw new ConfigError(
      `Refusing to start: production mode (${reason}) takes no test cards: set STRIPE_SECRET_KEY and ` +
        'STRIPE_PUBLISHABLE_KEY, or PAYMENTS=test to accept test cards anyway',
    )
  }
  const { PRODUCTION: _production, ...rest } = e
  return {
    ...rest,
    // PAYMENTS=test takes test cards even with keys set: every part of the app then sees no Stripe at all
    ...(payments === 'test'
      ? { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }
      : {}),
    PAYMENTS: payments,
    production: reason !== undefined,
    // the whole API's map (admin routes, every field) is a help to attackers: a public instance shows it to its admins
    API_DOCS: e.API_DOCS ?? (reason ? 'admin' : 'public'),
    DATABASE_URL: e.DATABASE_URL || undefined,
    PUBLIC_URL: e.PUBLIC_URL?.replace(/\/+$/, ''),
    // demo accounts with a published password: the local default, never a production one unless asked for
    DEMO_DATA: e.DEMO_DATA ?? (!reason && !e.DATABASE_URL),
    AUTH_SECRET: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    dataDir,
  }
}
