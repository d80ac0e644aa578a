/**
 * Two instances of the server behind a round-robin balancer, on one PostgreSQL database.
 *
 *   npm run multi                 run them until Ctrl-C: the shop at http://localhost:PORT (3000), instances on PORT+1, PORT+2
 *   npm run multi -- --check      start them, show that they behave as one shop, stop (exit 1 if something did not hold)
 *
 * DATABASE_URL: a PostgreSQL database both use (default: a fresh one on TEST_DATABASE_URL's server, or on
 * postgres://postgres@127.0.0.1:5432, dropped at the end). REDIS_URL: shared rate-limit counters (without it each
 * instance counts on its own). AUTH_SECRET: shared (default: a random one for this run). DATA_DIR: shared photo
 * folder (default: a temporary one). RATE_LIMIT_FACTOR: 3 by default with --check (it signs up a dozen accounts).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type FreshDatabase, freshPostgres } from '../apps/server/test/fresh-postgres.ts'
import { Client, instanceEnv, type PairOptions, type Running, startPair } from '../apps/server/test/system/harness.ts'
import {
  photoAcrossInstances,
  samePaymentOnBoth,
  sessionAcrossInstances,
  signInAttemptsAlternating,
  twoCustomersOneBag,
} from '../apps/server/test/system/multi-scenarios.ts'

const check = process.argv.includes('--check')
const port = Number(process.env.PORT ?? 3000)
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`

async function database(): Promise<FreshDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} }
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  return freshPostgres('preloved_multi', server).catch((err: Error) => {
    console.error(`No fresh database on ${server} (${err.message}): set DATABASE_URL to a postgres:// database.`)
    process.exit(1)
  })
}

/** Round robin over the instances; each answer says which one served it (x-served-by). */
function balancer(targets: { name: string; port: number }[]) {
  let next = 0
  return createServer((req, res) => {
    const target = targets[next++ % targets.length]!
    const upstream = request(
      { host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target.name })
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: `instance ${target.name} is down` }))
    })
    req.pipe(upstream)
  })
}

async function main() {
  const db = await database()
  const ownDataDir = !process.env.DATA_DIR
  const dataDir = process.env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'preloved-multi-')))
  const options: PairOptions = {
    databaseUrl: db.url,
    dataDir,
    publicUrl,
    ports: [port + 1, port + 2],
    secret: process.env.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    redisUrl: process.env.REDIS_URL,
    // the check signs up a dozen accounts from one address: sign-up allows 10 a minute per address, times this
    rateLimitFactor: process.env.RATE_LIMIT_FACTOR ?? (check ? '3' : undefined),
    // info at least: startServer waits for the "listening at" line
    extra: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    onOutput: check ? undefined : (name, chunk) => process.stdout.write(chunk.replace(/^(?=.)/gm, `[${name}] `)),
  }
  for (const [i, p] of options.ports.entries()) {
    const env = instanceEnv(options, p)
    env.AUTH_SECRET = '(the same for both)'
    console.log(
      `instance ${'ab'[i]}: ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    )
  }
  let instances: Running[] = []
  const lb = balancer([
    { name: 'a', port: options.ports[0] },
    { name: 'b', port: options.ports[1] },
  ])
  const stop = async () => {
    lb.close()
    await Promise.all(instances.map((r) => r.stop()))
    await db.drop()
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true })
  }
  try {
    instances = await startPair(options)
  } catch (err) {
    console.error(`An instance did not start: ${(err as Error).message}`)
    await stop()
    process.exit(1)
  }
  await new Promise<void>((resolve) => lb.listen(port, '127.0.0.1', resolve))
  console.log(`balancer: ${publicUrl} → 127.0.0.1:${options.ports[0]} (a), 127.0.0.1:${options.ports[1]} (b)`)

  if (!check) {
    console.log('Ctrl-C stops both instances.')
    const onSignal = () => void stop().then(() => process.exit(0))
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
    return
  }

  const A = new Client(instances[0]!.url, publicUrl)
  const B = new Client(instances[1]!.url, publicUrl)
  const sql = new pg.Pool({ connectionString: db.url, max: 2 })
  const tag = Date.now().toString(36)
  let failed = 0
  const report = (ok: boolean, text: string, detail?: unknown) => {
    if (!ok) failed++
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${text}${ok || detail === undefined ? '' : ` — got ${JSON.stringify(detail)}`}`,
    )
  }
  try {
    const s = await sessionAcrossInstances(A, B, `multi-${tag}@example.test`)
    report(s.sessionOnB.status === 200, 'a session cookie made on A is a session on B', s.sessionOnB)
    report(
      s.bearerOfBOnA.status === 200 && s.bearerOfAOnB.status === 200,
      'a token from either instance works on the other',
      s,
    )
    report(s.jwtOnAAfterSignOut === 401, 'signing out on B ends the session on A', s)

    const p = await photoAcrossInstances(A, B, tag)
    report(p.upload === 200 && p.fromB === 200, 'a photo uploaded on A is served by B (shared DATA_DIR)', p)

    const same = await samePaymentOnBoth(A, B, sql, tag, 3)
    report(
      same.results.every((r) => r.rows === 1 && r.sameId && r.statuses.every((x) => x === 200)),
      'the same payment posted to A and B at once: one payment row, the same insertedId (3 rounds)',
      same.results,
    )
    const race = await twoCustomersOneBag(A, B, sql, tag, 3)
    report(
      race.results.every((r) => r.payments === 1 && r.product === 'sold' && r.statuses.at(-1) === 409),
      'two customers paying for one bag on A and B at once: one sale, the other 409 and refunded (3 rounds)',
      race.results,
    )
    report(race.halfWritten.length === 0, 'no payment without its booking paid and bag sold', race.halfWritten)

    const perAccount = Math.max(1, Math.ceil(8 * Number(options.rateLimitFactor ?? 1)))
    const statuses = await signInAttemptsAlternating(A, B, `limited-${tag}@example.test`, perAccount + 1)
    const first429 = statuses.indexOf(429)
    if (options.redisUrl) {
      report(
        first429 === perAccount,
        `sign-in attempts alternating on A and B: 429 after ${perAccount} together (REDIS_URL shared)`,
        statuses,
      )
    } else {
      console.log(
        `note without REDIS_URL each instance counts alone: ${perAccount + 1} attempts gave ${statuses.join(' ')}`,
      )
    }
    const viaLb = await fetch(`http://127.0.0.1:${port}/api/health`)
    report(viaLb.status === 200, `the balancer answers /api/health (served by ${viaLb.headers.get('x-served-by')})`)
  } catch (err) {
    failed++
    console.error(`FAIL ${(err as Error).message}`)
  } finally {
    await sql.end()
    await stop()
  }
  console.log(failed === 0 ? 'all held' : `${failed} did not hold`)
  process.exit(failed === 0 ? 0 : 1)
}

void main()
