import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security-headers.ts'

describe('securityHeaders', () => {
  it('sends a CSP without inline scripts that forbids framing, and no HSTS on plain http', () => {
    const h = securityHeaders({ PUBLIC_URL: undefined })
    expect(h['content-security-policy']).toContain("script-src 'self'")
    expect(h['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests')
    expect(h['x-content-type-options']).toBe('nosniff')
    expect(h['strict-transport-security']).toBeUndefined()
  })

  it('adds HSTS and upgrade-insecure-requests behind TLS', () => {
    const h = securityHeaders({ PUBLIC_URL: 'https://shop.example' })
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(h['content-security-policy']).toContain('upgrade-insecure-requests')
  })
})
