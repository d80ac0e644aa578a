import { describe, expect, it } from 'vitest'
import { looksLikeApi, nonCanonicalReason } from './canonical-path.ts'

describe('nonCanonicalReason', () => {
  it.each([
    '/api/health',
    '/api/auth/sign-in/email',
    '/api/categoryDetails',
    '/api/users/admin/mia%40example.test',
    '/api/users/seller/mix%2Btag%40example.test',
    '/api/users/seller/mix+tag@example.test',
    '/api/categoryDetails/Cross%20Body',
    '/api/products/caf%C3%A9',
    '/api/auth/reset-password/AbC123xyz',
    "/api/x/a!$&'()*,=:@~_-.b",
    '/api/docs',
  ])('lets the plain path %s through', (path) => {
    expect(nonCanonicalReason(path)).toBeUndefined()
  })

  it.each([
    ['/api/auth/./sign-in/email', 'dot segments'],
    ['/api/auth/x/../sign-in/email', 'dot segments'],
    ['/api/auth/%2e/sign-in/email', 'percent-encoded'],
    ['/api/auth/.%2E/sign-in/email', 'percent-encoded'],
    ['/api/auth/sign-%69n/email', 'percent-encoded'],
    ['/api/auth/sign%2Din/email', 'percent-encoded'],
    ['/api/auth/sign-in%2Femail', 'percent-encoded'],
    ['/api/auth/sign-in%5cemail', 'percent-encoded'],
    ['/api/auth//sign-in/email', 'slashes'],
    ['/api/auth/sign-in/email/', 'slashes'],
    ['/api/', 'slashes'],
    ['/api/auth/sign-in/email;x=1', ';'],
    ['/api/auth;/sign-in/email', ';'],
    ['/api/auth/sign-in\\email', 'character'],
    ['/api/auth/sign-in/email#x', 'character'],
    ['/api/auth/sign in/email', 'character'],
    ['/api/users/admin/%zz', 'character'],
    ['/API/health', 'lower-case'],
    ['/Api/health', 'lower-case'],
    ['api/health', 'absolute'],
  ])('refuses %s (%s)', (path, words) => {
    expect(nonCanonicalReason(path)).toContain(words)
  })
})

describe('looksLikeApi', () => {
  it.each([
    '/api',
    '/api/health',
    '/API/health',
    '/%61pi/health',
    '/x/../api/health',
    '/./api/health',
    '/%2e/api/health',
    '//api/health',
    '\\api\\health',
    '/api;x/health',
    '/%41PI/health',
    '/a%70%69/health',
  ])('takes %s for an /api path', (path) => {
    expect(looksLikeApi(path)).toBe(true)
  })

  it.each(['/', '/category/Tote', '/apiary', '/product/..%2F..%2Fapi', '/uploads/a.webp', '/assets/api.js'])(
    'leaves %s to the pages',
    (path) => {
      expect(looksLikeApi(path)).toBe(false)
    },
  )
})
