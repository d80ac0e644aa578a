import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { type Database, openDatabase } from './db/client.ts'
import { demoPassword, demoPasswordFile } from './db/demo/demo-password.ts'
import { seedDemoData, seedReferenceData } from './db/demo/seed.ts'
import { redactSecrets } from './lib/redact.ts'
import { addressesRoutes } from './modules/addresses/addresses.routes.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import type { PasswordHashing } from './modules/auth/auth.ts'
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts'
import { sweepHolds } from './modules/bookings/holds.service.ts'
import { brandsRoutes } from './modules/brands/brands.routes.ts'
import { categoriesRoutes } from './modules/categories/categories.routes.ts'
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { earningsRoutes } from './modules/earnings/earnings.routes.ts'
import { sweepPayoutsOf } from './modules/earnings/earnings.service.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { type ImageStore, LocalImageStore } from './modules/images/image-store.ts'
import { imagesRoutes } from './modules/images/images.routes.ts'
import { cleanupOrphanImages } from './modules/images/images.service.ts'
import { S3ImageStore } from './modules/images/s3-store.ts'
import { livePlugin } from './modules/live/live.plugin.ts'
import { pruneLiveEvents } from './modules/live/live.repository.ts'
import { liveRoutes } from './modules/live/live.routes.ts'
import type { LiveBus } from './modules/live/live-bus.ts'
import { createMailer, type Mailer } from './modules/mail/mail.service.ts'
import { outboxRoutes } from './modules/mail/outbox.routes.ts'
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts'
import { notifyDepsOf } from './modules/notifications/notify.ts'
import { offersRoutes } from './modules/offers/offers.routes.ts'
import { offerDepsOf, sweepOffers } from './modules/offers/offers.service.ts'
import { orderDepsOf, orderRulesOf } from './modules/orders/order-deps.ts'
import { ordersRoutes } from './modules/orders/orders.routes.ts'
import { sweepOrders } from './modules/orders/orders.service.ts'
import { createPageCache } from './modules/pages/page-renderer.ts'
import { paymentsRoutes } from './modules/payments/payments.routes.ts'
import { createStripeGateway, type StripeGateway } from './modules/payments/stripe-gateway.ts'
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts'
import { postsRoutes } from './modules/posts/posts.routes.ts'
import { createProductListCache, listingsChanged } from './modules/products/list-cache.ts'
import { productsRoutes } from './modules/products/products.routes.ts'
import { reportsRoutes } from './modules/reports/reports.routes.ts'
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts'
import { riskRoutes } from './modules/risk/risk.routes.ts'
import { signalsPlugin } from './modules/risk/signals.plugin.ts'
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.ts'
import { matchNewListings, sweepSavedSearchDigests } from './modules/saved-searches/saved-searches.service.ts'
import { searchRoutes } from './modules/search/search.routes.ts'
import { SearchChanges } from './modules/search/search-cache.ts'
import { sellersRoutes } from './modules/sellers/sellers.routes.ts'
import { seoRoutes } from './modules/seo/seo.routes.ts'
import { settingsRoutes } from './modules/settings/settings.routes.ts'
import { blocksRoutes } from './modules/users/blocks.routes.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { wishlistsRoutes } from './modules/wishlists/wishlists.routes.ts'
import { type ApiRoute, securityOf } from './plugins/access.ts'
import { authPlugin } from './plugins/auth.ts'
import { canonicalPathPlugin } from './plugins/canonical-path.ts'
import type { Config } from './plugins/config.ts'
import { dbPlugin } from './plugins/db.ts'
import { docsPlugin } from './plugins/docs.ts'
import { errorBody, errorHandlerPlugin } from './plugins/error-handler.ts'
import { etagPlugin } from './plugins/etag.ts'
import { inputGuardPlugin } from './plugins/input-guard.ts'
import { lingeringClosePlugin } from './plugins/lingering-close.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts'
import { type BadUrlPage, type StaticOptions, staticPlugin } from './plugins/static.ts'
import { demoAccountsFileLine } from './startup.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    images: ImageStore
    mailer: Mailer
    /** Live updates (GET /api/events): wakes the open streams of every instance (modules/live). */
    live: LiveBus
    /** Stripe's PaymentIntents when STRIPE_SECRET_KEY is set; the built-in test-mode processor otherwise. */
    stripe: StripeGateway | undefined
    /** The current time: holds expire by it. */
    now(): Date
  }
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

export interface BuildOptions {
  /** An already opened database (tests share one); otherwise opened from config.DATABASE_URL. */
  database?: Database
  logger?: boolean
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream
  /** The time, in ms (tests move it to expire holds); Date.now by default. */
  clock?: () => number
  /** Development: pages rendered by the web app's Vite server, with hot reload (modules/pages/dev-pages.ts). */
  devPages?: StaticOptions['devPages']
  /** How passwords are hashed: better-auth's scrypt unless given (the API tests pass a cheaper scrypt). */
  passwordHashing?: PasswordHashing
}

/** The whole app: used by server.ts and by the tests. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // a malformed escape in a page's path (`/product/%E0%A4%A`) fails Fastify's routing before any route: the page not
  // found, with status 404, once the web app's pages are mounted (plugins/static.ts); a plain 400 for anything else
  const badUrlPage: BadUrlPage = {}
  const app = Fastify({
    frameworkErrors: (error, req, reply) => {
      if (error.code === 'FST_ERR_BAD_URL' && badUrlPage.send) return badUrlPage.send(req, reply)
      return (reply as FastifyReply).code(400).send(errorBody(400, error.message))
    },
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
            // at debug level every request is logged: not the reset token in its URL
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactSecrets(req.url),
                host: req.host,
                remoteAddress: req.ip,
              }),
            },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // loading the web app's server bundle (plugins/static.ts) can take more than avvio's 10 s on a busy machine: a slow
    // start is still a start
    pluginTimeout: 120_000,
    // one line per request only at debug level; errors are always logged
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    // one spelling per route: no trailing-slash or doubled-slash aliases, case as registered, and ';' is no
    // delimiter (useSemicolonDelimiter stays at its default, false); the plugin canonical-path refuses every other
    // spelling of an /api path before any rule keyed on the path runs
    routerOptions: {
      maxParamLength: 200,
      caseSensitive: true,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
    },
    // a hop count trusts that many proxies nearest to us (fastify's types take it as a function)
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : (config.TRUST_PROXY ?? false),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const apiRoutes: ApiRoute[] = []
  app.decorate('apiRoutes', apiRoutes)
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
      // the API reference and everything its page loads: admins only when API_DOCS=admin (production's default)
      if (config.API_DOCS === 'admin') route.config = { ...route.config, access: 'admin' }
      return
    }
    if (!route.url.startsWith('/api/')) return
    const access = route.config?.access
    if (!access) throw new Error(`route ${route.method} ${route.url} does not declare who may call it (config.access)`)
    // the OpenAPI document's security follows the access: a route writes its own only to narrow it (never public)
    const security = securityOf(access)
    if (route.schema?.security && !security) {
      throw new Error(`public route ${route.method} ${route.url} declares an OpenAPI security requirement`)
    }
    if (security && !route.schema?.security) route.schema = { ...route.schema, security }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access })
    }
  })

  const database = opts.database ?? (await openDatabase(config.DATABASE_URL, config.dataDir))
  if (!opts.database) await database.migrate()
  await seedReferenceData(database.db)

  const images: ImageStore = config.S3_BUCKET
    ? new S3ImageStore({
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        publicUrl: config.S3_PUBLIC_URL ?? `${config.S3_ENDPOINT ?? 'https://s3.amazonaws.com'}/${config.S3_BUCKET}`,
      })
    : new LocalImageStore(path.join(config.dataDir, 'uploads'))
  app.decorate('config', config)
  const clock = opts.clock ?? Date.now
  app.decorate('now', () => new Date(clock()))
  app.decorate('images', images)
  app.decorate('stripe', createStripeGateway(config))
  app.decorate('productListCache', createProductListCache(config.LIST_CACHE_MS))
  app.decorate('pageCache', createPageCache(config.PAGE_CACHE_MS))
  app.decorate('searchCache', new SearchChanges())
  // live updates: the bus between instances and this instance's open streams (modules/live)
  await app.register(livePlugin, { database })

  await app.register(errorHandlerPlugin)
  // a refused body (413…) is answered at once, and the rest of it read and discarded so the client gets the answer
  await app.register(lingeringClosePlugin)
  // the app closes a database it opened itself; a database handed in is closed by its owner
  await app.register(dbPlugin, { database, owned: !opts.database })
  await app.register(securityHeadersPlugin, { config })
  await app.register(canonicalPathPlugin)
  await app.register(inputGuardPlugin)
  await app.register(rateLimitPlugin)
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: app.log,
    // every mail's signed unsubscribe link and List-Unsubscribe headers (modules/notifications)
    links: {
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      authSecret: config.AUTH_SECRET,
      now: app.now,
    },
  })
  app.decorate('mailer', mailer)
  await app.register(authPlugin, { mailer, passwordHashing: opts.passwordHashing })
  await app.register(signalsPlugin, { config })
  await app.register(etagPlugin)
  await app.register(docsPlugin, { adminOnly: config.API_DOCS === 'admin' })

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(usersRoutes)
      await api.register(outboxRoutes)
      await api.register(imagesRoutes)
      await api.register(bookingsRoutes)
      await api.register(wishlistsRoutes)
      await api.register(addressesRoutes)
      await api.register(paymentsRoutes)
      await api.register(stripeWebhookRoutes)
      await api.register(ordersRoutes)
      await api.register(reportsRoutes)
      await api.register(dashboardRoutes)
      await api.register(categoriesRoutes)
      await api.register(productsRoutes)
      await api.register(searchRoutes)
      await api.register(brandsRoutes)
      await api.register(sellersRoutes)
      await api.register(postsRoutes)
      await api.register(settingsRoutes)
      await api.register(earningsRoutes)
      await api.register(offersRoutes)
      await api.register(conversationsRoutes)
      await api.register(blocksRoutes)
      await api.register(liveRoutes)
      await api.register(notificationsRoutes)
      await api.register(savedSearchesRoutes)
      await api.register(reviewsRoutes)
      await api.register(riskRoutes)
    },
    { prefix: '/api' },
  )

  // /sitemap.xml and /robots.txt at the root, before the web app's files and pages
  await app.register(seoRoutes, { pageSize: config.SITEMAP_PAGE_SIZE })

  await app.register(staticPlugin, {
    webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist,
    publicUrl: config.PUBLIC_URL,
    contentSecurityPolicy: securityHeaders(config)['content-security-policy'],
    devPages: opts.devPages,
    badUrlPage,
    uploadsDir: images instanceof LocalImageStore ? images.dir : undefined,
  })

  if (config.DEMO_DATA) {
    const started = Date.now()
    // the README's password for a local demo; in production mode (DEMO_DATA=on asked for) one of this data folder's
    const password = demoPassword(config)
    if (
      await seedDemoData(database.db, images, undefined, password, undefined, {
        orderRules: orderRulesOf(config),
        now: app.now(),
      })
    ) {
      app.log.info({ ms: Date.now() - started }, 'demo data seeded')
      // a production instance's own password stays in its file (logs travel to collectors and people who may not
      // sign in): the log says where it is, once, when the accounts are created (a local instance's is the README's,
      // printed at every start by server.ts)
      if (config.production) app.log.info(demoAccountsFileLine(demoPasswordFile(config)))
    }
  }
  // photos of abandoned add forms: removed when a day old, at start and every six hours
  const sweep = () =>
    cleanupOrphanImages(database.db, images).then(
      (n) => n > 0 && app.log.info({ deleted: n }, 'unused uploads removed'),
      (err) => app.log.warn({ err }, 'upload cleanup failed'),
    )
  const sweeper = setInterval(sweep, 6 * 3600_000)
  sweeper.unref()
  app.addHook('onClose', async () => clearInterval(sweeper))
  // order deadlines: ship-by, auto-completion and the seller's reminder, at start (a stopped server catches
  // up) and every ORDER_SWEEP_SECONDS (a minute by default: each sweep applies everything due, so that late at most);
  // safe with several instances (modules/orders: SKIP LOCKED and conditional moves)
  let deadlines: Promise<unknown> = Promise.resolve()
  const sweepDeadlines = () => {
    deadlines = deadlines.then(() =>
      sweepOrders(orderDepsOf(app), app.now()).then(
        (n) => (n.cancelled || n.completed || n.reminded) && app.log.info(n, 'order deadlines applied'),
        (err) => app.log.warn({ err }, 'order deadline sweep failed'),
      ),
    )
    deadlines = deadlines.then(() => sweepPayoutsOf(app)) // Stripe payouts still pending a minute on
    // holds (docs/decisions/034): ran out → expired and recorded as lapses; lapsed payment holds' intents retired
    deadlines = deadlines.then(() =>
      sweepHolds(
        { db: app.db, listingsChanged: (ids) => listingsChanged(app, ids), stripe: app.stripe, log: app.log },
        app.now(),
      ).catch((err) => app.log.warn({ err }, 'hold sweep failed')),
    )
    // offers: expiry, lapsed holds, offers on bags no longer for sale
    deadlines = deadlines.then(() =>
      sweepOffers(offerDepsOf(app), app.now()).catch((err) => app.log.warn({ err }, 'offer sweep failed')),
    )
    // live events older than a day (by the database's clock, which stamped them)
    deadlines = deadlines.then(() =>
      pruneLiveEvents(app.db).catch((err) => app.log.warn({ err }, 'live event pruning failed')),
    )
    // saved searches' daily mail: each claimed by one instance (a conditional UPDATE of mailed_at)
    deadlines = deadlines.then(() =>
      sweepSavedSearchDigests(notifyDepsOf(app), app.now()).catch((err) =>
        app.log.warn({ err }, 'saved-search mail sweep failed'),
      ),
    )
  }
  const deadlineSweeper = setInterval(sweepDeadlines, Math.round(config.ORDER_SWEEP_SECONDS * 1000))
  deadlineSweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(deadlineSweeper)
    await deadlines
  })
  // saved searches (decision 033): the listings put on sale since are matched in batches, off the request path, at
  // start and every SAVED_SEARCH_MATCH_SECONDS; instances share the work (SKIP LOCKED), one run at a time here
  let matching: Promise<unknown> | undefined
  const matchListings = () => {
    matching ??= matchNewListings(notifyDepsOf(app)).finally(() => {
      matching = undefined
    })
  }
  const matcher = setInterval(matchListings, Math.round(config.SAVED_SEARCH_MATCH_SECONDS * 1000))
  matcher.unref()
  app.addHook('onClose', async () => {
    clearInterval(matcher)
    await matching
  })
  await app.ready()
  void sweep()
  sweepDeadlines()
  matchListings()
  return app
}
