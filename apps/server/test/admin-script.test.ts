import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client.ts'
import { users } from '../src/db/schema/index.ts'
import { insertUser } from './fixtures.ts'

/**
 * `npm run admin -- grant|revoke <email>`, run as its own process against a real database, as an operator would; and
 * the lock that keeps a second process off an embedded database in use.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const serverDir = fileURLToPath(new URL('..', import.meta.url))
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString()
  })
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString()
  })
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })))
}

const roleOf = async (url: string | undefined, dataDir: string, email: string) => {
  const database = await openDatabase(url, dataDir)
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email))
    return { role: row?.role, emailVerified: row?.emailVerified }
  } finally {
    await database.close()
  }
}

describe('npm run admin, on the embedded database of DATA_DIR', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-admin-script-'))
    const database = await openDatabase(undefined, dataDir)
    await database.migrate()
    await insertUser(database.db, { email: 'owner@example.test', name: 'Owner' })
    await database.close()
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('grants the admin role, marks the address confirmed, and says so in one line', async () => {
    const res = await run(['grant', 'Owner@Example.test'], { DATA_DIR: dataDir })
    expect(res).toEqual({ code: 0, out: 'owner@example.test is now admin (address marked confirmed)\n', err: '' })
    expect(await roleOf(undefined, dataDir, 'owner@example.test')).toEqual({ role: 'admin', emailVerified: true })
  })

  it('revokes it', async () => {
    const res = await run(['revoke', 'owner@example.test'], { DATA_DIR: dataDir })
    expect(res).toEqual({ code: 0, out: 'owner@example.test is no longer admin (now a customer)\n', err: '' })
    expect((await roleOf(undefined, dataDir, 'owner@example.test')).role).toBe('customer')
  })

  it('says clearly when there is no such account, no database, or no command', async () => {
    const none = await run(['grant', 'nobody@example.test'], { DATA_DIR: dataDir })
    expect(none.code).toBe(1)
    expect(none.err).toBe(
      `No account with the email nobody@example.test in ${path.join(dataDir, 'db')}: sign up first\n`,
    )
    const empty = await mkdtemp(path.join(tmpdir(), 'preloved-admin-empty-'))
    const missing = await run(['grant', 'owner@example.test'], { DATA_DIR: empty })
    await rm(empty, { recursive: true, force: true })
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/^No embedded database in .*: set DATA_DIR \(or DATABASE_URL\) as for npm start\n$/)
    const usage = await run(['promote', 'owner@example.test'], { DATA_DIR: dataDir })
    expect(usage).toMatchObject({ code: 2, err: 'Usage: npm run admin -- grant <email> | revoke <email>\n' })
  })

  it('refuses in one line while the server runs on that folder, and leaves the database alone', {
    timeout: 90_000,
  }, async () => {
    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...baseEnv, DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      let log = ''
      server.stdout!.on('data', (c: Buffer) => {
        log += c.toString()
      })
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (log.includes('listening at')) {
            clearInterval(timer)
            resolve()
          }
        }, 50)
        server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)))
      })
      const res = await run(['grant', 'owner@example.test'], { DATA_DIR: dataDir })
      expect(res.code).toBe(1)
      expect(res.out).toBe('')
      expect(res.err).toBe(
        `The server is running on ${path.join(dataDir, 'db')} (pid ${server.pid}): stop it first, ` +
          'the embedded database takes one process at a time\n',
      )
      // a second server on the same folder is refused too, rather than corrupting it
      const second = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverDir,
        env: { ...baseEnv, DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let secondErr = ''
      second.stderr.on('data', (c: Buffer) => {
        secondErr += c.toString()
      })
      expect(await new Promise((r) => second.once('exit', r))).toBe(1)
      expect(secondErr).toBe(
        `Could not start: the embedded database in ${path.join(dataDir, 'db')} is open in another process ` +
          `(pid ${server.pid}); it takes one process at a time\n`,
      )
    } finally {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
    expect((await roleOf(undefined, dataDir, 'owner@example.test')).role).toBe('customer')
    expect((await run(['grant', 'owner@example.test'], { DATA_DIR: dataDir })).code).toBe(0)
  })
})

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL)(
  'npm run admin, on PostgreSQL (DATABASE_URL)',
  () => {
    const serverUrl = process.env.TEST_DATABASE_URL!
    const name = `preloved_admin_${process.pid}`
    let url: string
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      const u = new URL(serverUrl)
      u.pathname = `/${name}`
      url = u.toString()
      const database = await openDatabase(url, tmpdir())
      await database.migrate()
      await insertUser(database.db, { email: 'pg-owner@example.test' })
      await database.close()
    })
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    })

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
  },
)
