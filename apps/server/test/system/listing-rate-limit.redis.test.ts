import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { products } from '../../src/db/schema/index.ts'
import { signUp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { listingBody } from '../fixtures.ts'
import { uploadPhoto } from '../upload.ts'

/**
 * Decision 033: the hourly count of a seller's new listings is kept where every limit is, in Redis with REDIS_URL, so
 * two instances count one seller's listings together (a seller cannot go round the limit by landing on another one).
 * Two apps in this process, one database, one Redis.
 */
let t: TestApp
let second: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  t = await buildTestApp({ REDIS_URL: process.env.TEST_REDIS_URL!, LISTINGS_PER_HOUR_UNVERIFIED: '4' })
  second = await buildApp(t.app.config, { database: t.database })
})
afterAll(async () => {
  await second?.close()
  await t?.close()
})

it('counts a seller’s new listings on both instances together and answers 429 at the shared limit', async () => {
  // a new account per run: its key in Redis is its own
  const seller = await signUp(t.app, { email: `rl-${Date.now().toString(36)}@example.test`, role: 'seller' })
  const img = await uploadPhoto(t.app, seller, '#445566')
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const res = await [t.app, second][i % 2]!.inject({
      method: 'POST',
      url: '/api/categoryDetails',
      headers: seller.bearer,
      payload: listingBody(img, { title: `Bag ${i}` }),
    })
    statuses.push(res.statusCode)
  }
  // alone, each instance would have let 4 through: 2 each is the shared count
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
  const rows = await t.database.db.select({ id: products.id }).from(products).where(eq(products.sellerId, seller.id))
  expect(rows).toHaveLength(4)
})
