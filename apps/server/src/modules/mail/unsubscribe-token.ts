import { createHmac, timingSafeEqual } from 'node:crypto'
import { messages } from '@preloved/shared/messages'
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '@preloved/shared/notifications'
import { AppError } from '../../lib/errors.ts'

/**
 * The signed one-click unsubscribe link of every mail (docs/product/notifications.md#unsubscribe; decision 027): who (the user's
 * id), what (one notification kind, or `all` that can be turned off) and until when, signed with HMAC-SHA256 under a
 * key derived from AUTH_SECRET. No sign-in is needed to use it: the signature is the proof. A changed user, kind or
 * date, or a token signed with another secret, is refused (400), and so is one past its date.
 */

/** How long a mail's unsubscribe link works (a mail read two months later still unsubscribes). */
export const UNSUBSCRIBE_LINK_DAYS = 60

const DAY = 86_400_000
const VERSION = 'u1'

export interface UnsubscribeClaims {
  userId: string
  scope: UnsubscribeScope
  expiresAt: Date
}

/** The key the links are signed with: AUTH_SECRET's, for this use only. */
export const unsubscribeKey = (authSecret: string): Buffer =>
  createHmac('sha256', authSecret).update('preloved-unsubscribe-link').digest()

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

/** A token for the user's `scope`, valid UNSUBSCRIBE_LINK_DAYS from `now`. */
export function signUnsubscribeToken(key: Buffer, userId: string, scope: UnsubscribeScope, now: Date): string {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY) / 1000)
  const payload = `${VERSION}.${Buffer.from(`${userId}|${scope}|${expires}`).toString('base64url')}`
  return `${payload}.${sign(key, payload)}`
}

/** The claims of a token signed with `key` and not past its date at `now`; 400 otherwise (forged, or expired). */
export function verifyUnsubscribeToken(key: Buffer, token: string, now: Date): UnsubscribeClaims {
  const invalid = new AppError(400, messages.notifications.unsubscribeInvalid)
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== VERSION) throw invalid
  const payload = `${parts[0]}.${parts[1]}`
  const given = Buffer.from(parts[2]!)
  const expected = Buffer.from(sign(key, payload))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid
  const [userId, scope, expires, ...rest] = Buffer.from(parts[1]!, 'base64url').toString('utf8').split('|')
  if (
    rest.length > 0 ||
    !userId ||
    !(UNSUBSCRIBE_SCOPES as readonly string[]).includes(scope ?? '') ||
    !/^\d{1,12}$/.test(expires ?? '')
  )
    throw invalid
  const expiresAt = new Date(Number(expires) * 1000)
  if (expiresAt.getTime() <= now.getTime()) throw new AppError(400, messages.notifications.unsubscribeExpired)
  return { userId, scope: scope as UnsubscribeScope, expiresAt }
}
