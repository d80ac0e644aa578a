import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { expectIntact, expectWorking, killMidStream } from './crash-scenario.ts'

/** The embedded database (PGlite in DATA_DIR): SIGKILL mid-stream, restart on the same folder. */
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-crash-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

it('keeps every acknowledged booking and payment whole across a SIGKILL mid-stream (PGlite)', async () => {
  const { acked, second, api, customers, remaining } = await killMidStream(
    { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') },
    'pglite',
  )
  try {
    await expectWorking(api, customers[0]!, remaining[0]!, second)
  } finally {
    await second.stop()
  }
  expect(await second.exit).toBe(0)
  // PGlite is one process's: read the folder once the server has let go of it
  const db = await PGlite.create(path.join(dataDir, 'db'))
  try {
    await expectIntact((sql, params) => db.query(sql, params), acked)
  } finally {
    await db.close()
  }
})
