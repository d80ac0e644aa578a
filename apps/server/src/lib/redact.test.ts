import { describe, expect, it } from 'vitest'
import { redactSecrets } from './redact.ts'

describe('redactSecrets', () => {
  it('masks the reset token of a link and token-like query parameters, nothing else', () => {
    expect(redactSecrets('http://x/api/auth/reset-password/abcDEF123?callbackURL=%2Freset-password')).toBe(
      'http://x/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    )
    expect(redactSecrets('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1')
    expect(redactSecrets('/api/auth/callback/google?state=s1&code=c2')).toBe(
      '/api/auth/callback/google?state=[redacted]&code=[redacted]',
    )
    expect(redactSecrets('/api/categoryDetails?email=a@b.c&limit=5')).toBe('/api/categoryDetails?email=a@b.c&limit=5')
  })

  it('masks the tokens of an address confirmation link, also the one encoded in its callback', () => {
    expect(
      redactSecrets(
        'http://x/api/auth/verify-email?token=eyJhbGciOi.eyJlbWFp.c2ln&callbackURL=%2Freset-password%3Ftoken%3DAbC_12-x%26setup%3Dadmin',
      ),
    ).toBe(
      'http://x/api/auth/verify-email?token=[redacted]&callbackURL=%2Freset-password%3Ftoken%3D[redacted]%26setup%3Dadmin',
    )
  })
})
