import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../src/plugins/auth.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'

/**
 * The server's boundaries (docs/style.md#imports and #errors), checked on the source so they stay true: modules do not import app.ts
 * (app.ts imports them), error texts come from the messages modules, and handlers take the signed-in user from
 * `signedInUser(req)` instead of asserting `req.user!`. Plus the OpenAPI `security` derived from `config.access`.
 */
const src = fileURLToPath(new URL('../src', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
}

/** `file:line: text` of every line of `files` whose text (from that line on) matches `pattern`. */
function offenders(files: string[], pattern: RegExp): string[] {
  const found: string[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
      const line = text.slice(0, m.index).split('\n').length
      found.push(`${path.relative(src, file)}:${line}: ${m[0].replace(/\s+/g, ' ')}`)
    }
  }
  return found
}

describe('server boundaries', () => {
  const all = sourceFiles(src)
  const modules = sourceFiles(path.join(src, 'modules'))

  it('finds the sources it checks', () => {
    expect(modules.length).toBeGreaterThan(20)
    expect(all.some((f) => f.endsWith('app.ts'))).toBe(true)
  })

  it('no module, plugin or lib imports app.ts (app.ts imports them: no type-only cycle)', () => {
    const importsApp = /from\s+['"](?:\.\.?\/)+app\.ts['"]/
    const outside = all.filter((f) => path.relative(src, f) !== 'server.ts')
    expect(offenders(outside, importsApp)).toEqual([])
  })

  it('no AppError in modules/ carries a literal text: texts come from the messages modules', () => {
    // a string or template literal as the message argument, on one line or several
    const literal = /new AppError\(\s*\d+\s*,\s*['"`]/
    expect(offenders(modules, literal)).toEqual([])
  })

  it('no handler asserts the signed-in user with req.user!: it calls signedInUser(req)', () => {
    expect(offenders(all, /\breq\.user!/)).toEqual([])
  })

  it('only the products module touches the list cache: services call listingsChanged, routes only pass it on', () => {
    const outsideProducts = all.filter((f) => !path.relative(src, f).startsWith(path.join('modules', 'products')))
    expect(offenders(outsideProducts, /productListCache\.(?:clear|deleteWhere)\(/)).toEqual([])
    // the service that makes the change invalidates, right after its transaction commits: a route only binds it
    const routes = all.filter((f) => f.endsWith('.routes.ts'))
    expect(routes.length).toBeGreaterThan(5)
    expect(offenders(routes, /\blistingsChanged\s*\(/)).toEqual([])
  })

  it('signedInUser(req) answers 401 when a route that forgot its access has no caller', () => {
    expect(() => signedInUser({ user: undefined } as FastifyRequest)).toThrow(
      expect.objectContaining({ statusCode: 401, message: 'Please sign in to continue.' }),
    )
    const user = { id: 'u', name: 'Ann', email: 'ann@example.test', role: 'customer' as const, verified: false }
    expect(signedInUser({ user } as FastifyRequest)).toBe(user)
  })

  it('no route writes its OpenAPI security by hand except to narrow it (derived from config.access)', () => {
    expect(offenders(modules, /security:\s*\[\s*\{\s*bearer/)).toEqual([])
  })
})

describe('OpenAPI security from config.access', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('declares security on exactly the routes that are not public', async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>
      components: { securitySchemes: Record<string, unknown> }
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'cookie'])
    let checked = 0
    for (const route of t.app.apiRoutes) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')
      const op = doc.paths[openApiPath]?.[route.method.toLowerCase()]
      const where = `${route.method} ${route.url} (${route.access})`
      if (route.access === 'public') {
        expect(op?.security, where).toBeUndefined()
        continue
      }
      expect(op, `${where} is in the document`).toBeDefined()
      checked++
      // /api/jwt mints the bearer token from the session cookie: the cookie only
      const expected = route.url === '/api/jwt' ? [{ cookie: [] }] : [{ bearer: [] }, { cookie: [] }]
      expect(op?.security, where).toEqual(expected)
    }
    expect(checked).toBeGreaterThan(20)
    // and a public route carries none, in the document as a whole too
    expect(doc.paths['/api/categories']?.get?.security).toBeUndefined()
    expect(doc.paths['/api/products/{id}']?.get?.security).toBeUndefined()
  })
})
