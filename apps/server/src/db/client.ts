import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg, type NodePgClient } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database: repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs the committed drizzle-kit migrations. */
  migrate(): Promise<void>
  /** Cheap round trip for health checks. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** PostgreSQL advisory lock key held while migrating (any fixed number of our own). */
const MIGRATION_LOCK = 7_072_656

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/** The contrib extensions search needs (migration 0009 creates them; PGlite must have them loaded to). */
export const pgliteExtensions = { pg_trgm, unaccent }

/**
 * How alike a query word and a word of a listing's brand or title must be (0–1, pg_trgm's word_similarity) for search
 * to take one for a misspelling of the other: 0.5 lets "chanle" find "chanel" (decision 018). Set per connection.
 */
export const WORD_SIMILARITY = 0.5

/**
 * unset → PGlite persisted in DATA_DIR/db; `memory://` → in-memory PGlite; `postgres://…` → a pg pool.
 * `loadDataDir` starts an in-memory PGlite from a copy of another one's data folder (PGlite's `dumpDataDir`): the tests
 * copy a database migrated once per run instead of migrating one per test file.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 5000,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY}`,
    })
    pool.on('error', () => {
      // idle client errors (server restart) surface on the next query instead of crashing the process
    })
    // fail fast with a clear message when the server is unreachable
    const client = await pool.connect().catch(async (err: Error) => {
      await pool.end().catch(() => {})
      throw new Error(`Cannot connect to the database at DATABASE_URL: ${err.message}`)
    })
    client.release()
    // two copies of @types/pg are installed (lighthouse pulls an old one), so the pool is cast to drizzle's
    const pgClient = pool as unknown as NodePgClient
    const db = drizzlePg({ client: pgClient, schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // several instances starting at once: one migrates, the others wait and then find nothing to do
        const conn = await pool.connect()
        try {
          await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
          await migratePg(drizzlePg({ client: conn as unknown as NodePgClient }), { migrationsFolder })
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
          conn.release()
        }
      },
      ping: async () => {
        await pool.query('select 1')
      },
      close: () => pool.end(),
    }
  }
  let client: PGlite
  let unlock = () => {}
  if (url === 'memory://') {
    const { loadDataDir } = options
    client = await PGlite.create({ extensions: pgliteExtensions, ...(loadDataDir ? { loadDataDir } : {}) })
  } else {
    const dir = path.join(dataDir, 'db')
    mkdirSync(dir, { recursive: true })
    unlock = lockDataDir(dataDir) // PGlite itself lets a second process in
    client = await PGlite.create(dir, { extensions: pgliteExtensions }).catch((err) => {
      unlock()
      throw err
    })
  }
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1')
    },
    close: async () => {
      await client.close()
      unlock()
    },
  }
}
