// A seller's stars and badges are computed per request (modules/reviews/reviews.repository.ts
// standingFigures), on every seller profile and every single-listing answer. This measures that query on a large
// shop: BENCH_ORDERS orders and as many reviews spread over BENCH_SELLERS sellers, plus one busy seller with
// BENCH_BUSY of each. Prints p50/p99 for the busy seller, a typical one and one without orders (read afresh, and with
// the review count and star sum in memory as between two reviews), on the
// embedded database (PGlite) and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
// Run: node --import tsx scripts/bench-standing.ts (BENCH_TARGETS=pglite,postgres).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { forgetRatingSums, standingFigures } from '../apps/server/src/modules/reviews/reviews.repository.ts'
import { freshPostgres } from '../apps/server/test/fresh-postgres.ts'
import { percentile } from './bench-mix.ts'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000)
const SELLERS = Number(process.env.BENCH_SELLERS ?? 2_000)
const BUSY = Number(process.env.BENCH_BUSY ?? 20_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 300)
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',')
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Orders (shipped and completed, 1–100 h to ship) and their reviews, written in SQL without the foreign keys' checks. */
async function seed(db: Database['db']) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`
      insert into "user" (id, name, email, role, verified)
      select 'seller-' || g, 'Seller ' || g, 'seller' || g || '@bench.test', 'seller', g % 3 = 0
      from generate_series(0, ${SELLERS}) g`)
    await tx.execute(sql`
      insert into "user" (id, name, email, role) values ('buyer', 'Bench Buyer', 'buyer@bench.test', 'customer'),
        ('seller-new', 'New Seller', 'new@bench.test', 'seller')`)
    // seller-0 is the busy one; the rest share ORDERS
    await tx.execute(sql`
      insert into "order" (id, payment_id, product_id, buyer_id, seller_id, status, price, amount_paid,
        commission_percent, ship_days, auto_complete_days, ship_by, shipped_at, carrier, tracking_number,
        auto_complete_at, completed_at, address, created_at)
      select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'buyer',
        case when g <= ${BUSY} then 'seller-0' else 'seller-' || (1 + g % ${SELLERS}) end,
        'completed', 10000, 10000, 12, 5, 3,
        t0 + interval '5 days', t0 + make_interval(hours => 1 + g % 100), 'UPS', 'T' || g,
        t0 + interval '8 days', t0 + interval '8 days', '{}'::jsonb, t0
      from (select g, now() - make_interval(mins => g) as t0 from generate_series(1, ${BUSY + ORDERS}) g) s`)
    await tx.execute(sql`
      insert into review (order_id, seller_id, buyer_id, rating, text, created_at)
      select id, seller_id, buyer_id, 1 + (abs(hashtext(id::text)) % 5), 'Fine', completed_at from "order"`)
  })
  await db.execute(sql`analyze`)
}

/** `cold`: the review sums read from the database each time (as after a review, or once a minute); else from memory. */
async function measure(db: Database['db'], sellerId: string, cold: boolean) {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    if (cold) forgetRatingSums(db, sellerId)
    const started = performance.now()
    await standingFigures(db, sellerId)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50).toFixed(2), p99: percentile(times, 99).toFixed(2) }
}

for (const target of TARGETS) {
  const dir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-standing-'))
  const fresh = target === 'postgres' ? await freshPostgres('preloved_bench_standing', PG_URL) : undefined
  const database = await openDatabase(fresh?.url ?? 'memory://', dir)
  try {
    await database.migrate()
    const seeded = performance.now()
    await seed(database.db)
    console.info(
      `${target}: ${BUSY + ORDERS} orders and reviews seeded in ${Math.round(performance.now() - seeded)} ms`,
    )
    for (const [label, id] of [
      [`busy seller (${BUSY} orders and reviews)`, 'seller-0'],
      [`typical seller (${Math.round(ORDERS / SELLERS)})`, 'seller-7'],
      ['seller without orders', 'seller-new'],
    ] as const) {
      const cold = await measure(database.db, id, true)
      const warm = await measure(database.db, id, false)
      console.info(
        `${target}: ${label}: p50 ${cold.p50} ms, p99 ${cold.p99} ms read afresh; p50 ${warm.p50} ms, p99 ${warm.p99} ms with the review sums in memory`,
      )
    }
  } finally {
    await database.close()
    await fresh?.drop()
    await rm(dir, { recursive: true, force: true })
  }
}
