import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import { loadConfig } from '../src/plugins/config.ts'
import { freshPostgres } from './fresh-postgres.ts'

export interface TestApp {
  app: FastifyInstance
  database: Database
  dataDir: string
  close(): Promise<void>
}

/** The PGlite template's data folder (template-databases.ts), read once per worker: every test app loads a copy. */
let pgliteTemplate: Promise<Blob> | undefined
const loadPgliteTemplate = (file: string) => {
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]))
  return pgliteTemplate
}

/**
 * A database of its own for one test app: in-memory PGlite, or (project server-pg) a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped after. Under vitest both are copies of the run's migrated template
 * (template-databases.ts); elsewhere (a bench script) they are created and migrated here.
 */
export async function openTestDatabase(dataDir: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !serverUrl) {
    const template = process.env.TEST_PGLITE_TEMPLATE
    if (template) {
      return {
        database: await openDatabase('memory://', dataDir, { loadDataDir: await loadPgliteTemplate(template) }),
        drop: async () => {},
      }
    }
    const database = await openDatabase('memory://', dataDir)
    await database.migrate()
    return { database, drop: async () => {} }
  }
  const template = process.env.TEST_PG_TEMPLATE
  const fresh = await freshPostgres('preloved_t', serverUrl, template)
  const database = await openDatabase(fresh.url, dataDir)
  if (!template) await database.migrate()
  return { database, drop: fresh.drop }
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream; clock?: () => number } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-test-'))
  const { database, drop } = await openTestDatabase(dataDir)
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  })
  const app = await buildApp(config, { database, ...opts })
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close()
      await database.close()
      await drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
