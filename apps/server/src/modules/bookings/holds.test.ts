import { messages } from '@preloved/shared/messages'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, holdLapses, paymentIntents, payments, riskFlags, testCharges } from '../../db/schema/index.ts'
import { offerDepsOf, sweepOffers } from '../offers/offers.service.ts'
import { listingsChanged } from '../products/list-cache.ts'
import { sweepHolds } from './holds.service.ts'

// Holds and the bag's cool-down (docs/decisions/014, amended by 034). A bag could be kept reserved for ever by two
// accounts booking it in turn at each expiry. Now, after an unpaid hold runs out, the bag cools down for HOLD_MINUTES
// whoever asks: Book Now gives a short payment hold that keeps nobody out, and the first payment wins. The booking
// rate limit is raised so that it is not what answers; the clock is moved, never waited for.
const MINUTE = 60_000
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' }

interface Shop {
  t: TestApp
  seller: Session
  customers: number
}

let now = Date.UTC(2026, 10, 22, 12, 0, 0)

async function openShop(holdMinutes: string, name: string): Promise<Shop> {
  const t = await buildTestApp({ HOLD_MINUTES: holdMinutes, RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  const seller = await signUp(t.app, { email: `${name}-seller@example.test`, role: 'seller' })
  return { t, seller, customers: 0 }
}

const helpers = (shop: () => Shop, name: string) => {
  const app = () => shop().t.app
  const db = () => shop().t.database.db
  const post = (s: Session, url: string, payload: object) =>
    app().inject({ method: 'POST', url, headers: s.bearer, payload })
  return {
    newCustomer: () => signUp(app(), { email: `${name}${++shop().customers}@example.test`, role: 'customer' }),
    newBag: async () => (await insertProduct(db(), shop().seller.id, { resellPriceCents: 10_000 })).id,
    book: (s: Session, productId: string) =>
      post(s, '/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Lisbon' }),
    startPaying: (s: Session, bookingId: string) => post(s, '/api/create-payment-intent', { bookingId }),
    confirm: (s: Session, clientSecret: string) =>
      post(s, '/api/test-processor/confirm', { clientSecret, card: CARD, billing: { name: 'B', email: s.email } }),
    record: (s: Session, bookingId: string, transactionId: string) =>
      post(s, '/api/payments', { bookingId, transactionId }),
    terms: async (productId: string) => (await app().inject(`/api/booking-terms/${productId}`)).json(),
    reserved: async (productId: string) => (await app().inject(`/api/products/${productId}`)).json().reserved,
    row: async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!,
    sweep: () => sweepHolds({ db: db(), listingsChanged: (ids) => listingsChanged(app(), ids) }, new Date(now)),
    /** Book, start paying, charge the card and record the payment: a buyer who pays at once. */
    async payAtOnce(s: Session, productId: string) {
      const booked = await this.book(s, productId)
      expect(booked.statusCode, booked.body).toBe(200)
      const bookingId = booked.json().insertedId as string
      const intent = await this.startPaying(s, bookingId)
      expect(intent.statusCode, intent.body).toBe(200)
      const charged = await this.confirm(s, intent.json().clientSecret)
      expect(charged.statusCode, charged.body).toBe(200)
      return { booked, bookingId, recorded: await this.record(s, bookingId, charged.json().transactionId) }
    },
  }
}

describe('HOLD_MINUTES = 30', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await openShop('30', 'holder')
  })
  afterAll(() => shop.t.close())
  const h = helpers(() => shop, 'holder')

  describe('renewing an expired hold', () => {
    it('is refused while the bag cools down; once, after it, while the bag is free; the second time answers 409', async () => {
      const ann = await h.newCustomer()
      const bag = await h.newBag()
      const bookingId = (await h.book(ann, bag)).json().insertedId as string

      now += 31 * MINUTE // the hold ran out: the bag cools down for HOLD_MINUTES, for Ann as for anyone
      const cooling = await h.startPaying(ann, bookingId)
      expect(cooling.statusCode).toBe(409)
      expect(cooling.json()).toEqual({ statusCode: 409, error: 'Conflict', message: messages.bookings.coolingDown(5) })
      expect(await h.row(bookingId)).toMatchObject({ renewals: 0, expiresAt: new Date(now - MINUTE) })

      now += 30 * MINUTE // the cool-down is over and nobody took the bag
      const renewed = await h.startPaying(ann, bookingId)
      expect(renewed.statusCode, renewed.body).toBe(200)
      expect(await h.row(bookingId)).toMatchObject({ status: 'held', holdKind: 'exclusive', renewals: 1 })
      expect((await h.row(bookingId)).expiresAt.getTime()).toBe(now + 30 * MINUTE)

      now += 31 * MINUTE // and ran out again
      const again = await h.startPaying(ann, bookingId)
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe(messages.bookings.renewalUsed)
      expect(await h.row(bookingId)).toMatchObject({ renewals: 1 })
    })

    it('does not renew a hold when another customer holds the bag now', async () => {
      const ann = await h.newCustomer()
      const bob = await h.newCustomer()
      const bag = await h.newBag()
      const bookingId = (await h.book(ann, bag)).json().insertedId as string
      now += 61 * MINUTE // ran out, and the cool-down after it too
      expect((await h.book(bob, bag)).json()).toMatchObject({ hold: 'exclusive' })
      const res = await h.startPaying(ann, bookingId)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(messages.payments.holdTaken)
    })
  })

  describe('the cool-down', () => {
    it('gives every buyer a payment hold of 5 minutes for HOLD_MINUTES after a hold ran out, then exclusive holds again', async () => {
      const ann = await h.newCustomer()
      const bob = await h.newCustomer()
      const bag = await h.newBag()
      expect(await h.terms(bag)).toEqual({ hold: 'exclusive', minutes: 30 })
      const first = await h.book(ann, bag)
      expect(first.json()).toMatchObject({ hold: 'exclusive', expiresAt: new Date(now + 30 * MINUTE).toISOString() })
      expect(await h.terms(bag)).toEqual({ hold: 'none', minutes: 0 })
      expect(await h.reserved(bag)).toBe(true)

      const lapsedAt = now + 30 * MINUTE
      now = lapsedAt + 1000 // a second after Ann's hold ran out
      expect(await h.terms(bag)).toEqual({ hold: 'payment', minutes: 5 })
      expect(await h.reserved(bag)).toBe(false)
      // whoever asks: Ann herself and Bob, at once, each a payment hold that keeps nobody out
      const [again, other] = await Promise.all([h.book(ann, bag), h.book(bob, bag)])
      for (const res of [again, other]) {
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json()).toMatchObject({ hold: 'payment', expiresAt: new Date(now + 5 * MINUTE).toISOString() })
      }
      expect(await h.reserved(bag)).toBe(false)
      const mine = (await shop.t.app.inject({ url: `/api/bookings?email=${bob.email}`, headers: bob.bearer })).json()
      expect(mine[0]).toMatchObject({ status: 'held', paymentHold: true })
      // a second Book Now of one buyer while their payment hold lasts is theirs already
      expect((await h.book(bob, bag)).json().message).toBe(messages.bookings.alreadyYours)

      now = lapsedAt + 30 * MINUTE - 1000 // the cool-down's last second
      expect((await h.book(await h.newCustomer(), bag)).json()).toMatchObject({ hold: 'payment' })
      now = lapsedAt + 36 * MINUTE // over, and the last payment hold ran out too
      expect(await h.terms(bag)).toEqual({ hold: 'exclusive', minutes: 30 })
      expect((await h.book(bob, bag)).json()).toMatchObject({ hold: 'exclusive' })
      expect(await h.reserved(bag)).toBe(true)
    })

    it('two customers booking a free bag at once: one exclusive hold and one 409', async () => {
      const [ann, bob] = await Promise.all([h.newCustomer(), h.newCustomer()])
      const bag = await h.newBag()
      const answers = await Promise.all([h.book(ann, bag), h.book(bob, bag)])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(messages.bookings.reserved)
      const live = await shop.t.database.db.select().from(bookings).where(eq(bookings.productId, bag))
      expect(live.map((b) => [b.status, b.holdKind])).toEqual([['held', 'exclusive']])
    })
  })

  describe('payment holds', () => {
    /** A bag whose hold just ran out: it cools down. */
    async function coolingBag() {
      const bag = await h.newBag()
      await h.book(await h.newCustomer(), bag)
      now += 30 * MINUTE + 1000
      return bag
    }

    it('is never renewed: neither by starting to pay nor by the card processor once its time ran out', async () => {
      const bob = await h.newCustomer()
      const bag = await coolingBag()
      const booked = await h.book(bob, bag)
      const bookingId = booked.json().insertedId as string
      const intent = await h.startPaying(bob, bookingId)
      expect(intent.statusCode).toBe(200)
      now += 5 * MINUTE // the payment hold's end
      const renew = await h.startPaying(bob, bookingId)
      expect(renew.statusCode).toBe(409)
      expect(renew.json().message).toBe(messages.bookings.paymentHoldEnded)
      const late = await h.confirm(bob, intent.json().clientSecret)
      expect(late.statusCode).toBe(409)
      expect(late.json()).toMatchObject({ message: messages.bookings.paymentHoldEnded, code: 'payment_hold_ended' })
      expect(await h.row(bookingId)).toMatchObject({ holdKind: 'payment', renewals: 0 })
      expect(
        await shop.t.database.db
          .select()
          .from(testCharges)
          .where(eq(testCharges.intentId, intentIdOf(intent))),
      ).toEqual([])
    })

    it('the first payment wins; the other buyer hears it plainly and is not charged', async () => {
      const [bob, cat] = await Promise.all([h.newCustomer(), h.newCustomer()])
      const bag = await coolingBag()
      const catBooking = (await h.book(cat, bag)).json().insertedId as string
      const catIntent = await h.startPaying(cat, catBooking)
      const bobPaid = await h.payAtOnce(bob, bag)
      expect(bobPaid.recorded.statusCode, bobPaid.recorded.body).toBe(200)

      const refused = await h.confirm(cat, catIntent.json().clientSecret)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ message: messages.payments.paidFirstByOther, code: 'paid_first' })
      expect(
        await shop.t.database.db
          .select()
          .from(testCharges)
          .where(eq(testCharges.intentId, intentIdOf(catIntent))),
      ).toEqual([])
      expect((await h.startPaying(cat, catBooking)).json().message).toBe(messages.payments.paidFirstByOther)
      const sold = await shop.t.database.db.select().from(payments).where(eq(payments.productId, bag))
      expect(sold.map((p) => p.bookingId)).toEqual([bobPaid.bookingId])
      // Cat's payment hold ended with the sale: the bag has one live booking, Bob's
      const live = await shop.t.database.db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.productId, bag))
      expect(live.filter((b) => b.status === 'held' || b.status === 'paid')).toEqual([
        { id: bobPaid.bookingId, status: 'paid' },
      ])
      expect(live.find((b) => b.id === catBooking)?.status).toBe('expired')
    })

    it('two cards charged at once: the first payment recorded wins, the other is refunded with a clear message', async () => {
      const [bob, cat] = await Promise.all([h.newCustomer(), h.newCustomer()])
      const bag = await coolingBag()
      const charged = []
      for (const s of [bob, cat]) {
        const bookingId = (await h.book(s, bag)).json().insertedId as string
        const intent = await h.startPaying(s, bookingId)
        const confirmed = await h.confirm(s, intent.json().clientSecret)
        expect(confirmed.statusCode).toBe(200)
        charged.push({ s, bookingId, transactionId: confirmed.json().transactionId as string })
      }
      const answers = await Promise.all(charged.map((c) => h.record(c.s, c.bookingId, c.transactionId)))
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
      const lost = charged[answers.findIndex((r) => r.statusCode === 409)]!
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(messages.payments.paidFirstRefunded)
      const [charge] = await shop.t.database.db.select().from(testCharges).where(eq(testCharges.id, lost.transactionId))
      expect(charge!.status).toBe('refunded')
      expect(await shop.t.database.db.select().from(payments).where(eq(payments.productId, bag))).toHaveLength(1)
    })

    it('lapsing while the card confirms: a charge made in time wins when recorded later; no exclusive hold meanwhile', async () => {
      const [bob, dan] = await Promise.all([h.newCustomer(), h.newCustomer()])
      const bag = await coolingBag()
      const bookingId = (await h.book(bob, bag)).json().insertedId as string
      const intent = await h.startPaying(bob, bookingId)
      const charged = await h.confirm(bob, intent.json().clientSecret) // in time
      expect(charged.statusCode).toBe(200)

      now += 40 * MINUTE // Bob's payment hold and the cool-down are over; Bob's payment is not recorded yet
      await h.sweep()
      expect(await h.terms(bag)).toEqual({ hold: 'payment', minutes: 5 })
      const danBooked = await h.book(dan, bag)
      expect(danBooked.json()).toMatchObject({ hold: 'payment' })

      const recorded = await h.record(bob, bookingId, charged.json().transactionId)
      expect(recorded.statusCode, recorded.body).toBe(200)
      expect(await h.row(bookingId)).toMatchObject({ status: 'paid' })
      const refused = await h.startPaying(dan, danBooked.json().insertedId)
      expect(refused.json().message).toBe(messages.payments.paidFirstByOther)
    })

    it('the sweep retires the intents of payment holds that ran out, and records lapses of exclusive holds only', async () => {
      const bob = await h.newCustomer()
      const bag = await coolingBag()
      const bookingId = (await h.book(bob, bag)).json().insertedId as string
      const intent = await h.startPaying(bob, bookingId)
      now += 5 * MINUTE + 1000
      await h.sweep()
      const [stored] = await shop.t.database.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, intentIdOf(intent)))
      expect(stored!.status).toBe('superseded')
      expect(await h.row(bookingId)).toMatchObject({ status: 'expired' })
      const lapses = await shop.t.database.db.select().from(holdLapses).where(eq(holdLapses.productId, bag))
      expect(lapses).toHaveLength(1) // the exclusive hold that started the cool-down, not Bob's payment hold
      expect(lapses[0]!.bookingId).not.toBe(bookingId)
      // nothing pending any more: once the cool-down is over, Book Now holds the bag again
      now += 30 * MINUTE
      expect((await h.book(bob, bag)).json()).toMatchObject({ hold: 'exclusive' })
    })
  })

  describe('GET /api/booking-terms/:productId', () => {
    it('answers 404 for an unknown or malformed bag, none for a sold one', async () => {
      expect((await shop.t.app.inject('/api/booking-terms/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
      const bad = await shop.t.app.inject('/api/booking-terms/nope')
      expect(bad.statusCode).toBe(404)
      expect(bad.json().message).toBe(messages.products.notFound)
      const sold = await insertProduct(shop.t.database.db, shop.seller.id, { status: 'sold' })
      expect(await h.terms(sold.id)).toEqual({ hold: 'none', minutes: 0 })
    })
  })

  describe('MAX_OPEN_HOLDS', () => {
    it('refuses an 11th open hold with 409, and counts only holds still in time', async () => {
      const ann = await h.newCustomer()
      const bags = await Promise.all(Array.from({ length: 12 }, () => h.newBag()))
      for (const bag of bags.slice(0, 10)) expect((await h.book(ann, bag)).statusCode).toBe(200)
      const eleventh = await h.book(ann, bags[10]!)
      expect(eleventh.statusCode).toBe(409)
      expect(eleventh.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: messages.bookings.tooManyHolds(10),
      })
      now += 31 * MINUTE // all ten ran out
      expect((await h.book(ann, bags[10]!)).statusCode).toBe(200)
    })

    it('gives at most 10 holds when 12 bookings arrive at once', async () => {
      const ann = await h.newCustomer()
      const bags = await Promise.all(Array.from({ length: 12 }, () => h.newBag()))
      const answers = await Promise.all(bags.map((bag) => h.book(ann, bag)))
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10)
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2)
      const held = await shop.t.database.db.select().from(bookings).where(eq(bookings.customerId, ann.id))
      expect(held.filter((b) => b.status === 'held')).toHaveLength(10)
    })

    it('counts a renewal as a new hold', async () => {
      const ann = await h.newCustomer()
      const bags = await Promise.all(Array.from({ length: 11 }, () => h.newBag()))
      const old = (await h.book(ann, bags[0]!)).json().insertedId as string
      now += 61 * MINUTE // ran out, and the cool-down is over
      for (const bag of bags.slice(1)) expect((await h.book(ann, bag)).statusCode).toBe(200)
      const res = await h.startPaying(ann, old)
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
})

describe('two accounts taking turns (HOLD_MINUTES = 1)', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await openShop('1', 'turns')
  })
  afterAll(() => shop.t.close())
  const h = helpers(() => shop, 'turns')
  const flagsOf = (productId: string) =>
    shop.t.database.db
      .select()
      .from(riskFlags)
      .where(and(eq(riskFlags.kind, 'hold_cycling'), eq(riskFlags.productId, productId)))

  it('can no longer keep a bag reserved: an honest third buyer pays at once and gets it', async () => {
    const [ann, bob, cat] = await Promise.all([h.newCustomer(), h.newCustomer(), h.newCustomer()])
    const bag = await h.newBag()
    // the script: a second after each hold runs out, the other account books the bag, and the one whose hold ran out
    // tries to take it again by starting to pay
    const accounts = [ann, bob]
    let held = await h.book(ann, bag)
    expect(held.json()).toMatchObject({ hold: 'exclusive' })
    const kinds: string[] = ['exclusive']
    let reservedStreak = 0
    let longestStreak = 0
    for (let round = 1; round <= 6; round++) {
      const expiresAt = Date.parse(held.json().expiresAt)
      // the listing, sampled every 10 seconds until a second after the hold ends
      while (now < expiresAt + 1000) {
        now = Math.min(now + 10_000, expiresAt + 1000)
        reservedStreak = (await h.reserved(bag)) ? reservedStreak + 10_000 : 0
        longestStreak = Math.max(longestStreak, reservedStreak)
      }
      const lapsedKind = held.json().hold
      const lapsedOne = accounts[(round + 1) % 2]!
      held = await h.book(accounts[round % 2]!, bag)
      expect(held.statusCode, held.body).toBe(200)
      kinds.push(held.json().hold)
      if (lapsedKind === 'exclusive') {
        // straight after an exclusive hold ran out, nobody gets one: the bag cools down for HOLD_MINUTES
        expect(held.json().hold).toBe('payment')
        expect(await h.reserved(bag)).toBe(false)
        const renewal = await h.startPaying(lapsedOne, (await lastBookingOf(lapsedOne, bag))!.id)
        expect(renewal.json().message).toBe(messages.bookings.coolingDown(1))
      }
    }
    expect(kinds).toEqual(['exclusive', 'payment', 'exclusive', 'payment', 'exclusive', 'payment', 'exclusive'])
    // never reserved for longer than one hold
    expect(longestStreak).toBeLessThanOrEqual(60_000)
    // an honest buyer arriving once the script's hold ran out pays at once and gets the bag
    now = Date.parse(held.json().expiresAt) + 1000
    expect(await h.terms(bag)).toEqual({ hold: 'payment', minutes: 1 })
    const cats = await h.payAtOnce(cat, bag)
    expect(cats.booked.json().hold).toBe('payment')
    expect(cats.recorded.statusCode, cats.recorded.body).toBe(200)
    const sold = await shop.t.database.db.select().from(payments).where(eq(payments.productId, bag))
    expect(sold.map((p) => p.customerId)).toEqual([cat.id])
  })

  it('flags a bag held and released 3 times within a day to the admin, once', async () => {
    const [ann, bob] = await Promise.all([h.newCustomer(), h.newCustomer()])
    const bag = await h.newBag()
    let third = ''
    // each takes an exclusive hold in turn once the cool-down after the last one is over, and lets it run out
    for (let i = 0; i < 5; i++) {
      const res = await h.book(i % 2 === 0 ? ann : bob, bag)
      expect(res.json()).toMatchObject({ hold: 'exclusive' })
      if (i === 2) third = res.json().expiresAt
      now += 2 * MINUTE + 1000 // the hold (1 minute) ran out, and the cool-down after it (1 minute)
      await h.sweep()
      expect(await flagsOf(bag)).toHaveLength(i < 2 ? 0 : 1)
    }
    await h.sweep()
    const [flag] = await flagsOf(bag)
    expect(flag).toMatchObject({
      kind: 'hold_cycling',
      key: `${bag}:${third.slice(0, 10)}`,
      productId: bag,
      status: 'open',
    })
    expect([...flag!.userIds].sort()).toEqual([ann.id, bob.id].sort())
    expect(flag!.detail).toMatchObject({ lapses: expect.any(Array) })
    expect((flag!.detail as { lapses: unknown[] }).lapses).toHaveLength(3)
  })

  it('counts an accepted offer whose hold lapsed: the bag cools down after it and it is a lapse', async () => {
    const buyer = await h.newCustomer()
    const other = await h.newCustomer()
    const bag = await h.newBag()
    const offer = await shop.t.app.inject({
      method: 'POST',
      url: '/api/offers',
      headers: buyer.bearer,
      payload: { productId: bag, amount: 90 },
    })
    expect(offer.statusCode, offer.body).toBe(201)
    const accepted = await shop.t.app.inject({
      method: 'POST',
      url: `/api/offers/${offer.json()._id}/accept`,
      headers: shop.seller.bearer,
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(await h.terms(bag)).toEqual({ hold: 'none', minutes: 0 })
    now += 24 * 60 * MINUTE + 1000 // OFFER_HOLD_HOURS (24) ran out unbooked
    expect(await h.terms(bag)).toEqual({ hold: 'payment', minutes: 1 })
    expect((await h.book(other, bag)).json()).toMatchObject({ hold: 'payment' })
    await sweepOffers(offerDepsOf(shop.t.app), new Date(now))
    const lapses = await shop.t.database.db.select().from(holdLapses).where(eq(holdLapses.productId, bag))
    expect(lapses).toMatchObject([{ offerId: offer.json()._id, customerId: buyer.id }])
  })

  /** The customer's latest booking of the bag. */
  async function lastBookingOf(s: Session, productId: string) {
    const rows = await shop.t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.customerId, s.id), eq(bookings.productId, productId)))
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
  }
})

/** The intent's id from the client secret the server answered. */
const intentIdOf = (res: { json(): { clientSecret: string } }) => res.json().clientSecret.split('_secret_')[0]!
