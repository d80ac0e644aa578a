import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { expectLedgerIntact, expectMovesWork, killDuringMoves, streamSummary } from './crash-moves.ts'

/** The embedded database (PGlite in DATA_DIR): SIGKILL during a stream of order moves, restart on the same folder. */
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-crash-moves-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

it('keeps the ledger balanced and every acknowledged move across a SIGKILL during order moves (PGlite)', async () => {
  const { stream, world, second, api, tick } = await killDuringMoves(
    { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') },
    'pglite',
  )
  let earnings: Map<string, number>
  try {
    earnings = await expectMovesWork(api, world, stream, tick, second)
  } finally {
    await second.stop()
  }
  expect(await second.exit).toBe(0)
  // PGlite is one process's: read the folder once the server has let go of it
  const db = await PGlite.create(path.join(dataDir, 'db'))
  try {
    await expectLedgerIntact((sql, params) => db.query(sql, params), world, stream, earnings)
    console.info(streamSummary(stream))
  } finally {
    await db.close()
  }
})
