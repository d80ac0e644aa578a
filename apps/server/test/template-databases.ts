import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client.ts'
import { freshPostgres } from './fresh-postgres.ts'

/**
 * Vitest global setup of the server projects: migrates one database per run with the application's own migrate(), and
 * every test app starts from a copy of it (build-test-app.ts) instead of creating and migrating its own (1.6–2.7 s a
 * file on PGlite). The migrations from scratch stay tested: migration-harness.ts, the system tests' server processes,
 * and this setup itself, which fails the run when a migration fails.
 *
 * - PGlite (project server): the migrated data folder, dumped to a file (PGlite's dumpDataDir); its path is
 *   TEST_PGLITE_TEMPLATE for the workers, which load it with `loadDataDir`.
 * - PostgreSQL (project server-pg): a database on the TEST_DATABASE_URL server, named in TEST_PG_TEMPLATE, that each test
 *   app copies with CREATE DATABASE … TEMPLATE. Nobody may be connected to a template while it is copied, so it is closed
 *   after migrating and made to refuse connections; several copies at once are fine. Dropped after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const driver = project.config.env?.TEST_DB_DRIVER
  const serverUrl = process.env.TEST_DATABASE_URL
  if (driver === 'postgres' && serverUrl) {
    const fresh = await freshPostgres('preloved_template', serverUrl)
    const database = await openDatabase(fresh.url, tmpdir())
    try {
      await database.migrate()
    } finally {
      await database.close()
    }
    const name = new URL(fresh.url).pathname.slice(1)
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(`alter database "${name}" with allow_connections false`)
    } finally {
      await client.end()
    }
    process.env.TEST_PG_TEMPLATE = name
    return async () => {
      delete process.env.TEST_PG_TEMPLATE
      await fresh.drop()
    }
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'preloved-template-'))
  const database = await openDatabase('memory://', dir)
  let file: string
  try {
    await database.migrate()
    // drizzle keeps the PGlite it was given as $client
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none')
    file = path.join(dir, 'pglite.tar')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
  process.env.TEST_PGLITE_TEMPLATE = file
  return async () => {
    delete process.env.TEST_PGLITE_TEMPLATE
    await rm(dir, { recursive: true, force: true })
  }
}
