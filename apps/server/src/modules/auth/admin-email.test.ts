import { PassThrough } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_EMAIL,
  cookieHeader,
  followSetupLink,
  ORIGIN,
  PASSWORD,
  setupLinkOf,
  signIn,
  signUp,
  someIp,
} from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startLocalSmtp } from '../../../test/fakes/smtp-server.ts'
import { insertUser } from '../../../test/fixtures.ts'
import { buildApp } from '../../app.ts'
import { outbox, users } from '../../db/schema/index.ts'
import { loadConfig } from '../../plugins/config.ts'

/**
 * ADMIN_EMAIL is admin only once the address is proven: sign-up alone gives a customer and a
 * setup link, mailed (here: the outbox) and, with no SMTP to deliver it, printed on the server's console.
 */
let t: TestApp
let logs = ''
const ATTACKER_PASSWORD = 'Guess3d#Admin'

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString()
  })
  t = await buildTestApp({ ADMIN_EMAIL, LOG_LEVEL: 'info' }, { logStream: stream })
})
afterAll(() => t.close())

const me = async (headers: Record<string, string>) => t.app.inject({ url: '/api/me', headers })
const roleOf = async (email: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role

/** A second app on the same database, as after a restart with ADMIN_EMAIL set. */
async function restart(adminEmail: string, logStream?: NodeJS.WritableStream) {
  return buildApp(
    loadConfig({
      DATA_DIR: t.dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      DEMO_DATA: 'false',
      LOG_LEVEL: logStream ? 'info' : 'silent',
      ADMIN_EMAIL: adminEmail,
      WEB_DIST: `${t.dataDir}/no-web`,
    }),
    { database: t.database, ...(logStream ? { logStream } : {}) },
  )
}

describe('ADMIN_EMAIL', () => {
  let squatter: Awaited<ReturnType<typeof signUp>>

  it('signs up as a customer: whoever guesses the address does not become admin', async () => {
    squatter = await signUp(t.app, { email: ADMIN_EMAIL, password: ATTACKER_PASSWORD, confirm: false })
    expect((await me(squatter.bearer)).json().role).toBe('customer')
    expect((await t.app.inject({ url: '/api/outbox', headers: squatter.bearer })).statusCode).toBe(403)
    expect(await roleOf(ADMIN_EMAIL)).toBe('customer')
  })

  it('mails a setup link and prints that one link in full on the console; other mails stay masked', async () => {
    const link = await setupLinkOf(t.app, ADMIN_EMAIL)
    expect(link.pathname).toBe('/api/auth/verify-email')
    expect(link.searchParams.get('callbackURL')).toMatch(/^\/reset-password\?token=[\w-]{20,}&setup=admin$/)
    await new Promise((r) => setTimeout(r, 50))
    const setupLines = logs.split('\n').filter((l) => l.includes('First-run setup link'))
    expect(setupLines).toHaveLength(1)
    expect(setupLines[0]).toContain(`for the admin ${ADMIN_EMAIL}`)
    expect(setupLines[0]).toContain(link.toString())
    // the outbox's own log line of the same mail, and the welcome mail, carry no usable token
    const mailLines = logs.split('\n').filter((l) => l.includes('mail stored in the outbox'))
    expect(mailLines.length).toBeGreaterThanOrEqual(2)
    for (const line of mailLines) {
      expect(line).not.toContain(link.searchParams.get('token')!)
      expect(line).not.toContain(new URL(link.searchParams.get('callbackURL')!, ORIGIN).searchParams.get('token')!)
    }
  })

  it('keeps the reset token of any other mail masked in the log', async () => {
    await signUp(t.app, { email: 'forgetful@example.test' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      remoteAddress: someIp(),
      payload: { email: 'forgetful@example.test', redirectTo: '/reset-password' },
    })
    expect(res.statusCode).toBe(200)
    const resetMail = (await t.database.db.select().from(outbox).where(eq(outbox.to, 'forgetful@example.test'))).find(
      (m) => m.subject.includes('Reset'),
    )
    const token = /\/reset-password\/([^?\s]+)/.exec(resetMail!.text)![1]!
    await new Promise((r) => setTimeout(r, 50))
    expect(logs).toContain('/reset-password/[redacted]')
    expect(logs).not.toContain(token)
    expect(logs.split('\n').filter((l) => l.includes('First-run setup link'))).toHaveLength(1)
  })

  it('refuses to mail the admin a link on demand (a fresh one comes with each start)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { origin: ORIGIN },
      remoteAddress: someIp(),
      payload: { email: ADMIN_EMAIL },
    })
    expect(res.statusCode).toBe(404)
  })

  it('takes no other token of the account for a confirmation (the access token is signed with a key of its own)', async () => {
    const res = await t.app.inject({ url: `/api/auth/verify-email?token=${squatter.token}` })
    expect(res.statusCode).toBe(401)
    expect(await roleOf(ADMIN_EMAIL)).toBe('customer')
  })

  it('makes the account admin when the link is followed, and takes away the password and sessions chosen before', async () => {
    const follow = await followSetupLink(t.app, ADMIN_EMAIL, 'Real#Admin1')
    // the link lands on the web app's password form, with a reset token of its own
    expect(follow.statusCode).toBe(302)
    expect(String(follow.headers.location)).toMatch(/^\/reset-password\?token=[\w-]+&setup=admin$/)
    expect(await roleOf(ADMIN_EMAIL)).toBe('admin')
    const [row] = await t.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL))
    expect(row!.emailVerified).toBe(true)
    // whoever signed up first with the address kept neither the password nor the session
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: someIp(),
      payload: { email: ADMIN_EMAIL, password: ATTACKER_PASSWORD },
    })
    expect(guessed.statusCode).toBe(401)
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: squatter.cookie } })
    expect(session.json()).toBeNull()
    const admin = await signIn(t.app, ADMIN_EMAIL, 'Real#Admin1')
    expect((await me(admin.bearer)).json().role).toBe('admin')
    expect((await t.app.inject({ url: '/api/outbox', headers: admin.bearer })).statusCode).toBe(200)
  })

  it('does not make a second click, or a forged token, change anything', async () => {
    const link = await setupLinkOf(t.app, ADMIN_EMAIL)
    const again = await t.app.inject({ url: `${link.pathname}${link.search}` })
    expect(again.statusCode).toBe(302)
    const forged = new URL(link)
    forged.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -3)}AAA`)
    const res = await t.app.inject({ url: `${forged.pathname}${forged.search}` })
    expect(String(res.headers.location)).toContain('error=INVALID_TOKEN')
    await signIn(t.app, ADMIN_EMAIL, 'Real#Admin1')
  })

  it('leaves ordinary sign-ups signed in at once, with no confirmation mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: someIp(),
      payload: { name: 'Olga', email: 'olga@example.test', password: PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieHeader(res) } })
    expect(session.json().user.email).toBe('olga@example.test')
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, 'olga@example.test'))
    expect(mails.map((m) => m.subject)).toEqual(['Welcome to Preloved Bags Co.'])
  })
})

describe('ADMIN_EMAIL at start', () => {
  it('leaves an existing unconfirmed account a customer and mails it a fresh setup link', async () => {
    const s = await signUp(t.app, { email: 'later-admin@example.test' })
    let started = ''
    const stream = new PassThrough()
    stream.on('data', (c: Buffer) => {
      started += c.toString()
    })
    const second = await restart('Later-Admin@example.test', stream)
    try {
      expect((await second.inject({ url: '/api/me', headers: s.bearer })).json().role).toBe('customer')
      expect(await roleOf('later-admin@example.test')).toBe('customer')
      const link = await setupLinkOf(second, 'later-admin@example.test')
      await new Promise((r) => setTimeout(r, 50))
      expect(started).toContain(`First-run setup link for the admin later-admin@example.test`)
      expect(started).toContain(link.toString())
      await followSetupLink(second, 'later-admin@example.test')
      expect(await roleOf('later-admin@example.test')).toBe('admin')
    } finally {
      await second.close()
    }
  })

  it('makes a confirmed account admin', async () => {
    await insertUser(t.database.db, { email: 'confirmed@example.test', emailVerified: true })
    const second = await restart('confirmed@example.test')
    await second.close()
    expect(await roleOf('confirmed@example.test')).toBe('admin')
  })

  it('takes the admin role back from an unconfirmed account an older version made admin', async () => {
    await insertUser(t.database.db, { email: 'early@example.test', role: 'admin', emailVerified: false })
    const second = await restart('early@example.test')
    await second.close()
    expect(await roleOf('early@example.test')).toBe('customer')
  })
})

describe('ADMIN_EMAIL with SMTP', () => {
  it('mails the setup link and prints none on the console', async () => {
    const smtp = await startLocalSmtp()
    let printed = ''
    const stream = new PassThrough()
    stream.on('data', (c: Buffer) => {
      printed += c.toString()
    })
    const s = await buildTestApp({ ADMIN_EMAIL, SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, { logStream: stream })
    try {
      await signUp(s.app, { email: ADMIN_EMAIL, confirm: false })
      const mail = smtp.received.find((m) => m.data.includes('Confirm the admin address'))
      expect(mail?.to).toEqual([`<${ADMIN_EMAIL}>`])
      // quoted-printable may wrap the long link: join its soft line breaks before looking
      expect(mail!.data.replace(/=\r\n/g, '')).toMatch(/\/api\/auth\/verify-email\?token=/)
      expect(await s.database.db.select().from(outbox)).toEqual([])
      await new Promise((r) => setTimeout(r, 50))
      expect(printed).toContain('mail sent')
      expect(printed).not.toContain('First-run setup link')
      expect(printed).not.toContain('verify-email')
    } finally {
      await s.close()
      await smtp.close()
    }
  })
})
