import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import { expectLedgerIntact, expectMovesWork, killDuringMoves, streamSummary } from './crash-moves.ts'

/** PostgreSQL: SIGKILL the server during a stream of order moves (its connections drop with it), restart on it. */
let dataDir: string
let db: FreshDatabase

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-crash-moves-pg-'))
  db = await freshPostgres('preloved_sys')
})
afterAll(async () => {
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

it('keeps the ledger balanced and every acknowledged move across a SIGKILL during order moves (PostgreSQL)', async () => {
  const { stream, world, second, api, tick } = await killDuringMoves(
    { DATABASE_URL: db.url, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') },
    'pg',
  )
  const sql = new pg.Pool({ connectionString: db.url, max: 1 })
  try {
    const earnings = await expectMovesWork(api, world, stream, tick, second)
    await expectLedgerIntact((text, params) => sql.query(text, params), world, stream, earnings)
    console.info(streamSummary(stream))
  } finally {
    await second.stop()
    await sql.end()
  }
})
