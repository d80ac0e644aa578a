import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import { expectIntact, expectWorking, killMidStream } from './crash-scenario.ts'

/** PostgreSQL: SIGKILL the server mid-stream (its connections drop with it), restart on the same database. */
let dataDir: string
let db: FreshDatabase

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-crash-pg-'))
  db = await freshPostgres('preloved_sys')
})
afterAll(async () => {
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

it('keeps every acknowledged booking and payment whole across a SIGKILL mid-stream (PostgreSQL)', async () => {
  const { acked, second, api, customers, remaining } = await killMidStream(
    { DATABASE_URL: db.url, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') },
    'pg',
  )
  const sql = new pg.Pool({ connectionString: db.url, max: 1 })
  try {
    await expectIntact((text, params) => sql.query(text, params), acked)
    await expectWorking(api, customers[0]!, remaining[0]!, second)
  } finally {
    await second.stop()
    await sql.end()
  }
})
