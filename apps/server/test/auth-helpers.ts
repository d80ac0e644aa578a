import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { outbox } from '../src/db/schema/index.ts'

export const ORIGIN = 'http://localhost:3000'
export const PASSWORD = 'Secret#123'
export const ADMIN_EMAIL = 'admin@example.test'

export interface Session {
  id: string
  email: string
  name: string
  cookie: string
  token: string
  bearer: { authorization: string }
}

/** The origin a browser on the app's PUBLIC_URL sends (ORIGIN for the test apps, which leave it unset). */
const originOf = (app: FastifyInstance) => app.config.PUBLIC_URL ?? ORIGIN

/** A client address of its own per call, so the per-IP limits of sign-up and sign-in do not pool across tests. */
export const someIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

/** The session cookies a response set, as a Cookie header. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

/** The newest setup link mailed to the ADMIN_EMAIL account (the outbox, as no test app has SMTP). */
export async function setupLinkOf(app: FastifyInstance, email: string): Promise<URL> {
  const [mail] = await app.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(
      and(eq(outbox.to, email.toLowerCase()), eq(outbox.subject, 'Confirm the admin address of Preloved Bags Co.')),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(1)
  const link = mail && /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`no setup link was mailed to ${email}`)
  return new URL(link)
}

/**
 * The owner of ADMIN_EMAIL follows the setup link (which confirms the address and makes the account admin) and
 * chooses the password on the page it leads to; answers the redirect of the link.
 */
export async function followSetupLink(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<LightMyRequestResponse> {
  const link = await setupLinkOf(app, email)
  const res = await app.inject({ url: `${link.pathname}${link.search}` })
  const next = new URL(String(res.headers.location ?? '/'), ORIGIN)
  const token = next.searchParams.get('token')
  if (res.statusCode !== 302 || !token || next.searchParams.has('error')) {
    throw new Error(`setup link of ${email}: ${res.statusCode} ${res.headers.location ?? res.body}`)
  }
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: originOf(app) },
    remoteAddress: someIp(),
    payload: { token, newPassword: password },
  })
  if (reset.statusCode !== 200) throw new Error(`choose the admin password: ${reset.statusCode} ${reset.body}`)
  return res
}

/**
 * The original sequence through the real routes: create the account, fetch the token, record the profile. ADMIN_EMAIL
 * also follows its setup link (unless `confirm: false`), and so comes back signed in as the admin.
 */
export async function signUp(
  app: FastifyInstance,
  opts: { email: string; name?: string; role?: 'customer' | 'seller'; password?: string; confirm?: boolean },
): Promise<Session> {
  const name = opts.name ?? opts.email.split('@')[0]!
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: originOf(app) },
    remoteAddress: someIp(),
    payload: { name, email: opts.email, password: opts.password ?? PASSWORD },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up ${opts.email}: ${res.statusCode} ${res.body}`)
  if (opts.email.toLowerCase() === ADMIN_EMAIL && opts.confirm !== false && app.config.ADMIN_EMAIL === ADMIN_EMAIL) {
    await followSetupLink(app, opts.email, opts.password ?? PASSWORD)
    return signIn(app, opts.email, opts.password ?? PASSWORD)
  }
  const cookie = cookieHeader(res)
  const session = await tokenFor(app, opts.email, cookie, name, res.json().user.id)
  if (opts.role) {
    const recorded = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: session.bearer,
      payload: { name, email: opts.email, role: opts.role },
    })
    if (recorded.statusCode !== 200) throw new Error(`record ${opts.email}: ${recorded.statusCode} ${recorded.body}`)
  }
  return session
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: originOf(app) },
    remoteAddress: someIp(),
    payload: { email, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in ${email}: ${res.statusCode} ${res.body}`)
  const user = res.json().user
  return tokenFor(app, email, cookieHeader(res), user.name, user.id)
}

async function tokenFor(
  app: FastifyInstance,
  email: string,
  cookie: string,
  name: string,
  id: string,
): Promise<Session> {
  const jwt = await app.inject({ url: `/api/jwt?email=${encodeURIComponent(email)}`, headers: { cookie } })
  if (jwt.statusCode !== 200) throw new Error(`jwt ${email}: ${jwt.statusCode} ${jwt.body}`)
  const token = jwt.json().accessToken as string
  return { id, email, name, cookie, token, bearer: { authorization: `Bearer ${token}` } }
}

/**
 * The people a process's contract test plays every move as, besides the buyer of each order or offer: a seller, an
 * admin (ADMIN_EMAIL) and a stranger to everything (`prefix` keeps their emails apart from other files').
 */
export async function signUpCast(app: FastifyInstance, prefix: string) {
  const [seller, admin, stranger] = await Promise.all([
    signUp(app, { email: `${prefix}-seller@example.test`, role: 'seller' }),
    signUp(app, { email: ADMIN_EMAIL }),
    signUp(app, { email: `${prefix}-stranger@example.test`, role: 'customer' }),
  ])
  return { seller, admin, stranger }
}
