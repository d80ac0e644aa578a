import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client.ts'
import { baseEnv, roleOf, run, serverDir } from './admin-script.ts'
import { insertUser } from './fixtures.ts'

/**
 * `npm run admin -- grant|revoke <email>`, run as its own process against the embedded database, as an operator
 * would (PostgreSQL: admin-script.pg.test.ts); and the lock that keeps a second process off an embedded database in use.
 */
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
