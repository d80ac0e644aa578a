import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'preloved-config-'))

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
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

  it('sweeps the order deadlines every minute unless told; fractions of a second are allowed down to 0.1', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).ORDER_SWEEP_SECONDS).toBe(60)
    expect(loadConfig({ DATA_DIR: dataDir(), ORDER_SWEEP_SECONDS: '0.2' }).ORDER_SWEEP_SECONDS).toBe(0.2)
    expect(() => loadConfig({ DATA_DIR: dataDir(), ORDER_SWEEP_SECONDS: '0.05' })).toThrow(
      'Invalid configuration: ORDER_SWEEP_SECONDS must be at least 0.1 seconds',
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
    ['ORDER_SWEEP_SECONDS', '0'],
    ['ORDER_SWEEP_SECONDS', 'soon'],
    ['ORDER_SWEEP_SECONDS', '90000'],
    ['DEMO_DATA', 'maybe'],
    ['AUTH_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['REDIS_URL', 'localhost:6379'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
    ['STRIPE_API_URL', 'stripe mock'],
    ['TRUST_PROXY', 'yes please'],
    ['SHOP_COUNTRIES', 'XX'],
    ['SHOP_COUNTRIES', 'US,United Kingdom'],
    ['SHOP_COUNTRIES', ' , '],
    ['API_DOCS', 'private'],
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

  it('reads SHOP_COUNTRIES as a list of country codes libphonenumber knows, US and GB by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).SHOP_COUNTRIES).toEqual(['US', 'GB'])
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_COUNTRIES: 'fr, de ,IT' }).SHOP_COUNTRIES).toEqual(['FR', 'DE', 'IT'])
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHOP_COUNTRIES: 'US,ZZ' })).toThrow(
      'Invalid configuration: SHOP_COUNTRIES must be a comma-separated list of country codes such as US,GB (ZZ is not one)',
    )
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

  it('names a bad variable but never echoes its value, which may be a secret', () => {
    const secrets: Record<string, string> = {
      STRIPE_SECRET_KEY: 'rk_live_51SecretValueThatMustNotLeak',
      AUTH_SECRET: 'tooShortButSecret',
      DATABASE_URL: 'mysql://shop:hunter2-db-password@db.internal/shop',
      SMTP_URL: 'http://mailer:hunter2-smtp-password@mail.internal',
      REDIS_URL: 'tcp://:hunter2-redis-password@cache.internal:6379',
      STRIPE_WEBHOOK_SECRET: 'wh_hunter2-webhook',
      PORT: 'hunter2-port',
    }
    for (const [name, value] of Object.entries(secrets)) {
      const message = (() => {
        try {
          loadConfig({ DATA_DIR: dataDir(), [name]: value })
        } catch (err) {
          return (err as Error).message
        }
        throw new Error(`${name} was accepted`)
      })()
      expect(message).toContain(name)
      expect(message).not.toContain('hunter2')
      expect(message).not.toContain(value)
    }
  })
})

describe('production mode', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_PUBLISHABLE_KEY: 'pk_live_123' }
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env })
  const refusal = (env: Record<string, string>) => {
    try {
      load(env)
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      return (err as Error).message
    }
    throw new Error('started')
  }

  it('is off for the local demo, whatever NODE_ENV says: demo data and test cards as today', () => {
    const envs: Record<string, string>[] = [
      {},
      { NODE_ENV: 'production' },
      { PUBLIC_URL: 'http://localhost:3000' },
      { PUBLIC_URL: 'https://localhost:3000' },
      { PUBLIC_URL: 'https://127.0.0.1' },
      { PUBLIC_URL: 'https://[::1]:8443' },
      { PUBLIC_URL: 'https://shop.localhost' },
    ]
    for (const env of envs) {
      expect(load(env), JSON.stringify(env)).toMatchObject({ production: false, DEMO_DATA: true, PAYMENTS: 'test' })
    }
  })

  it('is on for an https PUBLIC_URL on a public host, or with PRODUCTION=1', () => {
    expect(load({ PUBLIC_URL: 'https://shop.example.com', ...keys }).production).toBe(true)
    expect(load({ PUBLIC_URL: 'https://shop.example.com', PRODUCTION: '0', ...keys }).production).toBe(true)
    expect(load({ PRODUCTION: '1', ...keys }).production).toBe(true)
    expect(load({ PRODUCTION: 'true', PUBLIC_URL: 'http://localhost:3000', ...keys }).production).toBe(true)
  })

  it('is on for a PUBLIC_URL on a host that is not local, whatever the scheme (decision 032)', () => {
    for (const url of [
      'http://shop.example.com',
      'http://shop.test',
      'http://shop.local:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://[fe80::1]:3000',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'ws://shop.example.com',
    ]) {
      expect(refusal({ PUBLIC_URL: url }), url).toMatch(/^Refusing to start: production mode \(PUBLIC_URL is /)
      expect(load({ PUBLIC_URL: url, ...keys }), url).toMatchObject({ production: true, DEMO_DATA: false })
    }
    expect(refusal({ PUBLIC_URL: 'http://shop.example.com/shop' })).toContain(
      'production mode (PUBLIC_URL is http://shop.example.com)',
    )
    // never the credentials a URL may hold
    expect(refusal({ PUBLIC_URL: 'http://ops:hunter2@shop.example.com' })).not.toContain('hunter2')
  })

  it('is on when the server listens beyond loopback (HOST), and off for every spelling of loopback', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.20', '10.0.0.5', 'shop.example.com', '::ffff:10.0.0.1']) {
      expect(refusal({ HOST: host }), host).toContain('production mode (HOST is not a loopback address)')
      expect(load({ HOST: host, PAYMENTS: 'test' }), host).toMatchObject({ production: true, DEMO_DATA: false })
    }
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1']) {
      expect(load({ HOST: host }), host).toMatchObject({ production: false, DEMO_DATA: true, PAYMENTS: 'test' })
    }
  })

  it("the review's start (HOST=0.0.0.0, PUBLIC_URL on http) is production mode: no demo data, no test cards", () => {
    const review = { HOST: '0.0.0.0', PUBLIC_URL: 'http://shop.example.com' }
    expect(refusal(review)).toMatch(/production mode \(PUBLIC_URL is http:\/\/shop\.example\.com\).*PAYMENTS=test/)
    expect(load({ ...review, ...keys })).toMatchObject({ production: true, DEMO_DATA: false, PAYMENTS: 'stripe' })
  })

  it('PRODUCTION=0 turns off the rules of PUBLIC_URL on http and of HOST, never that of a public https URL', () => {
    const off = { PRODUCTION: '0', HOST: '0.0.0.0', PUBLIC_URL: 'http://shop.example.com' }
    expect(load(off)).toMatchObject({ production: false, DEMO_DATA: true, PAYMENTS: 'test' })
    expect(load({ PRODUCTION: 'off', HOST: '::' })).toMatchObject({ production: false })
    expect(refusal({ ...off, PUBLIC_URL: 'https://shop.example.com' })).toContain(
      'production mode (PUBLIC_URL is https://shop.example.com)',
    )
  })

  it('keeps the API reference for admins unless API_DOCS=public opens it; public outside production', () => {
    expect(load({ PRODUCTION: '1', ...keys }).API_DOCS).toBe('admin')
    expect(load({ HOST: '0.0.0.0', ...keys }).API_DOCS).toBe('admin')
    expect(load({ PRODUCTION: '1', API_DOCS: 'public', ...keys }).API_DOCS).toBe('public')
    expect(load({}).API_DOCS).toBe('public')
    expect(load({ API_DOCS: 'admin' }).API_DOCS).toBe('admin')
  })

  it('turns demo data off unless DEMO_DATA=on asks for it', () => {
    expect(load({ PRODUCTION: '1', ...keys }).DEMO_DATA).toBe(false)
    expect(load({ PRODUCTION: '1', DEMO_DATA: 'on', ...keys }).DEMO_DATA).toBe(true)
  })

  it('refuses the test card processor with one line naming what to set, unless PAYMENTS=test', () => {
    const message = refusal({ PUBLIC_URL: 'https://shop.example.com' })
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toContain('production mode (PUBLIC_URL is https://shop.example.com)')
    expect(message).toMatch(/STRIPE_SECRET_KEY.*PAYMENTS=test/)
    expect(refusal({ PRODUCTION: '1', DEMO_DATA: 'on' })).toContain('production mode (PRODUCTION=1)')
    expect(load({ PRODUCTION: '1', PAYMENTS: 'test' })).toMatchObject({ production: true, PAYMENTS: 'test' })
    expect(load({ PRODUCTION: '1', ...keys })).toMatchObject({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_live_123' })
  })

  it('reads PAYMENTS: stripe needs the keys, test ignores them', () => {
    expect(refusal({ PAYMENTS: 'stripe' })).toBe(
      'Invalid configuration: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    )
    expect(refusal({ PAYMENTS: 'paypal' })).toMatch(/^Invalid configuration: PAYMENTS must be test or stripe$/)
    expect(load(keys).PAYMENTS).toBe('stripe')
    const test = load({ PAYMENTS: 'test', ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_1' })
    expect(test).toMatchObject({ PAYMENTS: 'test' })
    expect(test.STRIPE_SECRET_KEY).toBeUndefined()
    expect(test.STRIPE_PUBLISHABLE_KEY).toBeUndefined()
    expect(test.STRIPE_WEBHOOK_SECRET).toBeUndefined()
  })
})
