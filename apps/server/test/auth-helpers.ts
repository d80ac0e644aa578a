import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

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

/** A client address of its own per call, so the per-IP limits of sign-up and sign-in do not pool across tests. */
export const someIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

/** The session cookies a response set, as a Cookie header. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

/** The spec's sequence through the real routes: create the account, fetch the token, record the profile. */
export async function signUp(
  app: FastifyInstance,
  opts: { email: string; name?: string; role?: 'customer' | 'seller'; password?: string },
): Promise<Session> {
  const name = opts.name ?? opts.email.split('@')[0]!
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    remoteAddress: someIp(),
    payload: { name, email: opts.email, password: opts.password ?? PASSWORD },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up ${opts.email}: ${res.statusCode} ${res.body}`)
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
    headers: { origin: ORIGIN },
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
