import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
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
}

/** better-auth on our database: email + password, sessions in httpOnly cookies, reset by mail, Google/OIDC. */
export function createAuth({ config, db, mailer, log }: AuthDeps) {
  const { baseURL, trusted } = publicOrigins(config)
  const adminEmail = config.ADMIN_EMAIL?.toLowerCase()
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
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Preloved Bags Co. password',
          text: `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Preloved Bags Co. account.\nOpen this link within an hour to choose a new one:\n\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
        })
      },
    },
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
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'oidc'] } },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAIL becomes admin whenever it signs up; everyone else starts as a customer
          async before(user) {
            const email = user.email.toLowerCase()
            return { data: { ...user, email, role: email === adminEmail ? 'admin' : 'customer', verified: false } }
          },
          async after(user) {
            await mailer
              .send({
                to: user.email,
                subject: 'Welcome to Preloved Bags Co.',
                text: `Hello ${user.name},\n\nWelcome to Preloved Bags Co. Browse preloved bags at ${baseURL}/categories, or list one of yours from your dashboard.\nYour first order gets 15% off at checkout.\n`,
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
