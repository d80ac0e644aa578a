import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { ALIAS_FORMS, isRefusal, type RawAnswer, type RawRequest, rawClient } from '../../test/path-aliases.ts'

/** Every path the API reference serves: its page, the document (JSON and YAML) and the files its page loads. */
const DOCS_PATHS = [
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/swagger-ui.css',
  '/api/docs/static/swagger-ui-bundle.js',
]

const reads = (t: TestApp, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers })

describe('the API reference of a production instance (decision 032)', () => {
  let t: TestApp
  let admin: Session
  let customer: Session
  let seller: Session
  let send: (req: RawRequest) => Promise<RawAnswer>
  beforeAll(async () => {
    t = await buildTestApp({ PRODUCTION: '1', PAYMENTS: 'test', ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' })
    ;[admin, customer, seller] = await Promise.all([
      signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada Admin' }),
      signUp(t.app, { email: 'docs-customer@example.test', role: 'customer' }),
      signUp(t.app, { email: 'docs-seller@example.test', role: 'seller' }),
    ])
    send = await rawClient(t.app)
  })
  afterAll(() => t.close())

  it('is for admins only by default: 401 signed out, 403 for customers and sellers, on every path it serves', async () => {
    expect(t.app.config.API_DOCS).toBe('admin')
    for (const url of DOCS_PATHS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const anonymous = await reads(t, url, {}, method)
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401)
        if (method === 'GET') {
          expect(anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
          expect(anonymous.body).not.toMatch(/openapi|swagger/i)
        }
        for (const who of [customer, seller]) {
          const other = await reads(t, url, who.bearer, method)
          expect(other.statusCode, `${method} ${url} as ${who.email}`).toBe(403)
          if (method === 'GET') expect(other.body).not.toMatch(/openapi|swagger/i)
        }
      }
    }
  })

  it('an admin reads it, with the bearer token or in the browser (the session cookie); no shared cache keeps it', async () => {
    const json = await reads(t, '/api/docs/json', admin.bearer)
    expect(json.statusCode).toBe(200)
    expect(json.json().openapi).toMatch(/^3\./)
    expect(json.headers['cache-control']).toBe('private, no-cache')
    const page = await reads(t, '/api/docs', { cookie: admin.cookie })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger')
    const css = await reads(t, '/api/docs/static/swagger-ui.css', { cookie: admin.cookie })
    expect(css.statusCode).toBe(200)
    expect(css.headers['cache-control']).toBe('private, no-cache')
    expect((await reads(t, '/api/docs/yaml', admin.bearer)).body).toContain('openapi:')
  })

  it('no other spelling of its paths gets the document: refused, or 401 / 403 like the plain one', async () => {
    for (const plain of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js']) {
      for (const form of ALIAS_FORMS) {
        const path = form.make(plain)
        for (const [who, status] of [
          [undefined, 401],
          [customer, 403],
        ] as const) {
          const res = await send({ path, headers: who ? who.bearer : {} })
          const ok = isRefusal(res) || res.status === status
          expect(
            ok,
            `${form.name}: ${path} as ${who?.email ?? 'anonymous'} → ${res.status} ${res.body.slice(0, 80)}`,
          ).toBe(true)
          expect(res.body).not.toMatch(/openapi|swagger/i)
        }
      }
    }
  })
})

describe('API_DOCS', () => {
  it('public opens the reference of a production instance to everyone', async () => {
    const t = await buildTestApp({ PRODUCTION: '1', PAYMENTS: 'test', API_DOCS: 'public' })
    try {
      expect((await reads(t, '/api/docs/json')).statusCode).toBe(200)
      expect((await reads(t, '/api/docs')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('outside production the reference is public unless API_DOCS=admin closes it', async () => {
    const local = await buildTestApp()
    const closed = await buildTestApp({ API_DOCS: 'admin' })
    try {
      expect(local.app.config.API_DOCS).toBe('public')
      expect((await reads(local, '/api/docs/json')).statusCode).toBe(200)
      expect((await reads(closed, '/api/docs/json')).statusCode).toBe(401)
      expect((await reads(closed, '/api/docs')).statusCode).toBe(401)
    } finally {
      await Promise.all([local.close(), closed.close()])
    }
  })
})
