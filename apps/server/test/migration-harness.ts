import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { type Database, migrationsFolder, openDatabase } from '../src/db/client.ts'
import { freshPostgres } from './fresh-postgres.ts'

/**
 * A migration test's database (a fresh PostgreSQL one in the server-pg project, else in-memory PGlite), migrated the
 * way a deployed instance is: drizzle's migrator applies what its journal lists and the database lacks.
 */
export interface MigrationHarness {
  database: Database
  /** Applies the migrations up to and including `lastTag` (the same files, the journal cut after it). */
  migrateUpTo(lastTag: string): Promise<void>
  /** Applies every migration still missing. */
  migrateAll(): Promise<void>
  close(): Promise<void>
}

export async function openMigrationHarness(): Promise<MigrationHarness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'preloved-migration-'))
  const serverUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
  const fresh = serverUrl ? await freshPostgres('preloved_m', serverUrl) : undefined
  const database = await openDatabase(fresh?.url ?? 'memory://', dir)
  const migrateFrom = (folder: string) =>
    database.kind === 'postgres'
      ? migratePg(database.db as never, { migrationsFolder: folder })
      : migratePglite(database.db as never, { migrationsFolder: folder })
  return {
    database,
    async migrateUpTo(lastTag) {
      const folder = path.join(dir, `drizzle-${lastTag}`)
      await cp(migrationsFolder, folder, { recursive: true })
      const journalPath = path.join(folder, 'meta', '_journal.json')
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] }
      const last = journal.entries.findIndex((e) => e.tag === lastTag)
      if (last === -1) throw new Error(`no migration ${lastTag} in the journal`)
      journal.entries = journal.entries.slice(0, last + 1)
      await writeFile(journalPath, JSON.stringify(journal))
      await migrateFrom(folder)
    },
    migrateAll: () => migrateFrom(migrationsFolder),
    async close() {
      await database.close()
      await fresh?.drop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
