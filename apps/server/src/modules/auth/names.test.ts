import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, PASSWORD, type Session, signUp, someIp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'

// Display names are at most 80 characters, however they are set.

let t: TestApp
let seller: Session
beforeAll(async () => {
  t = await buildTestApp()
  seller = await signUp(t.app, { email: 'named@example.test', name: 'Nina Named', role: 'seller' })
  await insertProduct(t.database.db, seller.id, { title: 'Named Tote' })
})
afterAll(() => t.close())

const TOO_LONG = { statusCode: 400, error: 'Bad Request', message: 'Name must be at most 80 characters' }
const updateUser = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/update-user',
    headers: { origin: ORIGIN, cookie: seller.cookie },
    payload: { name },
  })
const nameNow = async () => (await t.app.inject({ url: '/api/me', headers: seller.bearer })).json().name as string

describe('display names', () => {
  it('update-user refuses 81 characters, and the 200,000 of the review, naming the problem', async () => {
    for (const name of ['n'.repeat(81), 'n'.repeat(200_000), `${'n'.repeat(80)}${' '.repeat(5000)}`]) {
      const res = await updateUser(name)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject(TOO_LONG)
    }
    expect(await nameNow()).toBe('Nina Named')
    const list = await t.app.inject('/api/categoryDetails')
    expect(list.body.length).toBeLessThan(5000)
  })

  it('update-user takes 80 characters', async () => {
    const res = await updateUser('m'.repeat(80))
    expect(res.statusCode).toBe(200)
    expect(await nameNow()).toBe('m'.repeat(80))
  })

  it('sign-up refuses 81 characters and takes 80', async () => {
    const signUpAs = (name: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        remoteAddress: someIp(),
        payload: { name, email, password: PASSWORD },
      })
    const long = await signUpAs('s'.repeat(81), 'long-name@example.test')
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject(TOO_LONG)
    expect((await signUpAs('s'.repeat(80), 'fits@example.test')).statusCode).toBe(200)
  })

  it('POST /api/users refuses 81 characters and takes 80', async () => {
    const record = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: seller.bearer,
        payload: { name, email: seller.email, role: 'seller' },
      })
    const long = await record('r'.repeat(81))
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('Name must be at most 80 characters')
    expect((await record('r'.repeat(80))).statusCode).toBe(200)
    expect(await nameNow()).toBe('r'.repeat(80))
  })
})
