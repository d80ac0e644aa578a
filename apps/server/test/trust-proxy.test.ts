import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, PASSWORD } from './auth-helpers.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'

/** Behind a load balancer (TRUST_PROXY): per-IP limits count the client of X-Forwarded-For, not the balancer. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1' })
})
afterAll(() => t.close())

const signUpVia = (n: number, client: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN, 'x-forwarded-for': client },
    remoteAddress: '10.0.0.2', // the load balancer
    payload: { name: 'Behind LB', email: `lb${n}@example.test`, password: PASSWORD },
  })

describe('TRUST_PROXY', () => {
  it('limits each client behind the balancer on its own', async () => {
    const spread: number[] = []
    for (let i = 0; i < 12; i++) spread.push((await signUpVia(i, `203.0.113.${i + 1}`)).statusCode)
    expect(spread).toEqual(Array(12).fill(200)) // twelve clients, one balancer: nobody is limited

    const one: number[] = []
    for (let i = 0; i < 11; i++) one.push((await signUpVia(100 + i, '198.51.100.9')).statusCode)
    expect(one.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(one[10]).toBe(429)
  })
})
