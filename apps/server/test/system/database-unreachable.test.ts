import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, SECRET, startServer } from './harness.ts'

/** The database is not there when the server starts: one clear line, a non-zero exit, no waiting forever. */
let dataDir: string
let silent: Server
const held: Socket[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-nodb-'))
  // a host that takes the connection and never answers (a firewall dropping packets looks the same to pg)
  silent = createServer((s) => {
    held.push(s)
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  for (const s of held) s.destroy()
  await new Promise((resolve) => silent.close(resolve))
  await rm(dataDir, { recursive: true, force: true })
})

async function startFailing(databaseUrl: string) {
  const error = await startServer({
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    PORT: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
  }).then(
    () => {
      throw new Error('the server started without its database')
    },
    (e: { code: number; out: string }) => e,
  )
  return { code: error.code, lines: error.out.trim().split('\n') }
}

describe.concurrent('the database is unreachable at start', () => {
  it('nothing listens on its port: exit 1 with one line naming DATABASE_URL and the cause', async () => {
    const port = await freePort()
    const { code, lines } = await startFailing(`postgres://shop:sekret-pass@127.0.0.1:${port}/shop`)
    expect(code).toBe(1)
    expect(lines).toEqual([
      `Could not start: Cannot connect to the database at DATABASE_URL: connect ECONNREFUSED 127.0.0.1:${port}`,
    ])
    expect(lines.join('\n')).not.toContain('sekret-pass')
  })

  it('the host takes the connection but never answers: exit 1 after the connect timeout, one line', async () => {
    const port = (silent.address() as { port: number }).port
    const { code, lines } = await startFailing(`postgres://shop@127.0.0.1:${port}/shop`)
    expect(code).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Could not start: Cannot connect to the database at DATABASE_URL: .*timeout/i)
  })
})
