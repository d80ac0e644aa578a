import { spawn } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, serverDir, spawnServer } from './server-process.ts'

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-process-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

interface Running extends ServerProcess {
  url: string
}

/** The real start script as its own process, once it listens. */
function start(env: Record<string, string>): Promise<Running> {
  const server = spawnServer(env)
  const { output: out, exit } = server
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out())
      if (m) {
        clearInterval(timer)
        resolve({ ...server, url: m[1]! })
      }
    }, 50)
    void exit.then((code) => {
      clearInterval(timer)
      reject(Object.assign(new Error(`exited with ${code}`), { code, out: out() }))
    })
  })
}

/** Resolves once the process has printed `text` (lines written after it listens come a moment later). */
function printed(server: ServerProcess, text: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const timer = setInterval(() => {
      if (server.output().includes(text)) {
        clearInterval(timer)
        resolve()
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer)
        reject(new Error(`never printed ${JSON.stringify(text)}; printed:\n${server.output()}`))
      }
    }, 50)
  })
}

describe('the server process', () => {
  it('refuses a bad setting with one line naming the variable and exit code 2', async () => {
    const error = await start({ DATA_DIR: dataDir, PORT: 'abc' }).catch((e) => e)
    expect(error.code).toBe(2)
    const lines = String(error.out).trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /)
  })

  it('refuses production mode without a real card processor: one line on stderr, exit code 2', {
    timeout: 40_000,
  }, async () => {
    // no other variable, not even DATA_DIR: started in an empty folder, so a server that did start writes only there
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(serverDir, 'src/server.ts')],
      {
        cwd: dataDir,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PUBLIC_URL: 'https://shop.example.com' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
    clearTimeout(timer)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/production mode \(PUBLIC_URL is https:\/\/shop\.example\.com\)/)
    expect(lines[0]).toMatch(/STRIPE_SECRET_KEY.*PAYMENTS=test/)
  })

  it('never prints the value of a secret it refuses', async () => {
    const envs: Record<string, string>[] = [
      { STRIPE_SECRET_KEY: 'rk_live_hunter2', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' },
      { AUTH_SECRET: 'hunter2-short' },
      { DATABASE_URL: 'mysql://shop:hunter2@db.internal/shop' },
    ]
    for (const env of envs) {
      const error = await start({ DATA_DIR: dataDir, PORT: '0', ...env }).catch((e) => e)
      expect(error.code).toBe(2)
      expect(String(error.out)).toMatch(new RegExp(`^Invalid configuration: ${Object.keys(env)[0]} `))
      expect(String(error.out)).not.toContain('hunter2')
    }
  })

  it('stops when the database server is unreachable, saying so', async () => {
    const error = await start({
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
    }).catch((e) => e)
    expect(error.code).toBe(1)
    expect(String(error.out)).toMatch(/Cannot connect to the database/)
  })

  it('seeds demo data once, shuts down on SIGTERM, and keeps its data across a restart', {
    timeout: 90_000,
  }, async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }
    const first = await start(env)
    expect(first.output()).toContain('demo data seeded')
    await printed(first, 'Demo accounts (password Demo#2026)')
    expect(first.output()).toContain('admin@demo.preloved.test')
    const before = (await (await fetch(`${first.url}/api/categoryDetails`)).json()) as { _id: string }[]
    expect(before.length).toBeGreaterThanOrEqual(24)
    first.child.kill('SIGTERM')
    expect(await first.exit).toBe(0)

    const second = await start(env)
    expect(second.output()).not.toContain('demo data seeded')
    // a local instance's accounts use the README's password: shown at every start
    await printed(second, 'Demo accounts (password Demo#2026)')
    const after = (await (await fetch(`${second.url}/api/categoryDetails`)).json()) as { _id: string }[]
    expect(after.map((p) => p._id)).toEqual(before.map((p) => p._id))
    const health = await fetch(`${second.url}/api/health`)
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' })
    second.child.kill('SIGINT')
    expect(await second.exit).toBe(0)
  })

  it('prints JSON lines when its output is not a terminal, and readable lines with a welcome block when asked', {
    timeout: 90_000,
  }, async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }
    const json = await start(env)
    await printed(json, 'Demo accounts (password Demo#2026)')
    const lines = json.output().trim().split('\n')
    // every line a JSON object a log collector reads (what pino writes)
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
    expect(lines.map((line) => JSON.parse(line).msg)).toContain(
      `Preloved Bags Co. is open at http://localhost:${new URL(json.url).port} (API reference: http://localhost:${new URL(json.url).port}/api/docs)`,
    )
    json.child.kill('SIGTERM')
    expect(await json.exit).toBe(0)

    const pretty = await start({ ...env, LOG_FORMAT: 'pretty' })
    await printed(pretty, 'Stop with Ctrl+C.')
    const out = pretty.output()
    expect(out).not.toMatch(/^\{"level"/m)
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at/m)
    const port = new URL(pretty.url).port
    expect(out).toContain(
      `  Preloved Bags Co. is open at http://localhost:${port}\n  API reference:  http://localhost:${port}/api/docs`,
    )
    expect(out).toContain('  Demo accounts (password Demo#2026):')
    expect(out).toMatch(/^ {4}customer +emma\.wilson@demo\.preloved\.test$/m)
    expect(out).toMatch(/^ {4}admin +admin@demo\.preloved\.test$/m)
    pretty.child.kill('SIGTERM')
    expect(await pretty.exit).toBe(0)
  })

  it('a public instance (HOST=0.0.0.0, PUBLIC_URL on http) keeps the demo password off the log and Demo#2026 out', {
    timeout: 120_000,
  }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'preloved-process-prod-'))
    try {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo
          probe.close(() => resolve(port))
        })
      })
      // the review's start: neither PRODUCTION nor https, yet reachable by anyone (decision 032)
      const publicUrl = 'http://shop.example.com'
      const env = { DATA_DIR: dir, PORT: String(port), HOST: '0.0.0.0', PUBLIC_URL: publicUrl }
      const refused = await start(env).catch((e) => e)
      expect(refused.code).toBe(2)
      expect(String(refused.out)).toMatch(/production mode \(PUBLIC_URL is http:\/\/shop\.example\.com\)/)

      const demo = { ...env, DEMO_DATA: 'on', PAYMENTS: 'test' }
      const signIn = (url: string, password: string) =>
        fetch(`${url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl },
          body: JSON.stringify({ email: 'admin@demo.preloved.test', password }),
        }).then((r) => r.status)

      const first = await start(demo)
      // the last lines it prints, once it listens
      await printed(first, 'DEMO_DATA=on: the demo accounts and listings are public')
      const file = path.join(dir, 'demo-password')
      const password = readFileSync(file, 'utf8')
      expect(password).not.toBe('Demo#2026')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(first.output()).toContain('in production mode')
      // the log names the file, never the password (log lines travel to collectors and their readers)
      expect(first.output()).toContain(
        `Demo accounts (their password is in ${file}, readable by this server's user only)`,
      )
      expect(first.output()).not.toContain(password)
      expect(first.output()).not.toContain('Demo#2026')
      expect(await signIn(first.url, 'Demo#2026')).toBe(401)
      expect(await signIn(first.url, password)).toBe(200)
      first.child.kill('SIGTERM')
      expect(await first.exit).toBe(0)

      const second = await start(demo)
      await printed(second, 'DEMO_DATA=on: the demo accounts and listings are public')
      expect(second.output()).not.toContain('Demo accounts')
      expect(second.output()).not.toContain(password)
      expect(await signIn(second.url, password)).toBe(200)
      second.child.kill('SIGTERM')
      expect(await second.exit).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
