import { createHash } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'

/**
 * The original `accessToken`: a short-lived HS256 JWT naming the user and the session it was minted for (`sid`). The
 * role is read fresh on every request, and the token answers only while its session lives (plugins/auth.ts), so
 * sign-out, a password change or reset, a deleted account or a role change ends it at once.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
const ISSUER = 'preloved-bags'
const AUDIENCE = 'preloved-bags-api'

export interface AccessTokenClaims {
  sub: string
  email: string
  /** The better-auth session the token was minted from: the token dies with it. */
  sid: string
}

/** A key of its own for tokens, derived from AUTH_SECRET (better-auth uses the secret for its cookies). */
export const tokenKey = (secret: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`access-token:${secret}`).digest())

export function signAccessToken(key: Uint8Array, claims: AccessTokenClaims, now = Date.now()): Promise<string> {
  return new SignJWT({ email: claims.email, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key)
}

/**
 * Verifies signature, algorithm (HS256 only: `alg: none` and others are refused), issuer, audience and expiry. A token
 * without a session id (minted before tokens were tied to sessions) is refused too.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessTokenClaims | undefined> {
  return (await verifiedClaims(key, token))?.claims
}

/** The claims of a valid token, and when it expires (ms since 1970). */
async function verifiedClaims(
  key: Uint8Array,
  token: string,
): Promise<{ claims: AccessTokenClaims; expiresAt: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE })
    const { sub, email, sid, exp } = payload
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string' || sid === '') return undefined
    // jwtVerify refuses a token without `exp`, or one whose `exp` has passed
    return { claims: { sub, email, sid }, expiresAt: exp! * 1000 }
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined
    throw err
  }
}

/**
 * `verifyAccessToken` for every bearer request: a token that verified is kept with its claims until it expires, so a
 * client's token is checked by jose once instead of on every request (an HMAC through WebCrypto each time). Only the
 * exact text of a token that verified is kept, and its expiry is checked on every use, as jose checks it. The
 * session behind the token is not kept: the caller still reads it on every request (plugins/auth.ts). At most `max`
 * tokens are kept; when full, all are forgotten and verified again as they come.
 */
export class VerifiedTokens {
  private readonly kept = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>()

  constructor(
    private readonly key: Uint8Array,
    private readonly max = 10_000,
  ) {}

  async verify(token: string, now = Date.now()): Promise<AccessTokenClaims | undefined> {
    const hit = this.kept.get(token)
    if (hit) {
      // jose's rule: valid while `exp` (whole seconds) is after the current second
      if (hit.expiresAt > now) return hit.claims
      this.kept.delete(token)
      return undefined
    }
    const verified = await verifiedClaims(this.key, token)
    if (!verified) return undefined
    if (this.kept.size >= this.max) this.kept.clear()
    this.kept.set(token, verified)
    return verified.claims
  }
}
