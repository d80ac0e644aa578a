import { ConfigError, loadConfig } from './plugins/config.ts'

/**
 * One line for a failed start: a query drizzle wraps ("Failed query: <sql>\nparams: …") is named by the database's
 * own reason (permission denied, …), never by the SQL text.
 */
function startupError(err: unknown): string {
  let e = err as { message?: string; cause?: unknown } | undefined
  while (e?.message?.startsWith('Failed query:') && e.cause instanceof Error) e = e.cause
  const message = e?.message?.split('\n')[0]?.trim() || String(err)
  return e === err ? message : `the database refused a query: ${message}`
}

/**
 * Starts the server; stops on SIGTERM/SIGINT after finishing the requests under way. The settings are checked before
 * the app's modules are loaded, so that a bad setting is refused at once (a second or so), not after the app is read.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(2)
    }
    throw err
  }
  const [
    { buildApp },
    { DEMO_PASSWORD },
    { viteDevPages },
    { demoAccountsLine, prettyLogStream, wantsPrettyLogs, welcomeBlock },
  ] = await Promise.all([
    import('./app.ts'),
    import('./db/demo/demo-data.ts'),
    import('./modules/pages/dev-pages.ts'),
    import('./startup.ts'),
  ])
  const pretty = wantsPrettyLogs(config, process.stdout.isTTY === true)
  let app: Awaited<ReturnType<typeof buildApp>>
  try {
    // npm run dev: the pages from the web app's source, with hot reload
    const devPages = process.env.WEB_DEV === '1' ? viteDevPages(config.PUBLIC_URL) : undefined
    const logStream = pretty ? await prettyLogStream(process.stdout.hasColors?.() ?? false) : undefined
    app = await buildApp(config, { devPages, logStream })
  } catch (err) {
    console.error(`Could not start: ${startupError(err)}`)
    process.exit(1)
  }
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  try {
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (err) {
    console.error(`Could not listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`)
    process.exit(1)
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  const shown = config.PUBLIC_URL ?? `http://localhost:${port}`
  // a local instance's demo accounts use the README's password: shown at every start (a production instance's own
  // password is printed once, when they are created)
  const demoPassword = config.DEMO_DATA && !config.production ? DEMO_PASSWORD : undefined
  const docsForAdmins = config.API_DOCS === 'admin'
  if (pretty) {
    process.stdout.write(
      `${welcomeBlock({ url: shown, production: config.production, demoPassword, docsForAdmins })}\n`,
    )
  } else {
    app.log.info(
      `Preloved Bags Co. is open at ${shown} (API reference: ${shown}/api/docs${docsForAdmins ? ', admins only' : ''})` +
        (config.production ? ', in production mode' : ''),
    )
    if (demoPassword) app.log.info(demoAccountsLine(demoPassword))
  }
  // asked for by name, but worth a line in a production log
  if (config.production && config.PAYMENTS === 'test') app.log.warn('PAYMENTS=test: test cards only, no real payments')
  if (config.production && config.DEMO_DATA) app.log.warn('DEMO_DATA=on: the demo accounts and listings are public')
}

void main()
