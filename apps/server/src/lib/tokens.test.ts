import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, tokenKey, VerifiedTokens, verifyAccessToken } from './tokens.ts'

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

  it('keeps a verified token until it expires, and refuses it from then on', async () => {
    const tokens = new VerifiedTokens(key)
    const issued = Date.now()
    const token = await signAccessToken(key, claims, issued)
    expect(await tokens.verify(token, issued)).toEqual(claims)
    // a token kept is refused at its expiry second, as jose refuses it
    const expiry = (Math.floor(issued / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000
    expect(await tokens.verify(token, expiry - 1)).toEqual(claims)
    expect(await tokens.verify(token, expiry)).toBeUndefined()
    // a token that failed is not kept, nor is a changed copy of a kept one accepted
    const other = await signAccessToken(key, claims, issued)
    const forged = `${other.slice(0, -2)}${other.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await tokens.verify(forged, issued)).toBeUndefined()
    expect(await new VerifiedTokens(tokenKey('another-secret-that-is-long-enough-0002')).verify(token)).toBeUndefined()
  })

  it('forgets every kept token when full, and verifies them again', async () => {
    const tokens = new VerifiedTokens(key, 2)
    const now = Date.now()
    const signed = await Promise.all(
      [1, 2, 3].map((n) => signAccessToken(key, { ...claims, sid: `session-${n}` }, now)),
    )
    for (const t of signed) expect(await tokens.verify(t, now)).toBeDefined()
    expect(await tokens.verify(signed[0]!, now)).toEqual({ ...claims, sid: 'session-1' })
    const expired = await signAccessToken(key, claims, now - (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000)
    expect(await tokens.verify(expired, now)).toBeUndefined()
  })
})
