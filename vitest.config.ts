import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts']
const serverProject = (name: string, driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: serverTests,
    // on PostgreSQL only the suites that talk to a database through buildTestApp are worth a second run
    exclude:
      driver === 'postgres'
        ? [
            '**/node_modules/**',
            'apps/server/test/system/**',
            'apps/server/test/process.test.ts',
            'apps/server/src/lib/**',
            'apps/server/src/db/demo/**',
            'apps/server/src/plugins/**',
            // processes on an embedded data folder: nothing of PostgreSQL in them
            'apps/server/test/admin-script.test.ts',
          ]
        : // *.pg.test.ts outside system/ are PostgreSQL-only: they run in the server-pg project
          ['**/node_modules/**', 'apps/server/test/system/**', 'apps/server/test/**/*.pg.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // the web app's plain logic (no DOM) and its import boundaries
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] },
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
          // *.pg.test.ts need a PostgreSQL server (TEST_DATABASE_URL), *.redis.test.ts a Redis one (TEST_REDIS_URL)
          exclude: [
            '**/node_modules/**',
            ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
            ...(process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts']),
          ],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // the demo data seeded once for the run, copied for each file's server (e2e/demo-template.ts)
          globalSetup: ['e2e/global-setup.ts'],
          // a failed test's pages photographed (screenshots otherwise only with E2E_SCREENSHOTS=1)
          setupFiles: ['e2e/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
