// `npm run bench`: seeds 10,000 listings into a fresh embedded database, starts the real server and a bare
// Fastify "ceiling" serving constant bodies of the same size, and measures both with autocannon.
// Options (env): BENCH_LISTINGS (10000), BENCH_SECONDS (10), BENCH_CONNECTIONS (10), DATABASE_URL (a postgres:// URL to bench PostgreSQL instead).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { seedReferenceData } from '../apps/server/src/db/demo/seed.ts'
import { products, users } from '../apps/server/src/db/schema/index.ts'

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const root = fileURLToPath(new URL('..', import.meta.url))

const ENDPOINTS = ['/api/categories', '/api/categoryDetails?category=Tote&limit=24']

async function seed(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase(databaseUrl, dataDir)
  await database.migrate()
  await seedReferenceData(database.db)
  const db = database.db
  const sellers = Array.from({ length: 50 }, (_, i) => ({
    id: randomUUID(),
    name: `Bench Seller ${i}`,
    email: `bench-seller-${i}-${randomUUID().slice(0, 6)}@bench.test`,
    role: 'seller' as const,
    verified: i % 2 === 0,
  }))
  await db.insert(users).values(sellers)
  const cats = ['Shoulder', 'Tote', 'Backpacks'] as const
  const start = Date.now() - LISTINGS * 60_000
  for (let offset = 0; offset < LISTINGS; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, LISTINGS - offset) }, (_, j) => {
      const i = offset + j
      return {
        sellerId: sellers[i % sellers.length]!.id,
        title: `Bench bag ${i} — a well-kept leather bag`,
        img: '/uploads/000000000000000000000000-800.webp',
        thumb: '/uploads/000000000000000000000000-320.webp',
        category: cats[i % 3]!,
        originalPriceCents: 20_000 + (i % 500) * 100,
        resellPriceCents: 10_000 + (i % 400) * 100,
        year: String(2010 + (i % 15)),
        location: ['Lisbon', 'Austin', 'Berlin', 'Osaka'][i % 4]!,
        phone: '+1 555 0100',
        condition: (['excellent', 'good', 'fair'] as const)[i % 3]!,
        description: 'Gently used, clean lining, all hardware intact. Comes with its dust bag.',
        specialty: 'Dust bag included',
        advertisement: i % 50 === 0,
        status: i % 20 === 0 ? ('sold' as const) : ('available' as const),
        createdAt: new Date(start + i * 60_000),
      }
    })
    await db.insert(products).values(batch)
  }
  await database.close()
}

function startProcess(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /^(\d+)\n/m.exec(out) ?? /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) resolve({ child, port: Number(m[1]) })
    })
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${out.slice(-500)}`)))
  })
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-'))
  const databaseUrl = process.env.DATABASE_URL || undefined
  console.info(`Seeding ${LISTINGS} listings (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})…`)
  const seeded = Date.now()
  await seed(dataDir, databaseUrl)
  console.info(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`)

  const server = await startProcess(['apps/server/src/server.ts'], {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'info',
    DEMO_DATA: 'false',
    RATE_LIMIT_FACTOR: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  const base = `http://127.0.0.1:${server.port}`
  const bodies: Record<string, string> = {}
  for (const endpoint of ENDPOINTS) {
    const res = await fetch(base + endpoint)
    if (!res.ok) throw new Error(`${endpoint}: ${res.status}`)
    bodies[endpoint.split('?')[0]!] = await res.text()
  }
  const bodiesFile = path.join(dataDir, 'ceiling-bodies.json')
  await writeFile(bodiesFile, JSON.stringify(bodies))
  const ceiling = await startProcess(['scripts/bench-ceiling.ts', bodiesFile], {})

  const rows: {
    endpoint: string
    bytes: number
    rps: number
    p50: number
    p99: number
    errors: number
    ceilingRps: number
    ceilingP99: number
    ratio: string
  }[] = []
  try {
    for (const endpoint of ENDPOINTS) {
      const key = endpoint.split('?')[0]!
      console.info(`Measuring ${endpoint} for ${SECONDS} s with ${CONNECTIONS} connections…`)
      const ceil = await measure(`http://127.0.0.1:${ceiling.port}${key}`)
      const real = await measure(base + endpoint)
      rows.push({
        endpoint,
        bytes: Buffer.byteLength(bodies[key]!),
        rps: Math.round(real.rps),
        p50: real.p50,
        p99: real.p99,
        errors: real.errors,
        ceilingRps: Math.round(ceil.rps),
        ceilingP99: ceil.p99,
        ratio: (real.rps / ceil.rps).toFixed(2),
      })
    }
  } finally {
    server.child.kill('SIGTERM')
    ceiling.child.kill('SIGTERM')
  }
  console.info(
    `\nResults (${LISTINGS} listings, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${CONNECTIONS} connections, ${SECONDS} s each)`,
  )
  console.table(rows)
  await new Promise((r) => setTimeout(r, 500))
  await rm(dataDir, { recursive: true, force: true })
  if (rows.some((r) => r.errors > 0)) process.exit(1)
}

await main()
