import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ORIGIN, signIn, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

let t: TestApp
let logs = ''

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString()
  })
  // debug: every request is logged, the most there is to leak
  t = await buildTestApp({ LOG_LEVEL: 'debug' }, { logStream: stream })
})
afterAll(() => t.close())

it('never writes passwords, session cookies or access tokens to the log', async () => {
  const password = 'Very#Secret42'
  const s = await signUp(t.app, { email: 'quiet@example.test', password, role: 'seller' })
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email: 'quiet@example.test', password: 'Wrong#Secret42' },
  })
  await signIn(t.app, 'quiet@example.test', password)
  await t.app.inject({ url: '/api/me', headers: s.bearer })
  await new Promise((r) => setTimeout(r, 50))
  expect(logs).toContain('/api/me') // requests are logged…
  expect(logs).not.toContain(password) // …but not what proves who made them
  expect(logs).not.toContain('Wrong#Secret42')
  expect(logs).not.toContain(s.token)
  const sessionToken = s.cookie.split(';')[0]!.split('=')[1]!
  expect(logs).not.toContain(sessionToken.split('.')[0]!)
})
