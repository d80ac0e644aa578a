import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'preloved-config-'))

describe('loadConfig', () => {
  it('applies the defaults of DESIGN §2', () => {
    const dir = dataDir()
    const c = loadConfig({ DATA_DIR: dir })
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', HOLD_MINUTES: 30, DEMO_DATA: true, dataDir: dir })
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.PUBLIC_URL).toBeUndefined()
  })

  it('generates AUTH_SECRET once into DATA_DIR and reuses it', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).AUTH_SECRET
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first)
  })

  it('turns demo data off for a database server unless asked', () => {
    const dir = dataDir()
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/db' }).DEMO_DATA).toBe(false)
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/db', DEMO_DATA: 'on' }).DEMO_DATA).toBe(
      true,
    )
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).PORT).toBe(3000)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'nobody'],
    ['HOLD_MINUTES', '0'],
    ['DEMO_DATA', 'maybe'],
    ['AUTH_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['REDIS_URL', 'localhost:6379'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
    ['STRIPE_API_URL', 'stripe mock'],
    ['TRUST_PROXY', 'yes please'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    let error: unknown
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain(name)
    expect(message.split('\n')).toHaveLength(1)
  })

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    const trust = (v: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: v }).TRUST_PROXY
    expect(trust('true')).toBe(true)
    expect(trust('false')).toBe(false)
    expect(trust('1')).toBe(1)
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1'])
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBeUndefined()
  })

  it('needs the Google and OIDC variables in sets', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/)
    expect(() => loadConfig({ DATA_DIR: dataDir(), OIDC_ISSUER: 'http://127.0.0.1:9/' })).toThrow(/OIDC_CLIENT_ID/)
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/)
  })
})
