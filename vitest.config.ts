import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * Test files that need a server of their own, by name, wherever they live: `*.pg.test.ts` needs a PostgreSQL server
 * (TEST_DATABASE_URL), `*.redis.test.ts` a Redis one (TEST_REDIS_URL). Every project leaves them out when the variable
 * is unset, so that `npm test` passes on a machine with neither; `.ci/run` checks statically (scripts/check-test-needs.ts)
 * that no other test file reads those variables or opens a PostgreSQL database itself.
 */
const pgOnly = '**/*.pg.test.ts'
const redisOnly = '**/*.redis.test.ts'
const unavailable = [
  ...(process.env.TEST_DATABASE_URL ? [] : [pgOnly]),
  ...(process.env.TEST_REDIS_URL ? [] : [redisOnly]),
]

/**
 * The server suites run a second time on PostgreSQL (project server-pg, when TEST_DATABASE_URL is set): only those where
 * the two engines can behave differently. PGlite is the same PostgreSQL compiled to WebAssembly, but with one
 * connection: its transactions never overlap, so row locks, SKIP LOCKED, unique-violation races, deadlocks and advisory
 * locks are only exercised on a server; and the drivers differ (node-postgres' pool and type parsing, LISTEN on a
 * connection of its own). Everything else (routing, validation, headers, shapes, masking, pages, fuzzing of inputs) runs
 * once, on PGlite. Decision 036 tells why each group is here.
 */
const onBothEngines = [
  // the real migrations, applied from scratch, on each engine
  'apps/server/src/db/migration-*.test.ts',
  // money: orders, refunds, the ledger, payments and the first-order discount, earnings, payouts, chargebacks
  'apps/server/src/modules/orders/**/*.test.ts',
  'apps/server/src/modules/payments/**/*.test.ts',
  'apps/server/src/modules/earnings/**/*.test.ts',
  'apps/server/test/hostile/money.test.ts',
  'apps/server/test/hostile/orders-fuzz.test.ts',
  // a bag for one buyer at a time: bookings and holds, offers and deals, an edit racing the sale
  'apps/server/src/modules/bookings/**/*.test.ts',
  'apps/server/src/modules/offers/**/*.test.ts',
  'apps/server/src/modules/products/held-deal.test.ts',
  'apps/server/src/modules/products/listing-details.test.ts',
  'apps/server/test/hostile/offers-fuzz.test.ts',
  // SQL of their own: search (pg_trgm, unaccent, ranking), saved searches claimed FOR UPDATE SKIP LOCKED, risk flags
  'apps/server/src/modules/search/**/*.test.ts',
  'apps/server/src/modules/saved-searches/**/*.test.ts',
  'apps/server/src/modules/risk/**/*.test.ts',
  // many writers on one row at once: live event numbers and LISTEN/NOTIFY, one seq per message, one review per
  // order, one default address, a wishlister told once
  'apps/server/src/modules/live/live.test.ts',
  'apps/server/src/modules/live/live-bus.test.ts',
  'apps/server/src/modules/conversations/conversations.test.ts',
  'apps/server/src/modules/reviews/reviews.test.ts',
  'apps/server/src/modules/addresses/addresses.test.ts',
  'apps/server/src/modules/notifications/notifications.test.ts',
  // PostgreSQL-only suites (two instances on one database, the admin command on a server)
  `apps/server/{src,test}/${pgOnly}`,
]

const serverProject = (name: string, driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: driver === 'postgres' ? onBothEngines : ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // the system tests are a project of their own; *.pg.test.ts run in server-pg only
    exclude: [
      '**/node_modules/**',
      'apps/server/test/system/**',
      ...(driver === 'pglite' ? [pgOnly] : []),
      ...unavailable,
    ],
    env: { TEST_DB_DRIVER: driver },
    // a worker keeps the app's modules loaded from one file to the next (importing the app took about 2.3 s per
    // file); each file still builds its own app on its own database, and no server test mocks a module
    isolate: false,
    // one migrated database per run, copied by every test app
    globalSetup: ['apps/server/test/template-databases.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

/**
 * Browser files that `npm test` runs at the end of the API run (project e2e-late) instead of in the browser run
 * (scripts/test.mjs): the browser run is the longer of the two, and for its last minutes one core would otherwise
 * idle. The biggest file, so that the two runs end close together with PostgreSQL and without it (decision 036).
 */
const e2eLate = ['e2e/journeys-shopper.test.ts']

/** The browser tests: a real server on a copy of the demo data per file, and a real Chromium. */
const e2eProject = (
  name: string,
  files: { include?: string[]; exclude?: string[]; groupOrder: number },
): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: files.include ?? ['e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(files.exclude ?? [])],
    // the demo data seeded once for the run, copied for each file's server (e2e/demo-template.ts)
    globalSetup: ['e2e/global-setup.ts'],
    // a failed test's pages photographed (screenshots otherwise only with E2E_SCREENSHOTS=1)
    setupFiles: ['e2e/setup.ts'],
    // one worker keeps the app's and the harness's modules loaded from one file to the next, as the server
    // projects do; each file still starts its own server on its own copy of the data, and its own browser
    isolate: false,
    // a group of its own, after the others, when one vitest runs every project (vitest runs a one-worker project
    // apart); `npm test` runs e2e in a process of its own from the start instead (scripts/test.mjs)
    sequence: { groupOrder: files.groupOrder },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, with one core idle
    // while a test waits on PGlite or PostgreSQL. Two at least (decision 036). `npm test` runs the browser files in a
    // vitest process of their own beside the others (scripts/test.mjs).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...unavailable],
        },
      },
      // the web app's plain logic (no DOM) and its import boundaries
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], exclude: ['**/node_modules/**', ...unavailable] },
        // the app's own '@/…' imports (apps/web/vite.config.ts), so that a feature's logic can be tested where it lives
        resolve: {
          alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./apps/web/src/', import.meta.url))}` }],
        },
      },
      // the web app's components rendered in happy-dom: a form's rules, labels and messages, without a browser
      {
        test: { name: 'web-components', include: ['apps/web/src/**/*.test.tsx'], environment: 'happy-dom' },
        resolve: {
          alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./apps/web/src/', import.meta.url))}` }],
        },
      },
      serverProject('server', 'pglite'),
      // the same API tests against a real PostgreSQL server when one is given (CI sets it)
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        test: {
          // real server processes: crashes, several instances, the database or the disk failing
          name: 'system',
          include: ['apps/server/test/system/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...unavailable],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // after the in-process projects, so that the crash and outage timings do not share the cores with them
          sequence: { groupOrder: 1 },
        },
      },
      e2eProject('e2e', { exclude: e2eLate, groupOrder: 2 }),
      e2eProject('e2e-late', { include: e2eLate, groupOrder: 3 }),
    ],
  },
})
