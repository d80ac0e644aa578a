import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { verifyPassword } from 'better-auth/crypto'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import type { PasswordHashing } from '../src/modules/auth/auth.ts'
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

/**
 * The API tests' password hashing: scrypt still, with a cost of N = 2^10 instead of better-auth's 2^14 (about 190 ms
 * of CPU per hash on the CI machine, and the suites sign up and sign in thousands of times). Its hashes say so
 * (`test-scrypt$…`); any other stored hash (an admin's unknowable password, the demo seed's) is checked by
 * better-auth's own scrypt. What the tests prove about passwords (refused, changed, reset, never shown) does not
 * depend on the cost. The browser and system tests, which run the real server, use the real one.
 */
const TEST_SCRYPT = { N: 1024, r: 8, p: 1 }
const scryptKey = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, TEST_SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  )
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    return `test-scrypt$${salt}$${(await scryptKey(password, salt)).toString('hex')}`
  },
  async verify({ hash, password }) {
    const [scheme, salt, key] = hash.split('$')
    if (scheme !== 'test-scrypt' || !salt || !key) return verifyPassword({ hash, password })
    return timingSafeEqual(await scryptKey(password, salt), Buffer.from(key, 'hex'))
  },
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream; clock?: () => number; passwordHashing?: PasswordHashing } = {},
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
  const app = await buildApp(config, { database, passwordHashing: testPasswordHashing, ...opts })
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
