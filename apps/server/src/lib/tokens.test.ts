import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, tokenKey, verifyAccessToken } from './tokens.ts'

const key = tokenKey('a-secret-that-is-long-enough-for-tests-0001')
const claims = { sub: 'user-1', email: 'ann@example.test', sid: 'session-1' }
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')

describe('access tokens', () => {
  it('round-trips the user id and email', async () => {
    expect(await verifyAccessToken(key, await signAccessToken(key, claims))).toEqual(claims)
  })

  it('refuses an expired token', async () => {
    const old = await signAccessToken(key, claims, Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000)
    expect(await verifyAccessToken(key, old)).toBeUndefined()
  })

  it('refuses a token signed with another secret', async () => {
    const other = await signAccessToken(tokenKey('another-secret-that-is-long-enough-0002'), claims)
    expect(await verifyAccessToken(key, other)).toBeUndefined()
  })

  it('refuses a tampered payload', async () => {
    const [h, , s] = (await signAccessToken(key, claims)).split('.')
    const forged = `${h}.${b64({ ...claims, sub: 'admin', iss: 'preloved-bags', aud: 'preloved-bags-api', exp: 9e9 })}.${s}`
    expect(await verifyAccessToken(key, forged)).toBeUndefined()
  })

  it('refuses alg: none', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'preloved-bags', aud: 'preloved-bags-api', exp: 9e9 })}.`
    expect(await verifyAccessToken(key, none)).toBeUndefined()
  })

  it('refuses a token without a session id (minted before tokens were tied to sessions)', async () => {
    const legacy = await new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('preloved-bags')
      .setAudience('preloved-bags-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key)
    expect(await verifyAccessToken(key, legacy)).toBeUndefined()
  })

  it('refuses garbage', async () => {
    expect(await verifyAccessToken(key, 'not.a.token')).toBeUndefined()
    expect(await verifyAccessToken(key, '')).toBeUndefined()
  })
})
