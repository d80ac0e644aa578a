import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { listingBody } from '../../../test/fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import { products, users } from '../../db/schema/index.ts'
import { loadConfig } from '../../plugins/config.ts'

// Decision 033: new listings per seller and hour, fewer for a seller not yet verified, so that one new account cannot
// post a thousand listings in seconds. Small limits here (the defaults are 60 and 10).
let t: TestApp
let newSeller: Session
let otherNew: Session
let verified: Session
const photos = new Map<string, string>()

beforeAll(async () => {
  t = await buildTestApp({ LISTINGS_PER_HOUR_VERIFIED: '5', LISTINGS_PER_HOUR_UNVERIFIED: '3' })
  ;[newSeller, otherNew, verified] = await Promise.all([
    signUp(t.app, { email: 'rl-new@example.test', name: 'Nell New', role: 'seller' }),
    signUp(t.app, { email: 'rl-other@example.test', name: 'Olga Other', role: 'seller' }),
    signUp(t.app, { email: 'rl-verified@example.test', name: 'Vic Verified', role: 'seller' }),
  ])
  await t.database.db.update(users).set({ verified: true }).where(eq(users.id, verified.id))
  for (const s of [newSeller, otherNew, verified]) photos.set(s.id, await uploadPhoto(t.app, s, '#334455'))
})
afterAll(() => t.close())

const add = (s: Session, title: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/categoryDetails',
    headers: s.bearer,
    payload: listingBody(photos.get(s.id)!, { title }),
  })
const countOf = async (s: Session) =>
  (await t.database.db.select({ id: products.id }).from(products).where(eq(products.sellerId, s.id))).length

describe('POST /api/categoryDetails: new listings per seller and hour', () => {
  it('a seller not yet verified lists 3 an hour; the 4th is refused with 429, the limit, the wait and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await add(newSeller, `Allowed ${i}`)).statusCode).toBe(200)
    const refused = await add(newSeller, 'One too many')
    expect(refused.statusCode, refused.body).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3000)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    const wait = `${Math.ceil(retryAfter / 60)} minutes`
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: messages.listings.tooManyListings(3, false, wait),
    })
    expect(refused.json().message).toBe(
      `You can list at most 3 bags an hour until your account is verified. Please try again in ${wait}.`,
    )
    expect(await countOf(newSeller)).toBe(3)
    // counted per account: another new seller is not held back
    expect((await add(otherNew, 'Someone else')).statusCode).toBe(200)
  })

  it('a verified seller lists 5 an hour', async () => {
    for (let i = 0; i < 5; i++) expect((await add(verified, `Verified ${i}`)).statusCode).toBe(200)
    const refused = await add(verified, 'Sixth')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toMatch(/^You can list at most 5 bags an hour\. Please try again in \d+ minutes\.$/)
    expect(await countOf(verified)).toBe(5)
  })

  it('defaults: 60 an hour for a verified seller, 10 for one not yet verified', () => {
    const config = loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: 'memory://' })
    expect(config.LISTINGS_PER_HOUR_VERIFIED).toBe(60)
    expect(config.LISTINGS_PER_HOUR_UNVERIFIED).toBe(10)
    expect(config.SAVED_SEARCH_MATCH_SECONDS).toBe(10)
  })
})
