// `npm run bench:live`: live updates under load. Two server instances on one fresh PostgreSQL database
// (A and B, the real app as src/server.ts starts it: apps/server/test/system/live-instance.ts); this process opens
// BENCH_LIVE_CONNECTIONS (2,000) Server-Sent Events streams to instance B over loopback, BENCH_LIVE_PER_USER (5) per
// user (tabs and devices, within the limit of 10), and keeps them for BENCH_LIVE_SECONDS (60). Meanwhile it sends
// BENCH_LIVE_RATE (20) messages a second between random pairs of those users (half of them buyers, half sellers with
// one bag each), alternately through A and B, through the real routes: a buyer's first message to a seller is
// POST /api/conversations (which opens the conversation), every later one, either way, POST
// /api/conversations/{id}/messages. Each message is a 'message' event for both parties (and, for the first of an
// unread run, a notification too, which is not counted here).
// Prints: the delivery latency p50/p99/max (sent: before the POST; received: parsed off the stream, both on this
// process's clock), deliveries expected/received, lost, duplicated and misdelivered events (must all be 0), the
// streams that ended early (0), each server's RSS (now and peak) and CPU (% of one core over the run), and the file
// descriptor limit it ran under. Exits 1 if anything was lost, doubled, misdelivered, refused or ended.
// Options (env): BENCH_LIVE_CONNECTIONS, BENCH_LIVE_PER_USER, BENCH_LIVE_SECONDS, BENCH_LIVE_RATE,
// BENCH_LIVE_TRANSPORT (postgres | redis: REDIS_URL for both instances, BENCH_REDIS_URL or redis://127.0.0.1:6379),
// BENCH_DATABASE_URL (a PostgreSQL server's database to connect to; default postgres://postgres@127.0.0.1:5432/test).
// No rate limit is raised: 5 streams per user, and the messages of a user stay under 30 a minute at the default rate
// (about 3 a minute each, on average, for 400 users).
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { seedReferenceData } from '../apps/server/src/db/demo/seed.ts'
import { signAccessToken, tokenKey } from '../apps/server/src/lib/tokens.ts'
import { insertProduct } from '../apps/server/test/fixtures.ts'
import { freshPostgres } from '../apps/server/test/fresh-postgres.ts'
import { freePort } from '../apps/server/test/system/harness.ts'
import { type LiveInstance, startLiveInstance } from '../apps/server/test/system/live-harness.ts'
import { SseParser } from '../apps/server/test/system/live-sse.ts'

const env = process.env
const CONNECTIONS = Number(env.BENCH_LIVE_CONNECTIONS ?? 2000)
const PER_USER = Number(env.BENCH_LIVE_PER_USER ?? 5)
const SECONDS = Number(env.BENCH_LIVE_SECONDS ?? 60)
const RATE = Number(env.BENCH_LIVE_RATE ?? 20)
const TRANSPORT = env.BENCH_LIVE_TRANSPORT === 'redis' ? 'redis' : 'postgres'
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PG_SERVER = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const USERS = Math.ceil(CONNECTIONS / PER_USER)
const AUTH_SECRET = randomBytes(32).toString('hex')

const log = (line: string) => process.stdout.write(`${line}\n`)

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}
function memMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN
}
/** The bench's number of a message, from its text ("Bench message 12"). */
const refOf = (text: string) => {
  const m = /^Bench message (\d+)$/.exec(text)
  return m ? Number(m[1]) : undefined
}
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

interface Conn {
  user: number
  res?: http.IncomingMessage
  ready: boolean
  ended: boolean
  /** Message refs received on this connection. */
  got: Set<number>
}

async function main() {
  const fdLimit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim())
  log(`file descriptors: ulimit -n = ${fdLimit} (this process holds one per stream, and so does instance B)`)
  if (Number.isFinite(fdLimit) && fdLimit < CONNECTIONS + 200) {
    log(`ulimit -n is below ${CONNECTIONS + 200}: raise it (ulimit -n 4096) or lower BENCH_LIVE_CONNECTIONS`)
    process.exit(1)
  }
  const db = await freshPostgres('preloved_bench_live', PG_SERVER)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-live-'))
  let a: LiveInstance | undefined
  let b: LiveInstance | undefined
  try {
    // the schema, then the users and their sessions (tokens are minted from them, as /api/jwt does)
    const database = await openDatabase(db.url, dataDir)
    await database.migrate()
    const pool = (database.db as unknown as { $client: { query(q: string, p?: unknown[]): Promise<unknown> } }).$client
    await pool.query(
      `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
       select 'bench-live-' || i, 'Live ' || i, 'live-' || i || '@bench.test', true,
              case when i % 2 = 0 then 'seller' else 'customer' end, now(), now()
       from generate_series(1, $1) i`,
      [USERS],
    )
    await pool.query(
      `insert into session (id, expires_at, token, user_id, created_at, updated_at)
       select 'bench-live-session-' || i, now() + interval '1 day', 'bench-live-token-' || i, 'bench-live-' || i,
              now(), now()
       from generate_series(1, $1) i`,
      [USERS],
    )
    // each seller (the odd indexes here: users bench-live-2, -4…) has one bag that buyers write about
    await seedReferenceData(database.db)
    const bagOf = new Map<number, string>()
    for (let u = 1; u < USERS; u += 2) {
      const bag = await insertProduct(database.db, `bench-live-${u + 1}`, { title: `Bench bag ${u}` })
      bagOf.set(u, bag.id)
    }
    await database.close()
    const key = tokenKey(AUTH_SECRET)
    const tokens: string[] = []
    for (let i = 1; i <= USERS; i++) {
      tokens.push(
        await signAccessToken(key, {
          sub: `bench-live-${i}`,
          email: `live-${i}@bench.test`,
          sid: `bench-live-session-${i}`,
        }),
      )
    }

    const common = {
      DATABASE_URL: db.url,
      AUTH_SECRET,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(TRANSPORT === 'redis' ? { REDIS_URL } : {}),
    }
    a = await startLiveInstance({ ...common, PORT: String(await freePort()) })
    b = await startLiveInstance({ ...common, PORT: String(await freePort()) })
    const bPid = b.child.pid!
    const aPid = a.child.pid!
    log(`instances: A ${a.url} (pid ${aPid}), B ${b.url} (pid ${bPid}); transport ${TRANSPORT}`)
    const rssBefore = memMb(bPid, 'VmRSS')

    // the streams, to B, a hundred at a time
    const conns: Conn[] = []
    const byUser = new Map<number, Conn[]>()
    const sentAt = new Map<number, { at: number; to: Set<number> }>()
    const latencies: number[] = []
    let duplicates = 0
    let misdelivered = 0
    let stray = 0
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
    const open = (c: Conn) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          `${b!.url}/api/events`,
          { agent, headers: { accept: 'text/event-stream', authorization: `Bearer ${tokens[c.user]}` } },
          (res) => {
            if (res.statusCode !== 200) {
              reject(new Error(`stream of user ${c.user}: ${res.statusCode}`))
              res.resume()
              return
            }
            c.res = res
            const parser = new SseParser()
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => {
              const now = performance.timeOrigin + performance.now()
              for (const m of parser.push(chunk)) {
                if (m.event === 'ready') {
                  c.ready = true
                  resolve()
                  continue
                }
                if (m.event !== 'message' || m.data === undefined) continue
                const data = JSON.parse(m.data) as { message: { text: string } }
                const ref = refOf(data.message.text)
                const sent = ref === undefined ? undefined : sentAt.get(ref)
                if (!sent) {
                  stray++
                  continue
                }
                if (!sent.to.has(c.user)) {
                  misdelivered++
                  continue
                }
                if (c.got.has(ref!)) {
                  duplicates++
                  continue
                }
                c.got.add(ref!)
                latencies.push(now - sent.at)
              }
            })
            res.on('close', () => {
              c.ended = true
            })
          },
        )
        req.on('error', reject)
      })
    const opening = Date.now()
    for (let i = 0; i < CONNECTIONS; i++) {
      const c: Conn = { user: i % USERS, ready: false, ended: false, got: new Set() }
      conns.push(c)
      byUser.set(c.user, [...(byUser.get(c.user) ?? []), c])
    }
    for (let i = 0; i < conns.length; i += 100) await Promise.all(conns.slice(i, i + 100).map(open))
    log(`${conns.length} streams open on B for ${USERS} users in ${((Date.now() - opening) / 1000).toFixed(1)} s`)
    const rssOpen = memMb(bPid, 'VmRSS')

    // the messages: RATE a second for SECONDS, between random pairs, through A and B in turn
    const cpuA0 = cpuMs(aPid)
    const cpuB0 = cpuMs(bPid)
    const started = performance.now()
    const total = Math.round(RATE * SECONDS)
    const publishing: Promise<unknown>[] = []
    let failed = 0
    const refused: string[] = []
    // the conversation of each buyer and seller pair, once its first message made it
    const conversationOf = new Map<string, Promise<string | undefined>>()
    const post = async (via: LiveInstance, from: number, url: string, body: unknown) => {
      const res = await fetch(via.url + url, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[from]}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = (await res.json()) as { conversationId?: string; message?: string }
      if (res.status !== 201) throw new Error(`${res.status} ${answer.message ?? ''}`)
      return answer
    }
    const send = async (via: LiveInstance, ref: number, buyer: number, seller: number, fromBuyer: boolean) => {
      const text = `Bench message ${ref}`
      const pair = `${buyer}-${seller}`
      const started = conversationOf.get(pair)
      if (!started) {
        // the buyer opens the conversation with the first message of the pair
        const opened = post(via, buyer, '/api/conversations', { productId: bagOf.get(seller), text }).then(
          (m) => m.conversationId,
        )
        conversationOf.set(pair, opened)
        await opened
        return
      }
      const id = await started
      if (!id) throw new Error(`no conversation for ${pair}`)
      await post(via, fromBuyer ? buyer : seller, `/api/conversations/${id}/messages`, { text })
    }
    for (let ref = 1; ref <= total; ref++) {
      const due = started + ((ref - 1) * 1000) / RATE
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      // a random buyer (even index) and seller (odd index), and who of them writes
      const buyer = 2 * Math.floor(Math.random() * Math.ceil(USERS / 2))
      const seller = 2 * Math.floor(Math.random() * Math.floor(USERS / 2)) + 1
      const fromBuyer = Math.random() < 0.5
      const at = performance.timeOrigin + performance.now()
      sentAt.set(ref, { at, to: new Set([buyer, seller]) })
      const via = ref % 2 === 0 ? a : b
      publishing.push(
        send(via, ref, buyer, seller, fromBuyer).catch((err: Error) => {
          failed++
          sentAt.delete(ref)
          if (refused.length < 5) refused.push(`message ${ref}: ${err.message}`)
        }),
      )
    }
    await Promise.all(publishing)
    for (const line of refused) log(`refused: ${line}`)
    const elapsed = (performance.now() - started) / 1000
    // the last ones on their way
    const deadline = Date.now() + 10_000
    const expected = () => {
      let n = 0
      for (const { to } of sentAt.values()) for (const u of to) n += byUser.get(u)!.length
      return n
    }
    const received = () => conns.reduce((n, c) => n + c.got.size, 0)
    while (received() < expected() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    const cpuA = ((cpuMs(aPid) - cpuA0) / (elapsed * 1000)) * 100
    const cpuB = ((cpuMs(bPid) - cpuB0) / (elapsed * 1000)) * 100

    const want = expected()
    const got = received()
    const lost = want - got
    const ended = conns.filter((c) => c.ended).length
    const sorted = [...latencies].sort((x, y) => x - y)
    const figures = {
      transport: TRANSPORT,
      connections: CONNECTIONS,
      users: USERS,
      seconds: Number(elapsed.toFixed(1)),
      messages: total,
      messagesPerSecond: Number((total / elapsed).toFixed(1)),
      messagesRefused: failed,
      deliveriesExpected: want,
      deliveriesReceived: got,
      lost,
      duplicates,
      misdelivered,
      stray,
      endedEarly: ended,
      latencyMs: {
        p50: Number(percentile(sorted, 50).toFixed(1)),
        p99: Number(percentile(sorted, 99).toFixed(1)),
        max: Number((sorted.at(-1) ?? Number.NaN).toFixed(1)),
      },
      instanceB: {
        rssMbBeforeStreams: rssBefore,
        rssMbWithStreams: rssOpen,
        rssMbEnd: memMb(bPid, 'VmRSS'),
        rssMbPeak: memMb(bPid, 'VmHWM'),
        cpuPercentOfOneCore: Number(cpuB.toFixed(1)),
      },
      instanceA: { rssMbPeak: memMb(aPid, 'VmHWM'), cpuPercentOfOneCore: Number(cpuA.toFixed(1)) },
      fdLimit,
    }
    log('')
    log(`messages: ${total} in ${elapsed.toFixed(1)} s (${figures.messagesPerSecond}/s), half through A, half B`)
    log(`deliveries: ${got} of ${want} (lost ${lost}, duplicated ${duplicates}, misdelivered ${misdelivered})`)
    log(
      `latency sent → received: p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms`,
    )
    log(
      `instance B (${CONNECTIONS} streams): RSS ${rssBefore} MB before the streams, ${rssOpen} MB with them, ` +
        `peak ${figures.instanceB.rssMbPeak} MB; CPU ${figures.instanceB.cpuPercentOfOneCore}% of one core`,
    )
    log(
      `instance A: peak RSS ${figures.instanceA.rssMbPeak} MB; CPU ${figures.instanceA.cpuPercentOfOneCore}% of one core`,
    )
    log(`streams ended early: ${ended}`)
    log(`BENCH_LIVE ${JSON.stringify(figures)}`)
    for (const c of conns) c.res?.destroy()
    agent.destroy()
    if (lost !== 0 || duplicates !== 0 || misdelivered !== 0 || ended !== 0 || failed !== 0) process.exitCode = 1
  } finally {
    await Promise.all([a?.stop(), b?.stop()])
    await db.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
