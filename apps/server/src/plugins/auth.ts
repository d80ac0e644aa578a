import { messages } from '@preloved/shared/messages'
import { fromNodeHeaders } from 'better-auth/node'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { preparedStatement } from '../db/prepared.ts'
import { sessions, users } from '../db/schema/index.ts'
import { AppError } from '../lib/errors.ts'
import { tokenKey, VerifiedTokens } from '../lib/tokens.ts'
import { type Auth, createAuth, type PasswordHashing, publicOrigins, setUpAdminAccount } from '../modules/auth/auth.ts'
import type { Mailer } from '../modules/mail/mail.service.ts'
import type { Access } from './access.ts'

export interface CurrentUser {
  id: string
  name: string
  email: string
  role: 'customer' | 'seller' | 'admin'
  verified: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
    tokenKey: Uint8Array
    /** The caller, or undefined; does not fail for anonymous callers. */
    resolveUser(req: FastifyRequest): Promise<CurrentUser | undefined>
  }
  interface FastifyRequest {
    user: CurrentUser | undefined
    /** How the caller proved who they are. */
    authVia: 'bearer' | 'cookie' | undefined
    /** The better-auth session behind the caller: the cookie's, or the one the bearer token was minted from. */
    sessionId: string | undefined
  }
}

/**
 * The signed-in caller of a route whose `config.access` is not public (the onRequest hook below has resolved and
 * checked it); a 401 if there is none, so a route that forgot its access fails closed instead of reading undefined.
 */
export function signedInUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw new AppError(401, messages.auth.signInRequired)
  return req.user
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The origin of a Referer header; none for a missing or malformed one (which the CSRF check then refuses). */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined
  return new URL(referer).origin
}

/** Roles that satisfy an access rule. */
function allowed(access: Access, role: CurrentUser['role']): boolean {
  if (access === 'signed-in') return true
  return access === role
}

/**
 * Who is calling, for every route: the bearer token (the original accessToken), valid only while the session it was
 * minted from lives, or the better-auth session cookie; the user row is read fresh, so a role change or a deleted
 * account takes effect at once. Enforces each route's
 * `config.access` before validation, so an anonymous caller learns nothing about a route's body rules, and refuses
 * cookie-authenticated writes from other origins (CSRF).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { mailer: Mailer; passwordHashing?: PasswordHashing }) => {
    const config = app.config
    const { mailer, passwordHashing } = opts
    const auth = createAuth({ config, db: app.db, mailer, log: app.log, passwordHashing })
    const key = tokenKey(config.AUTH_SECRET)
    const { trusted } = publicOrigins(config)
    app.decorate('auth', auth)
    app.decorate('tokenKey', key)
    app.decorateRequest('user', undefined)
    app.decorateRequest('authVia', undefined)
    app.decorateRequest('sessionId', undefined)

    const userColumns = {
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verified: users.verified,
    }
    const loadUser = async (where: ReturnType<typeof eq>) => {
      const [row] = await app.db
        .select(userColumns)
        .from(users)
        .where(and(where, isNull(users.deletedAt)))
      return row
    }

    /**
     * The user of a bearer token, in one query with its session: the session must still exist (sign-out, a password
     * change or reset, a role change and account deletion delete it), be unexpired and belong to the token's user.
     * Nothing is cached, so a revoked token is refused by every instance on its very next request. The statement is
     * prepared once (every bearer request runs it): its SQL is not built again, and PostgreSQL parses it once per
     * connection.
     */
    const tokenUser = preparedStatement('token_user', (db) =>
      db
        .select(userColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sql.placeholder('sessionId')),
            eq(sessions.userId, sql.placeholder('userId')),
            gt(sessions.expiresAt, sql.placeholder('now')),
            isNull(users.deletedAt),
          ),
        ),
    )
    const tokens = new VerifiedTokens(key)
    const loadTokenUser = async (userId: string, sessionId: string) => {
      const [row] = await tokenUser(app.db).execute({ userId, sessionId, now: new Date().toISOString() })
      return row
    }

    async function resolve(req: FastifyRequest): Promise<CurrentUser | undefined> {
      const header = req.headers.authorization
      if (header !== undefined) {
        const m = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header)
        const claims = m ? await tokens.verify(m[1]!) : undefined
        const user = claims ? await loadTokenUser(claims.sub, claims.sid) : undefined
        if (!user || user.email.toLowerCase() !== claims?.email.toLowerCase()) {
          throw new AppError(401, messages.auth.sessionExpired)
        }
        req.authVia = 'bearer'
        req.sessionId = claims.sid
        return user
      }
      if (!req.headers.cookie?.includes('better-auth')) return undefined
      const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) })
      if (!session) return undefined
      const user = await loadUser(eq(users.id, session.user.id))
      if (user) {
        req.authVia = 'cookie'
        req.sessionId = session.session.id
      }
      return user
    }

    app.decorate('resolveUser', async (req: FastifyRequest) => {
      if (req.user === undefined) req.user = await resolve(req)
      return req.user
    })

    app.addHook('onRequest', async (req: FastifyRequest, _reply: FastifyReply) => {
      const access = req.routeOptions.config?.access
      if (!access || access === 'public') return
      const user = await app.resolveUser(req)
      if (!user) throw new AppError(401, messages.auth.signInRequired)
      if (req.authVia === 'cookie' && !SAFE_METHODS.has(req.method)) {
        const origin = req.headers.origin ?? refererOrigin(req.headers.referer)
        if (!origin || !trusted.includes(origin)) throw new AppError(403, messages.auth.untrustedOrigin)
      }
      if (!allowed(access, user.role)) throw new AppError(403, messages.auth.forbidden)
    })

    // ADMIN_EMAIL: the account with this email is admin once its address is confirmed; unconfirmed, it gets a setup link
    await setUpAdminAccount({ config, db: app.db, mailer: opts.mailer, log: app.log })
  },
)
