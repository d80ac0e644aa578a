import { randomBytes, randomUUID } from 'node:crypto'
import { DISPLAY_NAME_MAX } from '@preloved/shared/auth'
import { FIRST_ORDER_DISCOUNT_TEXT } from '@preloved/shared/constants'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createEmailVerificationToken } from 'better-auth/api'
import { hashPassword } from 'better-auth/crypto'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts'
import type { Config } from '../../plugins/config.ts'
import type { Mailer } from '../mail/mail.service.ts'

/** The header our auth route sets from Fastify's `req.ip` (replacing any client value) for better-auth. */
export const CLIENT_IP_HEADER = 'x-preloved-client-ip'

/** Where the app is reached: PUBLIC_URL, or http://localhost:PORT (http://127.0.0.1:PORT is trusted too). */
export function publicOrigins(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): { baseURL: string; trusted: string[] } {
  if (config.PUBLIC_URL) return { baseURL: config.PUBLIC_URL, trusted: [new URL(config.PUBLIC_URL).origin] }
  const local = [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]
  return { baseURL: local[0]!, trusted: local }
}

export type GoogleSignIn = 'google' | 'oidc' | null

export const googleSignInKind = (config: Config): GoogleSignIn =>
  config.GOOGLE_CLIENT_ID ? 'google' : config.OIDC_ISSUER ? 'oidc' : null

export interface AuthDeps {
  config: Config
  db: Db
  mailer: Mailer
  log: FastifyBaseLogger
  /** How passwords are hashed and checked; better-auth's scrypt unless given (the API tests pass a cheaper one). */
  passwordHashing?: PasswordHashing
}

/** better-auth's password hooks: a hash to store, and whether a password matches a stored hash. */
export interface PasswordHashing {
  hash(password: string): Promise<string>
  verify(input: { hash: string; password: string }): Promise<boolean>
}

/** How long the admin's setup link (and the password choice it leads to) stays valid. */
export const ADMIN_LINK_SECONDS = 24 * 60 * 60

/** The one console line that carries a setup link in full (every other mail's token is masked in the log). */
export const SETUP_LINK_LOG = 'First-run setup link'

const isAdminEmail = (config: Pick<Config, 'ADMIN_EMAIL'>, email: string) =>
  config.ADMIN_EMAIL !== undefined && email.toLowerCase() === config.ADMIN_EMAIL.toLowerCase()

/**
 * Mails the ADMIN_EMAIL account its setup link: better-auth's /verify-email with a token for this user, going on to the
 * password form with a reset token of its own. Without SMTP nobody can read the outbox yet (there is no admin), so
 * the link is also printed in full on the server's console, for whoever runs it.
 */
export async function sendAdminSetupLink(
  { config, db, mailer, log }: AuthDeps,
  user: { id: string; name: string; email: string },
): Promise<string> {
  const { baseURL } = publicOrigins(config)
  const token = await createEmailVerificationToken(config.AUTH_SECRET, user.email, undefined, ADMIN_LINK_SECONDS, {
    userId: user.id,
  })
  // better-auth's reset-password row, so that the confirmed owner chooses the password (see confirmAdmin)
  const resetToken = randomBytes(24).toString('base64url')
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${resetToken}`,
    value: user.id,
    expiresAt: new Date(Date.now() + ADMIN_LINK_SECONDS * 1000),
  })
  const next = `/reset-password?token=${resetToken}&setup=admin`
  const url = `${baseURL}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(next)}`
  await mailer.send({
    to: user.email,
    subject: 'Confirm the admin address of Preloved Bags Co.',
    text:
      `Hello ${user.name},\n\nThis address is the administrator of ${baseURL}. Open this link within 24 hours to ` +
      `confirm it, become admin and choose the account's password:\n\n${url}\n\n` +
      'If you did not expect this mail, ignore it: nobody becomes admin without this link.\n',
  })
  if (mailer.kind === 'outbox') {
    log.warn(
      `${SETUP_LINK_LOG} for the admin ${user.email} (valid 24 hours; confirms it and sets its password): ${url}`,
    )
  }
  return url
}

/**
 * The ADMIN_EMAIL account has proven its address: it becomes admin, and loses the password and sessions it had,
 * since whoever signed up with the address first chose them (the setup link goes on to choosing a new password).
 */
export async function confirmAdmin(db: Db, userId: string): Promise<void> {
  const unknowable = await hashPassword(randomBytes(32).toString('base64url'))
  await db.update(users).set({ role: 'admin', emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId))
  await db
    .update(accounts)
    .set({ password: unknowable, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/**
 * At start: the ADMIN_EMAIL account is admin once its address is confirmed. An unconfirmed one is (or goes back to
 * being) a customer, and gets a fresh setup link.
 */
export async function setUpAdminAccount(deps: AuthDeps): Promise<'none' | 'admin' | 'link sent'> {
  const { config, db, log } = deps
  if (!config.ADMIN_EMAIL) return 'none'
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, verified: users.emailVerified })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${config.ADMIN_EMAIL.toLowerCase()}`, isNull(users.deletedAt)))
  if (!user) {
    const where = deps.mailer.kind === 'outbox' ? 'printed here' : 'mailed to it'
    log.info(`ADMIN_EMAIL ${config.ADMIN_EMAIL} has no account yet: sign up with it, then open the setup link ${where}`)
    return 'none'
  }
  if (user.verified) {
    if (user.role !== 'admin') await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id))
    return 'admin'
  }
  if (user.role === 'admin') {
    // made admin at sign-up by an older version, without proof of the address
    await db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id))
    await db.delete(sessions).where(eq(sessions.userId, user.id))
    log.warn(`ADMIN_EMAIL ${user.email} is not confirmed yet: admin again once the setup link is followed`)
  }
  const sending = sendAdminSetupLink(deps, user).then(
    () => {},
    (err) => log.warn({ err }, `could not send the admin setup link to ${user.email}`),
  )
  // the outbox is a local write; an SMTP server that is slow or down must not hold up the start
  if (deps.mailer.kind === 'outbox') await sending
  return 'link sent'
}

/** better-auth on our database: email + password, sessions in httpOnly cookies, reset by mail, Google/OIDC. */
export function createAuth(deps: AuthDeps) {
  const { config, db, mailer, log, passwordHashing } = deps
  const { baseURL, trusted } = publicOrigins(config)
  return betterAuth({
    appName: 'Preloved Bags Co.',
    baseURL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trusted,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        // never settable by a client: POST /api/users and the admin change them on the server
        role: { type: 'string', input: false, defaultValue: 'customer', required: false },
        verified: { type: 'boolean', input: false, defaultValue: false, required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Preloved Bags Co. password',
          text: `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Preloved Bags Co. account.\nOpen this link within an hour to choose a new one:\n\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
        })
      },
    },
    // only the ADMIN_EMAIL account is asked to confirm its address (its setup link); nobody else is held up by it
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: ADMIN_LINK_SECONDS,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user }) {
        if (isAdminEmail(config, user.email)) await sendAdminSetupLink(deps, user)
      },
      async afterEmailVerification(user) {
        if (isAdminEmail(config, user.email)) await confirmAdmin(db, user.id)
      },
    },
    // a fresh setup link comes with each start: nobody may have mails sent to the admin on demand
    disabledPaths: ['/send-verification-email'],
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    socialProviders: config.GOOGLE_CLIENT_ID
      ? {
          google: {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET!,
            prompt: 'select_account',
          },
        }
      : {},
    plugins: config.OIDC_ISSUER
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                clientId: config.OIDC_CLIENT_ID!,
                clientSecret: config.OIDC_CLIENT_SECRET!,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    // a Google/OIDC sign-in joins an existing account of the same email only when the provider says the address is
    // verified (no trusted providers) and the local account's address is confirmed too (better-auth's default)
    account: { accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true } },
    databaseHooks: {
      user: {
        create: {
          // everyone starts as a customer; ADMIN_EMAIL is admin from the start only when a provider vouches for the
          // address (Google/OIDC with email_verified), otherwise once its setup link is followed
          async before(user) {
            const email = user.email.toLowerCase()
            const admin = isAdminEmail(config, email) && user.emailVerified === true
            // a provider's name (Google, OIDC) is held to the same 80 characters as one typed at sign-up
            const name = user.name.trim().slice(0, DISPLAY_NAME_MAX) || email.split('@')[0]!
            return { data: { ...user, name, email, role: admin ? 'admin' : 'customer', verified: false } }
          },
          async after(user) {
            await mailer
              .send({
                to: user.email,
                subject: 'Welcome to Preloved Bags Co.',
                text: `Hello ${user.name},\n\nWelcome to Preloved Bags Co. Browse preloved bags at ${baseURL}/categories, or list one of yours from your dashboard.\nYour first order gets ${FIRST_ORDER_DISCOUNT_TEXT} at checkout.\n`,
              })
              .catch(() => {}) // a welcome mail never blocks a sign-up
          },
        },
      },
    },
    // our own @fastify/rate-limit guards these routes per IP and per account, shared through Redis when set
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseURL.startsWith('https://'),
    },
    telemetry: { enabled: false },
    // better-auth's own messages go through our pino logger (never with request bodies, so never passwords)
    logger: {
      level: 'warn',
      log: (level, message) => log[level]({ component: 'better-auth' }, message),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
