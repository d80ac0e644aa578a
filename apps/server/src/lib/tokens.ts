import { createHash } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'

/** The spec's `accessToken`: a short-lived HS256 JWT naming the user; the role is read fresh on every request. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
const ISSUER = 'preloved-bags'
const AUDIENCE = 'preloved-bags-api'

export interface AccessTokenClaims {
  sub: string
  email: string
}

/** A key of its own for tokens, derived from AUTH_SECRET (better-auth uses the secret for its cookies). */
export const tokenKey = (secret: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`access-token:${secret}`).digest())

export function signAccessToken(key: Uint8Array, claims: AccessTokenClaims, now = Date.now()): Promise<string> {
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key)
}

/** Verifies signature, algorithm (HS256 only: `alg: none` and others are refused), issuer, audience and expiry. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE })
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return undefined
    return { sub: payload.sub, email: payload.email }
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined
    throw err
  }
}
