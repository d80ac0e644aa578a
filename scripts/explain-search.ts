// Seeds the bench's 100,000 listings into a fresh PostgreSQL database and prints EXPLAIN ANALYZE of search's
// statements for a few searches (decision 018). `node --import tsx scripts/explain-search.ts [url] [keep]`.
import { randomBytes } from 'node:crypto'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { seedReferenceData } from '../apps/server/src/db/demo/seed.ts'
import { BrandIndex } from '../apps/server/src/modules/brands/brand-index.ts'
import { SearchMemory } from '../apps/server/src/modules/search/listing-columns.ts'
import { search } from '../apps/server/src/modules/search/search.service.ts'
import { SearchChanges } from '../apps/server/src/modules/search/search-cache.ts'
import { freshPostgres } from '../apps/server/test/fresh-postgres.ts'
import { searchQuerySchema } from '../packages/shared/src/search.ts'
import { seedBench } from './bench-seed.ts'

const server = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test'
const existing = process.env.EXPLAIN_DATABASE_URL
const fresh = existing ? undefined : await freshPostgres('explain', server)
const database = await openDatabase(existing ?? fresh!.url, '/tmp')
if (!existing) {
  await database.migrate()
  await seedReferenceData(database.db)
  await seedBench(database.db, { listings: 100_000, customers: 1000, sellers: 50 })
  console.info(`seeded ${fresh!.url}`)
}
const pool = (database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows: unknown[] }> } })
  .$client
const original = pool.query.bind(pool)
const shapes = process.env.SHAPES
  ? process.env.SHAPES.split('|')
  : [
      'q=chanel',
      'q=chanle%20flap',
      'q=gucc&sort=price_asc',
      'q=black%20leather',
      'brand=chanel&colour=black&sort=newest',
      'colour=black&material=leather&condition=good&sort=price_desc',
      'minPrice=500&maxPrice=2000&category=Tote&sort=price_asc',
      'q=mini%20saddle&brand=dior&colour=red',
      'q=medium%20tote&verified=true&condition=fair&sort=newest',
      'sort=newest',
    ]
for (const shape of shapes) {
  const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(shape)))
  const timings: { ms: number; text: string; plan: string }[] = []
  pool.query = async (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const params = (values ?? (config as { values?: unknown[] }).values) as unknown[]
    const started = performance.now()
    const result = await original(config as never, values as never)
    const ms = performance.now() - started
    if (/select/i.test(text) && !/^explain/i.test(text)) {
      const plan = await original({ text: `explain (analyze, buffers) ${text}`, values: params })
      timings.push({ ms, text, plan: plan.rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n') })
    }
    return result
  }
  const deps = {
    db: database.db,
    now: new Date(),
    brands: new BrandIndex(database.db),
    // a fresh memory per shape: each shape's statements are read (and explained) as on a first search
    memory: new SearchMemory(database.db, new SearchChanges(), 0),
    cursorKey: randomBytes(32),
  }
  const started = performance.now()
  await search(deps as never, query)
  pool.query = original as never
  console.info(`\n===== ${shape}: ${(performance.now() - started).toFixed(1)} ms (with EXPLAIN runs)`)
  for (const t of timings) console.info(`--- ${t.ms.toFixed(1)} ms\n${t.text}\n${t.plan}`)
}
await database.close()
if (fresh && process.argv[3] !== 'keep') await fresh.drop()
