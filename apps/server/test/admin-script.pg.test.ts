import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client.ts'
import { roleOf, run } from './admin-script.ts'
import { insertUser } from './fixtures.ts'
import { type FreshDatabase, freshPostgres } from './fresh-postgres.ts'

// runs in the server-pg project only (TEST_DATABASE_URL set); the embedded database is admin-script.test.ts
describe('npm run admin, on PostgreSQL (DATABASE_URL)', () => {
  let fresh: FreshDatabase
  let url: string
  beforeAll(async () => {
    fresh = await freshPostgres('preloved_admin')
    url = fresh.url
    const database = await openDatabase(url, tmpdir())
    await database.migrate()
    await insertUser(database.db, { email: 'pg-owner@example.test' })
    await database.close()
  })
  afterAll(() => fresh?.drop())

  it('grants and revokes while the server may run', async () => {
    const grant = await run(['grant', 'pg-owner@example.test'], { DATABASE_URL: url })
    expect(grant).toEqual({
      code: 0,
      out: 'pg-owner@example.test is now admin (address marked confirmed)\n',
      err: '',
    })
    expect(await roleOf(url, tmpdir(), 'pg-owner@example.test')).toEqual({ role: 'admin', emailVerified: true })
    const none = await run(['grant', 'ghost@example.test'], { DATABASE_URL: url })
    expect(none).toMatchObject({
      code: 1,
      err: 'No account with the email ghost@example.test in DATABASE_URL: sign up first\n',
    })
    expect((await run(['revoke', 'pg-owner@example.test'], { DATABASE_URL: url })).code).toBe(0)
    expect((await roleOf(url, tmpdir(), 'pg-owner@example.test')).role).toBe('customer')
  })
})
