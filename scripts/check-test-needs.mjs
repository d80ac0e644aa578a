#!/usr/bin/env node
// Proves without running a test that `npm test` needs no PostgreSQL and no Redis server: lists the test files vitest
// would run with TEST_DATABASE_URL and TEST_REDIS_URL unset (`vitest list --filesOnly`, which only globs), then reads
// each of them and the test helpers they import (files under a test/ or e2e/ folder), and fails naming the file if one of them reads those variables,
// branches on the engine (TEST_DB_DRIVER), opens a database of its own on a PostgreSQL server (fresh-postgres) or
// opens a pg or Redis client. Such a test belongs in a `*.pg.test.ts` or `*.redis.test.ts` file (vitest.config.ts).
//
//   node scripts/check-test-needs.mjs
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Reads of a variable through process.env: as a property, by index, through a local `env`, or destructured. */
const reads = (name) =>
  new RegExp(
    `\\bprocess\\.env\\.${name}\\b|\\bprocess\\.env\\[\\s*['"\`]${name}['"\`]\\s*\\]|(?<![.\\w])env\\.${name}\\b|` +
      `\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=\\s*process\\.env`,
  )
/** What makes a file need a server, each with what to say. */
const needs = [
  [reads('TEST_DATABASE_URL'), 'reads TEST_DATABASE_URL'],
  [reads('TEST_REDIS_URL'), 'reads TEST_REDIS_URL'],
  [reads('TEST_DB_DRIVER'), 'branches on the engine (TEST_DB_DRIVER)'],
  [/from\s+['"][^'"]*\/fresh-postgres(\.ts)?['"]/, 'imports fresh-postgres (a database on a PostgreSQL server)'],
  [/from\s+['"](pg|ioredis|redis)['"]/, 'opens a pg or Redis client itself'],
]
/**
 * Helpers that use PostgreSQL only in the server-pg project (which exists only when TEST_DATABASE_URL is set) and
 * PGlite everywhere else: their own reading of the variables is the point, so the scan does not look into them.
 */
const engineChoosers = new Set(['apps/server/test/build-test-app.ts', 'apps/server/test/migration-harness.ts'])

const env = { ...process.env }
delete env.TEST_DATABASE_URL
delete env.TEST_REDIS_URL
const listed = spawnSync('npx', ['vitest', 'list', '--filesOnly', '--json'], { cwd: root, env, encoding: 'utf8' })
if (listed.status !== 0) {
  process.stderr.write(listed.stderr)
  console.error('check-test-needs: `vitest list --filesOnly` failed')
  process.exit(1)
}
const files = JSON.parse(listed.stdout.slice(listed.stdout.indexOf('[')))
const testFiles = [...new Set(files.map((f) => f.file))]

/** The repository's files a file imports by a relative path (type-only imports too: cheap to read, rarely wrong). */
function importsOf(file, text) {
  const out = []
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    let target = path.resolve(path.dirname(file), m[1])
    if (!existsSync(target) && existsSync(`${target}.ts`)) target = `${target}.ts`
    if (/\.(ts|tsx|mjs|js)$/.test(target) && existsSync(target)) out.push(target)
  }
  return out
}

const problems = []
for (const testFile of testFiles) {
  const seen = new Set()
  const queue = [[testFile, []]]
  while (queue.length > 0) {
    const [file, via] = queue.shift()
    if (seen.has(file)) continue
    seen.add(file)
    const relative = path.relative(root, file)
    // the test files and their helpers; not the application's own code (its database is whatever its config says)
    if (engineChoosers.has(relative) || !/(^|\/)(test|e2e)\/|\.test\.ts$/.test(relative)) continue
    const text = readFileSync(file, 'utf8')
    for (const [pattern, what] of needs) {
      if (pattern.test(text)) {
        const chain = [...via, relative].slice(1)
        problems.push(
          `${path.relative(root, testFile)} ${chain.length ? `(through ${chain.join(' → ')}) ` : ''}${what}`,
        )
      }
    }
    for (const next of importsOf(file, text)) queue.push([next, [...via, relative]])
  }
}

if (problems.length > 0) {
  console.error('These test files run without PostgreSQL or Redis, yet need them:')
  for (const p of problems) console.error(`  ${p}`)
  console.error(
    'Move what needs PostgreSQL into a *.pg.test.ts file and what needs Redis into a *.redis.test.ts file ' +
      '(vitest.config.ts leaves those out when TEST_DATABASE_URL or TEST_REDIS_URL is unset).',
  )
  process.exit(1)
}
console.log(`check-test-needs: ${testFiles.length} test files run without PostgreSQL or Redis, none needs them`)
