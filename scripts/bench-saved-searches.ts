// Saved searches and a seller posting (decision 033): BENCH_SEARCHERS free accounts keep 20 saved searches each (300 by
// default: words, misspelt words, filters), then one seller lists BENCH_LISTINGS bags one after another through
// POST /api/categoryDetails while a shopper reads their unread count (GET /api/notifications/unread, a database read)
// every 20 ms. Prints the listing requests' and the readers' p50/p99/max, then (when the app has it) the matching job's time
// for the listings posted. In-process (app.inject) on the embedded database (PGlite, in memory), or on PostgreSQL with
// BENCH_TARGET=postgres (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Limits are raised.
// Run: npm run bench:saved-searches (the figures are in docs/decisions/033-…).
import { signUp } from '../apps/server/test/auth-helpers.ts'
import { buildTestApp } from '../apps/server/test/build-test-app.ts'
import { listingBody } from '../apps/server/test/fixtures.ts'
import { uploadPhoto } from '../apps/server/test/upload.ts'
import { percentile } from './bench-mix.ts'

const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 15)
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 40)
if (process.env.BENCH_TARGET === 'postgres') {
  process.env.TEST_DB_DRIVER = 'postgres'
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
}

const QUERIES = [
  'q=tote',
  'q=chanel%20flap',
  'q=kely%20bag',
  'colour=black&category=Tote',
  'material=suede&maxPrice=900',
  'brand=hermes&verified=true',
  'q=leather&condition=good',
  'category=Shoulder&minPrice=100&maxPrice=400',
  'q=vintage',
  'q=canvs%20shopper',
]

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  const f = (n: number) => `${n.toFixed(1)} ms`
  return `p50 ${f(percentile(sorted, 50))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted.at(-1) ?? 0)} (${ms.length})`
}

const t = await buildTestApp({
  RATE_LIMIT_FACTOR: '1000',
  LISTINGS_PER_HOUR_UNVERIFIED: '100000',
  LISTINGS_PER_HOUR_VERIFIED: '100000',
  // the job runs when this script says so, after the posting
  SAVED_SEARCH_MATCH_SECONDS: '86400',
})
try {
  const seller = await signUp(t.app, { email: 'bench-seller@example.test', role: 'seller' })
  const photo = await uploadPhoto(t.app, seller, '#335577')
  let searches = 0
  for (let i = 0; i < SEARCHERS; i++) {
    const s = await signUp(t.app, { email: `bench-searcher${i}@example.test`, role: 'customer' })
    for (let j = 0; j < 20; j++) {
      // 300 different queries: each with its own lowest price
      const base = QUERIES[(i + j) % QUERIES.length]!
      const low = i * 20 + j
      const query = base.includes('minPrice=')
        ? base.replace('minPrice=100', `minPrice=${100 + low}`)
        : `${base}&minPrice=${low}`
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: s.bearer,
        payload: { name: `Search ${j}`, query },
      })
      if (res.statusCode !== 201) throw new Error(`saved search: ${res.statusCode} ${res.body}`)
      searches++
    }
  }
  const listing: number[] = []
  /** Reads every 20 ms while `during` runs: what other requests wait meanwhile. */
  const shopper = await signUp(t.app, { email: 'bench-shopper@example.test', role: 'customer' })
  async function readWhile(during: () => Promise<unknown>) {
    const reading: number[] = []
    let busy = true
    const reader = (async () => {
      while (busy) {
        const started = performance.now()
        // a read that asks the database each time (no cache): what every request waits for on one connection
        const res = await t.app.inject({ method: 'GET', url: '/api/notifications/unread', headers: shopper.bearer })
        if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode}`)
        reading.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    try {
      await during()
    } finally {
      busy = false
      await reader
    }
    return reading
  }
  const readingWhilePosting = await readWhile(async () => {
    for (let i = 0; i < LISTINGS; i++) {
      const started = performance.now()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/categoryDetails',
        headers: seller.bearer,
        payload: listingBody(photo, { title: `Black leather tote ${i}`, colour: 'black', resell_price: 150 + i }),
      })
      if (res.statusCode !== 200) throw new Error(`listing: ${res.statusCode} ${res.body}`)
      listing.push(performance.now() - started)
    }
  })
  console.log(`${process.env.BENCH_TARGET ?? 'pglite'}: ${searches} saved searches, ${LISTINGS} listings in a row`)
  console.log(`  POST /api/categoryDetails: ${stats(listing)}`)
  console.log(`  GET /api/notifications/unread meanwhile: ${stats(readingWhilePosting)}`)
  const service = await import('../apps/server/src/modules/saved-searches/saved-searches.service.ts')
  const notify = await import('../apps/server/src/modules/notifications/notify.ts')
  if ('matchNewListings' in service) {
    let ms = 0
    let run = { listings: 0, notified: 0 }
    const readingWhileMatching = await readWhile(async () => {
      const started = performance.now()
      run = await service.matchNewListings(notify.notifyDepsOf(t.app), { maxBatches: 1000 })
      ms = performance.now() - started
    })
    console.log(
      `  matching job, after: ${run.listings} listings, ${run.notified} notifications in ${ms.toFixed(0)} ms ` +
        `(${(ms / Math.max(1, run.listings)).toFixed(1)} ms a listing)`,
    )
    console.log(`  GET /api/notifications/unread meanwhile: ${stats(readingWhileMatching)}`)
  }
} finally {
  await t.close()
}
