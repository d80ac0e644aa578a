import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, signIn, signUp, someIp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { insertProduct } from '../fixtures.ts'

/**
 * What the log must never hold, at debug level (every request logged, the most there is to leak): passwords,
 * session tokens, JWTs, reset tokens, card numbers. Complements src/modules/auth/logs.test.ts (sign-up, sign-in).
 */
let t: TestApp
let logs = ''

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString()
  })
  t = await buildTestApp({ LOG_LEVEL: 'debug', ADMIN_EMAIL }, { logStream: stream })
})
afterAll(() => t.close())

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers }, remoteAddress: someIp() })

it('keeps passwords, session tokens, JWTs, reset tokens and card numbers out of the log', async () => {
  const password = 'Log#Secret42'
  const newPassword = 'Log#Fresh77'
  const card = '4242 4242 4242 4242'
  const declined = '4000 0000 0000 0002'
  const s = await signUp(t.app, { email: 'logged@example.test', password, role: 'customer' })
  const again = await signIn(t.app, 'logged@example.test', password)
  // the JWT, fetched with the cookie and used as a bearer
  const jwt = await t.app.inject({ url: `/api/jwt?email=${s.email}`, headers: { cookie: again.cookie } })
  expect(jwt.statusCode).toBe(200)
  const token = jwt.json().accessToken as string
  expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200)
  // a malformed and a forged bearer are logged as refused, not copied
  const forged = `${token.slice(0, -4)}AAAA`
  expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401)

  // paying with a card: accepted, then declined
  const sellerId = (await signUp(t.app, { email: 'log-seller@example.test', role: 'seller' })).id
  for (const number of [declined, card]) {
    const bag = await insertProduct(t.database.db, sellerId)
    const booked = await post(
      '/api/bookings',
      { product_id: bag.id, number: '+1 555 0100', location: 'Porto' },
      s.bearer,
    )
    const intent = await post('/api/create-payment-intent', { bookingId: booked.json().insertedId }, s.bearer)
    expect(intent.statusCode, intent.body).toBe(200)
    const confirm = await post(
      '/api/test-processor/confirm',
      { clientSecret: intent.json().clientSecret, card: { number, expiry: '12/40', cvc: '987', zip: '10001' } },
      s.bearer,
    )
    expect(confirm.statusCode, confirm.body).toBe(number === card ? 200 : 402)
  }

  // a password reset, through the mailed link
  expect(
    (await post('/api/auth/request-password-reset', { email: s.email, redirectTo: '/reset-password' })).statusCode,
  ).toBe(200)
  const admin = await signUp(t.app, { email: ADMIN_EMAIL })
  const mails = (await t.app.inject({ url: '/api/outbox', headers: admin.bearer })).json() as {
    to: string
    text: string
  }[]
  const link = /(http:\/\/\S+\/api\/auth\/reset-password\/(\S+?)\?\S+)/.exec(mails.find((m) => m.to === s.email)!.text)!
  const resetToken = link[2]!
  const follow = await t.app.inject({ url: new URL(link[1]!).pathname + new URL(link[1]!).search })
  expect(follow.statusCode).toBe(302)
  expect((await post('/api/auth/reset-password', { newPassword, token: resetToken })).statusCode).toBe(200)
  await signIn(t.app, s.email, newPassword)

  await new Promise((r) => setTimeout(r, 100))
  expect(logs).toContain('/api/me') // requests are logged…
  expect(logs).toContain('/api/auth/reset-password/[redacted]') // …the reset link too, its token masked
  expect(logs).toContain('mail stored in the outbox')
  // …but nothing that proves who made them or pays for anything
  for (const secret of [password, newPassword, token, forged, resetToken, admin.token, 'Secret#123']) {
    expect(logs).not.toContain(secret)
  }
  for (const cookie of [s.cookie, again.cookie, admin.cookie]) {
    const value = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!)
    expect(logs).not.toContain(value.split('.')[0]!)
  }
  for (const number of [card, declined]) {
    expect(logs).not.toContain(number)
    expect(logs).not.toContain(number.replaceAll(' ', ''))
  }
  expect(logs).not.toContain('"cvc"')
})
