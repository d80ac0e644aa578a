import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings } from '../../db/schema/index.ts'

// Issue #12, finding 5: a bag could be held forever by starting to pay at each expiry. MAX_OPEN_HOLDS is left at
// its default (10) here; the booking rate limit is raised so that it is not what answers.
let t: TestApp
let now = Date.UTC(2026, 10, 22, 12, 0, 0)
let seller: Session
let customers = 0

beforeAll(async () => {
  t = await buildTestApp({ HOLD_MINUTES: '30', RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  seller = await signUp(t.app, { email: 'holds-seller@example.test', role: 'seller' })
})
afterAll(() => t.close())

const newCustomer = () => signUp(t.app, { email: `holder${++customers}@example.test`, role: 'customer' })
const newBag = async () => (await insertProduct(t.database.db, seller.id, { resellPriceCents: 10_000 })).id
const book = (s: Session, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: s.bearer,
    payload: { product_id: productId, number: '+1 555 0100', location: 'Lisbon' },
  })
const startPaying = (s: Session, bookingId: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: s.bearer, payload: { bookingId } })
const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!

describe('renewing an expired hold', () => {
  it('renews an expired hold once, while the bag is free; the second time answers 409 and the bag is open to all', async () => {
    const ann = await newCustomer()
    const bob = await newCustomer()
    const bag = await newBag()
    const bookingId = (await book(ann, bag)).json().insertedId as string

    now += 31 * 60_000 // the hold ran out; nobody else took the bag
    const renewed = await startPaying(ann, bookingId)
    expect(renewed.statusCode).toBe(200)
    expect(await row(bookingId)).toMatchObject({ status: 'held', renewals: 1 })
    expect((await row(bookingId)).expiresAt.getTime()).toBe(now + 30 * 60_000)

    now += 31 * 60_000 // and ran out again: the script of the review would renew it at every expiry
    const again = await startPaying(ann, bookingId)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ statusCode: 409, error: 'Conflict', message: messages.bookings.renewalUsed })
    expect(await row(bookingId)).toMatchObject({ renewals: 1 })

    // booking the same bag again at once is refused too: others get a turn for HOLD_MINUTES
    const rebook = await book(ann, bag)
    expect(rebook.statusCode).toBe(409)
    expect(rebook.json().message).toBe(messages.bookings.bookAgainLater(29))
    // ...and another customer books it
    expect((await book(bob, bag)).statusCode).toBe(200)
  })

  it('does not renew a hold when another customer holds the bag now', async () => {
    const ann = await newCustomer()
    const bob = await newCustomer()
    const bag = await newBag()
    const bookingId = (await book(ann, bag)).json().insertedId as string
    now += 31 * 60_000
    expect((await book(bob, bag)).statusCode).toBe(200)
    const res = await startPaying(ann, bookingId)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(messages.payments.holdTaken)
  })

  it('lets the customer book the bag again once it was free for HOLD_MINUTES after their hold ran out', async () => {
    const ann = await newCustomer()
    const bag = await newBag()
    await book(ann, bag)
    now += 30 * 60_000 + 1000 // ran out a second ago
    const soon = await book(ann, bag)
    expect(soon.statusCode).toBe(409)
    expect(soon.json().message).toBe(messages.bookings.bookAgainLater(30))
    now += 29 * 60_000
    expect((await book(ann, bag)).json().message).toBe(messages.bookings.bookAgainLater(1))
    now += 60_000
    expect((await book(ann, bag)).statusCode).toBe(200)
  })

  it('keeps a scripted customer from holding a bag for more than two holds in a row', async () => {
    const ann = await newCustomer()
    const bob = await newCustomer()
    const bag = await newBag()
    const first = (await book(ann, bag)).json().insertedId as string
    // the script acts at every expiry, a second after it
    let held = 0
    for (let round = 0; round < 6; round++) {
      now += 30 * 60_000 + 1000
      const renew = await startPaying(ann, first)
      const rebook = renew.statusCode === 200 ? renew : await book(ann, bag)
      if (rebook.statusCode === 200) held++
      else break
    }
    expect(held).toBe(1) // the one renewal
    // the bag is free for everyone else now
    expect((await book(bob, bag)).statusCode).toBe(200)
  })
})

describe('MAX_OPEN_HOLDS', () => {
  it('refuses an 11th open hold with 409, and counts only holds still in time', async () => {
    const ann = await newCustomer()
    const bags = await Promise.all(Array.from({ length: 12 }, () => newBag()))
    for (const bag of bags.slice(0, 10)) expect((await book(ann, bag)).statusCode).toBe(200)
    const eleventh = await book(ann, bags[10]!)
    expect(eleventh.statusCode).toBe(409)
    expect(eleventh.json()).toEqual({ statusCode: 409, error: 'Conflict', message: messages.bookings.tooManyHolds(10) })
    now += 31 * 60_000 // all ten ran out
    expect((await book(ann, bags[10]!)).statusCode).toBe(200)
  })

  it('gives at most 10 holds when 12 bookings arrive at once', async () => {
    const ann = await newCustomer()
    const bags = await Promise.all(Array.from({ length: 12 }, () => newBag()))
    const answers = await Promise.all(bags.map((bag) => book(ann, bag)))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2)
    const held = await t.database.db.select().from(bookings).where(eq(bookings.customerId, ann.id))
    expect(held.filter((b) => b.status === 'held')).toHaveLength(10)
  })

  it('counts a renewal as a new hold', async () => {
    const ann = await newCustomer()
    const bags = await Promise.all(Array.from({ length: 11 }, () => newBag()))
    const old = (await book(ann, bags[0]!)).json().insertedId as string
    now += 31 * 60_000
    for (const bag of bags.slice(1)) expect((await book(ann, bag)).statusCode).toBe(200)
    const res = await startPaying(ann, old)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(messages.bookings.tooManyHolds(10))
  })

  it('is read from the configuration', async () => {
    const small = await buildTestApp({ MAX_OPEN_HOLDS: '2', RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
    try {
      const owner = await signUp(small.app, { email: 'o@example.test', role: 'seller' })
      const s = await signUp(small.app, { email: 'c@example.test', role: 'customer' })
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const id = (await insertProduct(small.database.db, owner.id)).id
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: s.bearer,
          payload: { product_id: id, number: '555 0100', location: 'X' },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([200, 200, 409])
    } finally {
      await small.close()
    }
  })
})
