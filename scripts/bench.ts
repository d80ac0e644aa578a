// `npm run bench`: seeds 100,000 listings and 10,000 customer accounts (with orders and wishlists) into a fresh
// embedded database (PGlite) and a fresh PostgreSQL database, starts the real server on each, and drives it with
// autocannon for BENCH_SECONDS under a realistic mix (bench-mix.ts: 70 % home and category listings, 15 % product
// pages, 10 % my orders / wishlist with bearer tokens, 5 % bookings). A bare Fastify "ceiling" answers the same mix
// with constant bodies recorded from the real server. Prints requests/s, p50/p99, errors, non-2xx by status and
// the server's peak memory per target, then a summary.
// Options (env): BENCH_LISTINGS (100000), BENCH_USERS (10000), BENCH_SECONDS (30), BENCH_WARMUP (3 s, not counted),
// BENCH_CONNECTIONS (10), BENCH_TARGETS (pglite,postgres,ceiling), BENCH_PROFILE (a folder: the servers write
// V8 CPU profiles there, --cpu-prof; scripts/profile-summary.ts reads them), BENCH_PER_KIND (seconds: after the mix,
// each kind of request alone for that long, with its server CPU ms per request), BENCH_VERBOSE (seeding step
// times), BENCH_DATABASE_URL (a PostgreSQL server's
// database to connect to; a fresh database is created beside it and dropped after;
// default postgres://postgres@127.0.0.1:5432/test). Quick run: BENCH_LISTINGS=10000 BENCH_USERS=1000 BENCH_SECONDS=10.
//
// Then, on each database target, the server-rendered product page as a signed-out visitor (no session; the
// shop's device cookie, which a browser carries from its first page view on: a first view is checked to get it),
// sent with Chromium's accept-encoding: GET /product/:id of a random listing among all of them (every page rendered),
// then of one shared listing (the same page again and again: the signed-out page cache answers); and a bare Fastify
// route (bench-bare-page.ts) answering that page recorded from that server in the same run (same HTML, same headers,
// compressed once the same way: a constant answer). Prints requests/s, p50/p99, errors, non-2xx and the server's CPU ms per page
// for each, and the ratios SSR/bare; fails when the shared page is below PAGE_RATIO_TARGET, or on any error or
// non-2xx answer.
// The npm script builds the web app first: the server renders pages from apps/web/dist/server.
// Options (env): BENCH_PAGE_SECONDS (BENCH_SECONDS), BENCH_PAGE_ENCODING (the accept-encoding sent to both;
// Chromium's `gzip, deflate, br, zstd` by default, so both answer Brotli), BENCH_PAGES=0 skips the pages.
// The servers inherit this process's environment: NODE_ENV=production npm run bench measures React's production
// build; unset (as `npm start` leaves it), React renders with its development build, at a much higher CPU cost.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { seedReferenceData } from '../apps/server/src/db/demo/seed.ts'
import { tokenKey } from '../apps/server/src/lib/tokens.ts'
import { DEVICE_COOKIE, newDeviceId } from '../apps/server/src/modules/risk/signals.ts'
import { freshPostgres } from '../apps/server/test/fresh-postgres.ts'
import { type Kind, Mix, type PlannedRequest, percentile, SEARCH_KINDS, WEIGHTS } from './bench-mix.ts'
import { BENCH_PASSWORD, customerEmail, listingTitle, productId, type SeedSizes, seedBench } from './bench-seed.ts'

const env = process.env
const SIZES: SeedSizes = {
  listings: Number(env.BENCH_LISTINGS ?? 100_000),
  customers: Number(env.BENCH_USERS ?? 10_000),
  sellers: 50,
}
const SECONDS = Number(env.BENCH_SECONDS ?? 30)
const WARMUP = Number(env.BENCH_WARMUP ?? 3)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10)
const TARGETS = (env.BENCH_TARGETS ?? 'pglite,postgres,ceiling').split(',').map((t) => t.trim())
const PG_SERVER = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const root = fileURLToPath(new URL('..', import.meta.url))
const AUTH_SECRET = randomBytes(32).toString('hex')
const PAGES = env.BENCH_PAGES !== '0'
const PAGE_SECONDS = Number(env.BENCH_PAGE_SECONDS ?? SECONDS)
const PAGE_ENCODING = env.BENCH_PAGE_ENCODING ?? 'gzip, deflate, br, zstd'
const PER_KIND_SECONDS = Number(env.BENCH_PER_KIND ?? 0)
/** The server-rendered product page serves at least this share of the bare route's requests/s. */
const PAGE_RATIO_TARGET = 0.25
const WEB_DIST = path.join(root, 'apps/web/dist')

/** What one autocannon run against one process gave: the API mix's and the product page's alike. */
interface RunFigures {
  target: string
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
  errorDetail: string
  non2xx: Record<string, number>
  peakRssMb: number
}

interface Outcome extends RunFigures {
  seedSeconds: number | undefined
  cpuMsPerRequest: number
  kinds: Map<Kind, { count: number; statuses: Record<number, number>; latencies: number[] }>
}

function startProcess(
  args: string[],
  extraEnv: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const profile = env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_PROFILE)}`] : []
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    let started = false
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (started) {
        out = out.slice(-2000)
        return
      }
      const m = /^(\d+)\n/m.exec(out) ?? /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) {
        started = true
        resolve({ child, port: Number(m[1]) })
      }
    })
    child.on('exit', (code, signal) => {
      if (!started) reject(new Error(`${args[0]} exited with ${code ?? signal}: ${out.slice(-500)}`))
      // a server that dies while measured: say how, with the end of its log (stdout), before the bench stops
      else if (!stopping.has(child)) console.error(`${args[0]} exited with ${code ?? signal} while measured: ${out}`)
    })
  })
}

/** Processes the bench is stopping (their exit is expected). */
const stopping = new WeakSet<ChildProcess>()

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  stopping.add(child)
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

/** A free port, so the server knows its own origin (better-auth refuses sign-ins from other origins). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** CPU time the process has used so far (user + system), in ms: per request, it is less sensitive to other load. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux)
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN
}

async function drive(base: string, mix: Mix, seconds: number) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req, context) => {
          const next: PlannedRequest = mix.next()
          context.kind = next.kind
          context.start = performance.now()
          return {
            ...req,
            method: next.method,
            path: next.path,
            headers: { ...req.headers, ...next.headers },
            ...(next.body ? { body: next.body } : {}),
          }
        },
        onResponse: (status, _body, context) => {
          mix.record(context.kind as Kind, status, performance.now() - (context.start as number))
        },
      },
    ],
  })
  const non2xx: Record<string, number> = {}
  let fiveHundreds = 0
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (code.startsWith('2')) continue
    non2xx[code] = count
    if (code.startsWith('5')) fiveHundreds += count
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + fiveHundreds,
    errorDetail: `connection errors ${result.errors}, timeouts ${result.timeouts}, 5xx ${fiveHundreds}`,
    non2xx,
  }
}

/** Checks that seeded customers' minted tokens and their password work, and records bodies for the ceiling. */
async function sanityCheck(base: string, mix: Mix) {
  const expectOk = async (what: string, res: Response) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`)
    return res
  }
  const orders = await (
    await expectOk('orders', await fetch(`${base}/api/bookings?email=${customerEmail(1)}`, { headers: mix.bearer(1) }))
  ).json()
  const wishlist = await (
    await expectOk(
      'wishlist',
      await fetch(`${base}/api/wishlists?email=${customerEmail(1)}`, { headers: mix.bearer(1) }),
    )
  ).json()
  if (!Array.isArray(orders) || orders.length === 0) throw new Error('seeded customer 1 has no orders')
  if (!Array.isArray(wishlist) || wishlist.length === 0) throw new Error('seeded customer 1 has no wishlist')
  // a seeded account is a real one: it signs in with its password and gets a token from GET /api/jwt
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: customerEmail(2), password: BENCH_PASSWORD }),
  })
  await expectOk('sign-in of a seeded customer', signIn)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  await expectOk('GET /api/jwt', await fetch(`${base}/api/jwt?email=${customerEmail(2)}`, { headers: { cookie } }))
}

async function recordBodies(base: string, mix: Mix) {
  const get = async (url: string, headers?: Record<string, string>) => {
    const res = await fetch(base + url, headers ? { headers } : {})
    if (!res.ok) throw new Error(`${url}: ${res.status}`)
    return res.text()
  }
  const exact: Record<string, string> = {}
  for (const c of ['Shoulder', 'Tote', 'Backpacks']) {
    exact[`/api/categoryDetails/${c}`] = await get(`/api/categoryDetails/${c}`)
    exact[`/api/categoryDetails?category=${c}&limit=24`] = await get(`/api/categoryDetails?category=${c}&limit=24`)
  }
  exact['/api/categoryDetails?advertised=true&limit=8'] = await get('/api/categoryDetails?advertised=true&limit=8')
  return [
    { method: 'GET', url: '/api/categories', body: await get('/api/categories') },
    { method: 'GET', url: '/api/categoryDetails', body: '[]', exact },
    { method: 'GET', url: '/api/categoryDetails/:slug', body: '[]', exact },
    { method: 'GET', url: '/api/products/:id', body: await get(`/api/products/${productId(7)}`) },
    { method: 'GET', url: '/api/bookings', body: await get(`/api/bookings?email=${customerEmail(1)}`, mix.bearer(1)) },
    {
      method: 'GET',
      url: '/api/wishlists',
      body: await get(`/api/wishlists?email=${customerEmail(1)}`, mix.bearer(1)),
    },
    { method: 'POST', url: '/api/bookings', body: JSON.stringify({ acknowledged: true, insertedId: productId(1) }) },
    // one typical search answer (24 listings with facets) for every search
    { method: 'GET', url: '/api/search', body: await get('/api/search?q=chanel&colour=black') },
  ]
}

async function runTarget(
  target: string,
  base: string,
  pid: number,
  mix: Mix,
  seedSeconds: number | undefined,
): Promise<Outcome> {
  if (WARMUP > 0) {
    console.info(`  warming up ${WARMUP} s…`)
    await drive(base, mix, WARMUP)
  }
  mix.resetStats()
  console.info(`  measuring ${SECONDS} s with ${CONNECTIONS} connections…`)
  const cpuBefore = cpuMs(pid)
  const r = await drive(base, mix, SECONDS)
  const cpuMsPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests)
  const outcome: Outcome = {
    target,
    seedSeconds,
    ...r,
    peakRssMb: peakRssMb(pid),
    cpuMsPerRequest,
    kinds: new Map(mix.stats),
  }
  printTarget(outcome)
  return outcome
}

function printTarget(o: Outcome) {
  console.info(
    `  ${o.target}: ${Math.round(o.rps)} req/s, p50 ${o.p50} ms, p99 ${o.p99} ms, errors ${o.errors} (${o.errorDetail}), ` +
      `non-2xx ${JSON.stringify(o.non2xx)}, peak RSS ${o.peakRssMb} MB, ` +
      `server CPU ${o.cpuMsPerRequest.toFixed(2)} ms per request`,
  )
  const total = [...o.kinds.values()].reduce((n, k) => n + k.count, 0)
  console.table(
    WEIGHTS.map(([kind]) => {
      const k = o.kinds.get(kind)!
      const sorted = [...k.latencies].sort((a, b) => a - b)
      return {
        kind,
        share: `${((100 * k.count) / Math.max(1, total)).toFixed(1)} %`,
        requests: k.count,
        p50_ms: Number(percentile(sorted, 50).toFixed(1)),
        p99_ms: Number(percentile(sorted, 99).toFixed(1)),
        statuses: Object.entries(k.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
      }
    }),
  )
}

/**
 * Each kind of request of the mix alone for PER_KIND_SECONDS (after a second's warm-up): what one request of that kind
 * costs the server in CPU, so a profile's share can be put on the kind that spends it.
 */
async function runPerKind(target: string, base: string, pid: number, mix: Mix) {
  console.info(`  ${target}: each kind alone, ${PER_KIND_SECONDS} s each…`)
  const rows = []
  for (const [kind, weight] of WEIGHTS) {
    mix.only = kind
    await drive(base, mix, 1)
    mix.resetStats()
    const cpuBefore = cpuMs(pid)
    const r = await drive(base, mix, PER_KIND_SECONDS)
    const cpu = (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests)
    const k = mix.stats.get(kind)!
    const sorted = [...k.latencies].sort((a, b) => a - b)
    rows.push({
      kind,
      weight,
      'req/s': Math.round(r.rps),
      p50_ms: Number(percentile(sorted, 50).toFixed(1)),
      p99_ms: Number(percentile(sorted, 99).toFixed(1)),
      cpu_ms_per_req: Number(cpu.toFixed(2)),
      statuses: Object.entries(k.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    })
  }
  mix.only = undefined
  mix.resetStats()
  const total = rows.reduce((n, r) => n + r.weight, 0)
  const weighted = rows.reduce((n, r) => n + r.weight * r.cpu_ms_per_req, 0) / total
  console.table(rows)
  console.info(`  ${target}: the kinds' CPU ms per request weighted as the mix: ${weighted.toFixed(2)}`)
}

interface PageOutcome extends RunFigures {
  cpuMsPerPage: number
}

/** One product page as a signed-out visitor gets it: status, headers, the HTML and the bytes on the wire. */
interface RecordedPage {
  headers: Record<string, string | string[]>
  html: Buffer
  wireBytes: number
  encoding: string
}

/**
 * The device cookie the server set on the visitor's first page view (modules/risk/signals.plugin.ts): a returning
 * browser sends it with every page, and is given no cookie back.
 */
const DEVICE = `${DEVICE_COOKIE}=${newDeviceId()}`
const pageHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': PAGE_ENCODING, cookie: DEVICE }

/** GET a page with raw node:http (fetch would decompress and hide the encoding). */
function getRaw(
  url: string,
  headers: Record<string, string> = pageHeaders,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

/** The text as React writes it into HTML (`&`, `<`, `>`, `"` and `'` escaped). */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!)

/** Records listing 7's page from the real server and checks that its content was rendered there. */
async function recordPage(base: string): Promise<RecordedPage> {
  const i = 7
  // a first view (no cookie at all) is given the device cookie, and nothing else
  const { cookie: _, ...firstViewHeaders } = pageHeaders
  const first = await getRaw(`${base}/product/${productId(i)}`, firstViewHeaders)
  const firstCookies = first.headers['set-cookie'] ?? []
  if (first.status !== 200 || firstCookies.length !== 1 || !firstCookies[0]!.startsWith(`${DEVICE_COOKIE}=`))
    throw new Error(`a first view of a product page: ${first.status}, cookies ${JSON.stringify(firstCookies)}`)
  const res = await getRaw(`${base}/product/${productId(i)}`)
  if (res.status !== 200)
    throw new Error(`GET /product/${productId(i)}: ${res.status} ${res.body.toString().slice(0, 300)}`)
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
  const html =
    encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body
  const text = html.toString()
  // the page's heading is the listing's title (HTML-escaped) and its canonical link names this listing: a title is
  // shared by every 18th listing, the link tells them apart
  const heading = /<h1\b[^>]*>([^<]*)<\/h1>/.exec(text)?.[1]
  if (heading !== escapeHtml(listingTitle(i)))
    throw new Error(`the product page's heading is ${JSON.stringify(heading)}, not listing ${i}'s title`)
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(text)?.[1]
  if (canonical !== `${base}/product/${productId(i)}`)
    throw new Error(`the product page's canonical link is ${JSON.stringify(canonical)}, not listing ${i}'s page`)
  const headers: RecordedPage['headers'] = {}
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'])
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && !skip.has(name)) headers[name] = value
  }
  if (headers['set-cookie']) throw new Error(`a signed-out product page sets cookies: ${headers['set-cookie']}`)
  return { headers, html, wireBytes: res.body.length, encoding }
}

/**
 * GET /product/:id, signed out (the device cookie only): of a random listing among all of them (`every`: each page rendered, the cache of
 * signed-out pages all but useless), or of one listing (`shared`: a link everyone opens, the same bytes the bare
 * route answers; the server keeps the page for PAGE_CACHE_MS).
 */
type Spread = 'every' | 'shared'
async function drivePages(base: string, seconds: number, spread: Spread = 'every') {
  const statuses: Record<number, number> = {}
  const latencies: number[] = []
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers: pageHeaders,
    requests: [
      {
        setupRequest: (req, context) => {
          context.start = performance.now()
          return {
            ...req,
            method: 'GET',
            path: `/product/${productId(spread === 'shared' ? 7 : 1 + Math.floor(Math.random() * SIZES.listings))}`,
          }
        },
        onResponse: (status, _body, context) => {
          statuses[status] = (statuses[status] ?? 0) + 1
          latencies.push(performance.now() - (context.start as number))
        },
      },
    ],
  })
  const non2xx: Record<string, number> = {}
  let fiveHundreds = 0
  for (const [code, n] of Object.entries(statuses)) {
    if (code.startsWith('2')) continue
    non2xx[code] = n
    if (code.startsWith('5')) fiveHundreds += n
  }
  const sorted = latencies.sort((a, b) => a - b)
  return {
    rps: result.requests.average,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + fiveHundreds,
    errorDetail: `connection errors ${result.errors}, timeouts ${result.timeouts}, 5xx ${fiveHundreds}`,
    non2xx,
  }
}

async function runPages(target: string, base: string, pid: number, spread: Spread = 'every'): Promise<PageOutcome> {
  if (WARMUP > 0) {
    console.info(`  ${target}: warming up ${WARMUP} s…`)
    await drivePages(base, WARMUP, spread)
  }
  console.info(`  ${target}: measuring GET /product/:id for ${PAGE_SECONDS} s with ${CONNECTIONS} connections…`)
  const cpuBefore = cpuMs(pid)
  const r = await drivePages(base, PAGE_SECONDS, spread)
  const outcome = {
    target,
    ...r,
    peakRssMb: peakRssMb(pid),
    cpuMsPerPage: (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests),
  }
  console.info(
    `  ${target}: ${Math.round(outcome.rps)} pages/s, p50 ${outcome.p50} ms, p99 ${outcome.p99} ms, ` +
      `errors ${outcome.errors} (${outcome.errorDetail}), non-2xx ${JSON.stringify(outcome.non2xx)}, ` +
      `peak RSS ${outcome.peakRssMb} MB, server CPU ${outcome.cpuMsPerPage.toFixed(2)} ms per page`,
  )
  return outcome
}

/** The server-rendered product page on a running server, then the bare route with the page recorded from it. */
async function benchPages(target: string, base: string, server: ChildProcess) {
  const page = await recordPage(base)
  console.info(
    `\n[${target}] server-rendered /product/:id, signed out: ${(page.html.length / 1024).toFixed(1)} KB of HTML, ` +
      `${(page.wireBytes / 1024).toFixed(1)} KB ${page.encoding} (accept-encoding: ${PAGE_ENCODING})`,
  )
  const every = await runPages(`${target} SSR, every listing`, base, server.pid!, 'every')
  const ssr = await runPages(`${target} SSR, one shared listing`, base, server.pid!, 'shared')
  await stopProcess(server)
  const dir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-page-'))
  const file = path.join(dir, 'page.json')
  await writeFile(file, JSON.stringify({ headers: page.headers, html: page.html.toString('base64') }))
  const bare = await startProcess(['scripts/bench-bare-page.ts', file], {})
  try {
    const check = await getRaw(`http://127.0.0.1:${bare.port}/product/${productId(7)}`)
    if (String(check.headers['content-encoding'] ?? 'identity') !== page.encoding)
      throw new Error(`the bare page answers ${check.headers['content-encoding']}, the server ${page.encoding}`)
    const barePage = await runPages(`${target} bare`, `http://127.0.0.1:${bare.port}`, bare.child.pid!, 'shared')
    return { every, ssr, bare: barePage, page }
  } finally {
    await stopProcess(bare.child)
    await rm(dir, { recursive: true, force: true })
  }
}

async function benchDatabase(
  target: 'pglite' | 'postgres',
  mix: Mix,
): Promise<{
  outcome: Outcome
  bodies: Awaited<ReturnType<typeof recordBodies>>
  pages: Awaited<ReturnType<typeof benchPages>> | undefined
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-'))
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  if (target === 'postgres') {
    const fresh = await freshPostgres('bench', PG_SERVER)
    databaseUrl = fresh.url
    dropDatabase = fresh.drop
  }
  try {
    console.info(`\n[${target}] seeding ${SIZES.listings} listings and ${SIZES.customers} customers…`)
    const seeded = performance.now()
    const database = await openDatabase(databaseUrl, dataDir)
    await database.migrate()
    await seedReferenceData(database.db)
    const migrated = performance.now()
    await seedBench(database.db, SIZES)
    console.info(`  opened and migrated in ${((migrated - seeded) / 1000).toFixed(1)} s`)
    await database.close()
    const seedSeconds = (performance.now() - seeded) / 1000
    console.info(`  seeded in ${seedSeconds.toFixed(1)} s`)

    const port = await freePort()
    const server = await startProcess(['apps/server/src/server.ts'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      // the build checked in main(): its server bundle renders the pages
      WEB_DIST,
      AUTH_SECRET,
      // the per-account booking limit (20 per 10 min) and the per-IP limits would answer 429 to a load generator
      RATE_LIMIT_FACTOR: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    })
    try {
      const base = `http://127.0.0.1:${server.port}`
      await sanityCheck(base, mix)
      await mix.recordSearchPages(base)
      const bodies = await recordBodies(base, mix)
      const outcome = await runTarget(target, base, server.child.pid!, mix, seedSeconds)
      if (PER_KIND_SECONDS > 0) await runPerKind(target, base, server.child.pid!, mix)
      // (stops the server before the bare route runs, so the two never share the CPU)
      const pages = PAGES ? await benchPages(target, base, server.child) : undefined
      return { outcome, bodies, pages }
    } finally {
      await stopProcess(server.child)
    }
  } finally {
    await dropDatabase()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The columns every run's table row shares: latency, counts, answers that were not 2xx, peak memory. */
function runColumns(o: RunFigures) {
  return {
    p50_ms: o.p50,
    p99_ms: o.p99,
    requests: o.requests,
    errors: o.errors,
    non2xx: Object.entries(o.non2xx)
      .map(([s, n]) => `${s}×${n}`)
      .join(' '),
    peak_rss_mb: o.peakRssMb,
  }
}

/** On PostgreSQL, search p99 under this many ms at BENCH_CONNECTIONS (10). */
const SEARCH_P99_TARGET_MS = 100

/**
 * The searches of the mix per target: their requests/s, latency and ratio to the ceiling's (which answers
 * the same searches with one recorded body); true when PostgreSQL's p99 misses the target.
 */
function printSearch(outcomes: Outcome[]): boolean {
  const figures = outcomes.map((o) => {
    const kinds = SEARCH_KINDS.map((k) => o.kinds.get(k)!)
    const latencies = kinds.flatMap((k) => k.latencies).sort((a, b) => a - b)
    const statuses: Record<string, number> = {}
    for (const k of kinds) for (const [s, n] of Object.entries(k.statuses)) statuses[s] = (statuses[s] ?? 0) + n
    return { o, rps: latencies.length / SECONDS, latencies, statuses }
  })
  const ceiling = figures.find((f) => f.o.target === 'ceiling')
  console.info(`\nSearch (${SEARCH_KINDS.join(', ')}; within the mix above)`)
  console.table(
    figures.map((f) => ({
      target: f.o.target,
      'search req/s': Math.round(f.rps),
      'ratio to ceiling': ceiling ? `${(f.rps / Math.max(1e-9, ceiling.rps)).toFixed(2)}×` : '',
      p50_ms: Number(percentile(f.latencies, 50).toFixed(1)),
      p99_ms: Number(percentile(f.latencies, 99).toFixed(1)),
      statuses: Object.entries(f.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    })),
  )
  const pg = figures.find((f) => f.o.target === 'postgres')
  if (!pg) return false
  const p99 = percentile(pg.latencies, 99)
  const met = p99 < SEARCH_P99_TARGET_MS
  console.info(
    `  postgres: search p99 ${p99.toFixed(1)} ms (target < ${SEARCH_P99_TARGET_MS} ms) ${met ? 'met' : 'MISSED'}`,
  )
  return !met
}

/** The product page table and its budget; true when a page run had errors or missed the ratio. */
function printPages(pages: { target: string; result: Awaited<ReturnType<typeof benchPages>> }[]): boolean {
  if (pages.length === 0) return false
  const { page } = pages[0]!.result
  console.info(
    `\nServer-rendered GET /product/:id: a random listing of ${SIZES.listings} or one shared listing, signed out, ${CONNECTIONS} connections, ` +
      `${PAGE_SECONDS} s per target, accept-encoding "${PAGE_ENCODING}" (answered ${page.encoding}: ` +
      `${(page.html.length / 1024).toFixed(1)} KB HTML, ${(page.wireBytes / 1024).toFixed(1)} KB on the wire); ` +
      'bare = Fastify answering the page recorded from the same server, compressed once the same way (constant bytes)',
  )
  console.info(
    '  budget on "one shared listing" (the same bytes on both sides; the signed-out page cache may answer); ' +
      '"every listing" renders each page (its ratio is printed, not budgeted)',
  )
  const row = (o: PageOutcome, ratio: string) => ({
    target: o.target,
    'pages/s': Math.round(o.rps),
    ...runColumns(o),
    cpu_ms_per_page: Number(o.cpuMsPerPage.toFixed(2)),
    'SSR/bare': ratio,
  })
  let failed = false
  const verdicts: string[] = []
  const rows = pages.flatMap(({ target, result: { every, ssr, bare } }) => {
    const ratio = ssr.rps / Math.max(1e-9, bare.rps)
    const everyRatio = every.rps / Math.max(1e-9, bare.rps)
    const clean =
      every.errors + ssr.errors + bare.errors === 0 &&
      Object.keys(every.non2xx).length + Object.keys(ssr.non2xx).length + Object.keys(bare.non2xx).length === 0
    if (ratio < PAGE_RATIO_TARGET || !clean) failed = true
    verdicts.push(
      `${target}: SSR/bare ${ratio.toFixed(2)}× (target ≥ ${PAGE_RATIO_TARGET}×) ${ratio >= PAGE_RATIO_TARGET ? 'met' : 'MISSED'}` +
        (clean ? ', no errors or non-2xx' : ', ERRORS or non-2xx answers'),
    )
    return [row(every, `${everyRatio.toFixed(2)}× (not budgeted)`), row(ssr, `${ratio.toFixed(2)}×`), row(bare, '')]
  })
  console.table(rows)
  for (const v of verdicts) console.info(`  ${v}`)
  if (failed) console.error('the product page budget is missed (ratio, errors or non-2xx above): the bench fails')
  return failed
}

async function main() {
  if (PAGES && !existsSync(path.join(WEB_DIST, 'server', 'index.js'))) {
    throw new Error(
      'the web app is not built (apps/web/dist/server/index.js): run `npm run build` first, or BENCH_PAGES=0',
    )
  }
  const mix = new Mix(SIZES, tokenKey(AUTH_SECRET))
  await mix.mintTokens()
  const outcomes: Outcome[] = []
  let bodies: Awaited<ReturnType<typeof recordBodies>> | undefined
  const pages: { target: string; result: Awaited<ReturnType<typeof benchPages>> }[] = []
  for (const target of TARGETS) {
    if (target === 'pglite' || target === 'postgres') {
      const r = await benchDatabase(target, new Mix(SIZES, tokenKey(AUTH_SECRET)).adoptTokens(mix))
      outcomes.push(r.outcome)
      bodies ??= r.bodies
      if (r.pages) pages.push({ target, result: r.pages })
    }
  }
  if (TARGETS.includes('ceiling')) {
    if (!bodies) throw new Error('the ceiling replays bodies recorded from a database target: add pglite or postgres')
    console.info('\n[ceiling] bare Fastify answering the same mix with constant bodies')
    const dir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-ceiling-'))
    const file = path.join(dir, 'routes.json')
    await writeFile(file, JSON.stringify(bodies))
    const ceiling = await startProcess(['scripts/bench-ceiling.ts', file], {})
    try {
      const base = `http://127.0.0.1:${ceiling.port}`
      outcomes.push(
        await runTarget(
          'ceiling',
          base,
          ceiling.child.pid!,
          new Mix(SIZES, tokenKey(AUTH_SECRET)).adoptTokens(mix),
          undefined,
        ),
      )
    } finally {
      await stopProcess(ceiling.child)
      await rm(dir, { recursive: true, force: true })
    }
  }

  console.info(
    `\nSummary: ${SIZES.listings} listings, ${SIZES.customers} customers, ${CONNECTIONS} connections, ${SECONDS} s per target ` +
      `(mix ${WEIGHTS.map(([k, w]) => `${k} ${w}%`).join(', ')})`,
  )
  console.table(
    outcomes.map((o) => ({
      target: o.target,
      seed_s: o.seedSeconds === undefined ? '' : Number(o.seedSeconds.toFixed(1)),
      'req/s': Math.round(o.rps),
      ...runColumns(o),
      cpu_ms_per_req: Number(o.cpuMsPerRequest.toFixed(2)),
    })),
  )
  const searchFailed = printSearch(outcomes)
  const pagesFailed = printPages(pages)
  if (outcomes.some((o) => o.errors > 0)) {
    console.error('errors (connection errors, timeouts or 5xx) above: the bench fails')
    process.exit(1)
  }
  if (pagesFailed || searchFailed) process.exit(1)
}

await main()
