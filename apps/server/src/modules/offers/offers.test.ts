import { messages } from '@preloved/shared/messages'
import { offerSchema } from '@preloved/shared/offers'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { blocks, liveEvents, notifications, offers, outbox, products } from '../../db/schema/index.ts'
import { offerDepsOf, sweepOffers } from './offers.service.ts'

const m = messages.offers
const HOUR = 3_600_000

let t: TestApp
let now = Date.UTC(2026, 10, 25, 12)
let seller: Session
let otherSeller: Session
let admin: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  ;[seller, otherSeller, admin] = await Promise.all([
    signUp(t.app, { email: 'of-seller@example.test', name: 'Sally Seller', role: 'seller' }),
    signUp(t.app, { email: 'of-other@example.test', name: 'Otto Other', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
})
afterAll(() => t.close())

const newBuyer = (name = 'Bea Buyer') =>
  signUp(t.app, { email: `of-buyer${++buyers}@example.test`, name, role: 'customer' })
/** A bag of the seller at $120.50 (the lowest offer at 60 % is $72.30). */
const newBag = (over: Parameters<typeof insertProduct>[2] = {}) =>
  insertProduct(t.database.db, seller.id, { resellPriceCents: 12_050, title: 'Kelly 28', ...over })
const post = (s: Session | undefined, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: s?.bearer ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const get = (s: Session | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: s?.bearer ?? {} })
const makeOffer = (s: Session, productId: string, amount: unknown) => post(s, '/api/offers', { productId, amount })
const move = (s: Session | undefined, id: string, what: string, payload?: unknown) =>
  post(s, `/api/offers/${id}/${what}`, payload)
const stored = async (id: string) => (await t.database.db.select().from(offers).where(eq(offers.id, id)))[0]!
const notesOf = (userId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt)
const mailsTo = (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to))

/** A pending offer of a new buyer on a new bag. */
async function pendingOffer(amount = 100, bagOver: Parameters<typeof insertProduct>[2] = {}) {
  const buyer = await newBuyer()
  const bag = await newBag(bagOver)
  const res = await makeOffer(buyer, bag.id, amount)
  expect(res.statusCode, res.body).toBe(201)
  return { buyer, bag, id: res.json()._id as string }
}

const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ statusCode: status, message })
}

describe('POST /api/offers', () => {
  it('makes a pending offer that expires after OFFER_HOURS, tells the seller and pushes it live to both', async () => {
    const buyer = await newBuyer('Bea Buyer')
    const bag = await newBag()
    const res = await makeOffer(buyer, bag.id, 100)
    expect(res.statusCode, res.body).toBe(201)
    const offer = offerSchema.parse(res.json())
    expect(offer).toMatchObject({
      status: 'pending',
      product: { _id: bag.id, title: 'Kelly 28', price: 120.5 },
      buyer: { _id: buyer.id, name: 'Bea Buyer' },
      seller: { _id: seller.id, name: 'Sally Seller' },
      amount: 100,
      counter: null,
      agreed: null,
      expiresAt: new Date(now + 48 * HOUR).toISOString(),
      holdUntil: null,
      bookingId: null,
      bookingStatus: null,
      createdAt: new Date(now).toISOString(),
    })
    const row = await stored(offer._id)
    expect(row).toMatchObject({ status: 'pending', amountCents: 10_000, listPriceCents: 12_050, sellerId: seller.id })
    const [note] = (await notesOf(seller.id)).filter((n) => n.link === '/dashboard/offersReceived')
    expect(note).toMatchObject({ kind: 'offer_received', text: 'Bea Buyer offered $100.00 for "Kelly 28"' })
    expect((await mailsTo(seller.email)).map((x) => x.subject)).toContain('Bea Buyer offered $100.00 for "Kelly 28"')
    const live = await t.database.db.select().from(liveEvents).where(eq(liveEvents.type, 'offer'))
    expect(live.filter((e) => (e.data as { offerId: string }).offerId === offer._id).map((e) => e.userId)).toEqual(
      expect.arrayContaining([buyer.id, seller.id]),
    )
  })

  it('refuses with the reason: 401, 403 for sellers and admins, 404, own bag, blocked, 400 amounts, 409 states', async () => {
    const buyer = await newBuyer()
    const bag = await newBag()
    expect((await post(undefined, '/api/offers', { productId: bag.id, amount: 100 })).statusCode).toBe(401)
    expect((await makeOffer(otherSeller, bag.id, 100)).statusCode).toBe(403)
    expect((await makeOffer(admin, bag.id, 100)).statusCode).toBe(403)
    expectError(await makeOffer(buyer, '00000000-0000-4000-8000-000000000000', 100), 404, 'Product not found')
    expectError(await makeOffer(buyer, 'not-a-bag', 100), 404, 'Product not found')
    const removed = await newBag({ status: 'removed' })
    expectError(await makeOffer(buyer, removed.id, 100), 404, 'Product not found')
    // a bag listed by the customer themself (an account that sold before)
    const own = await insertProduct(t.database.db, buyer.id, { resellPriceCents: 10_000 })
    expectError(await makeOffer(buyer, own.id, 80), 403, m.ownBag)
    // blocked either way: the same neutral refusal, no reason given
    const blockedBuyer = await newBuyer()
    await t.database.db.insert(blocks).values({ blockerId: seller.id, blockedId: blockedBuyer.id })
    expectError(await makeOffer(blockedBuyer, bag.id, 100), 403, m.notPossible)
    const blocker = await newBuyer()
    await t.database.db.insert(blocks).values({ blockerId: blocker.id, blockedId: seller.id })
    expectError(await makeOffer(blocker, bag.id, 100), 403, m.notPossible)
    // amounts: below the lowest (60 % of $120.50 = $72.30), at or above the price, malformed
    expectError(
      await makeOffer(buyer, bag.id, 72.29),
      400,
      'amount must be at least $72.30 (60% of the price): that is the lowest offer allowed on this bag',
    )
    expectError(await makeOffer(buyer, bag.id, 120.5), 400, m.notBelowPrice('$120.50'))
    // past every listing's highest price: refused by the money parser before any bag is read (decision 031)
    expectError(await makeOffer(buyer, bag.id, 1e21), 400, 'amount must be at most 1,000,000')
    expectError(await makeOffer(buyer, bag.id, 80.001), 400, 'amount must have at most two decimals')
    expect((await makeOffer(buyer, bag.id, '80')).statusCode).toBe(400)
    expect((await makeOffer(buyer, bag.id, -5)).statusCode).toBe(400)
    expect((await post(buyer, '/api/offers', { amount: 80 })).statusCode).toBe(400)
    // the lowest allowed is allowed
    expect((await makeOffer(buyer, bag.id, 72.3)).statusCode).toBe(201)
    // a second standing offer on the same bag
    expectError(await makeOffer(buyer, bag.id, 90), 409, m.alreadyOpen)
    // a sold bag
    const sold = await newBag({ status: 'sold' })
    expectError(await makeOffer(buyer, sold.id, 100), 409, m.sold)
    expect(await t.database.db.select().from(offers).where(eq(offers.buyerId, blockedBuyer.id))).toEqual([])
  })

  it('409 while the bag is held: by a booking, or by another accepted offer', async () => {
    const booker = await newBuyer()
    const bag = await newBag()
    const booked = await post(booker, '/api/bookings', { product_id: bag.id, number: '+1 555 0100', location: 'Leeds' })
    expect(booked.statusCode, booked.body).toBe(200)
    const late = await newBuyer()
    expectError(await makeOffer(late, bag.id, 100), 409, m.held)

    const { bag: held, id } = await pendingOffer(100)
    expect((await move(seller, id, 'accept')).statusCode).toBe(200)
    expectError(await makeOffer(late, held.id, 110), 409, m.held)
  })

  it('a new offer once the earlier one expired, was declined or withdrawn; a counter-offer stands in the way', async () => {
    const { buyer, bag, id } = await pendingOffer(90)
    expect((await move(seller, id, 'counter', { amount: 110 })).statusCode).toBe(200)
    expectError(await makeOffer(buyer, bag.id, 95), 409, m.alreadyCountered)
    now += 49 * HOUR
    const again = await makeOffer(buyer, bag.id, 95)
    expect(again.statusCode, again.body).toBe(201)
    expect((await stored(id)).status).toBe('expired')
    expect((await move(buyer, again.json()._id, 'withdraw')).statusCode).toBe(200)
    expect((await makeOffer(buyer, bag.id, 96)).statusCode).toBe(201)
  })
})

describe('the moves', () => {
  it('the seller accepts: the bag is held for the buyer at the offer for OFFER_HOLD_HOURS and reads reserved', async () => {
    const { buyer, bag, id } = await pendingOffer(100)
    const res = await move(seller, id, 'accept')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'accepted',
      agreed: 100,
      holdUntil: new Date(now + 24 * HOUR).toISOString(),
      decidedAt: new Date(now).toISOString(),
    })
    expect(await stored(id)).toMatchObject({ status: 'accepted', agreedCents: 10_000, bookingId: null })
    const product = await get(undefined, `/api/products/${bag.id}`)
    expect(product.json().reserved).toBe(true)
    const [note] = (await notesOf(buyer.id)).filter((n) => n.kind === 'offer_accepted')
    expect(note?.text).toMatch(
      /^Sally Seller accepted your offer of \$100\.00 for "Kelly 28": the bag is held for you until /,
    )
    expect(note?.link).toBe('/dashboard/myOffers')
  })

  it('the seller declines; the buyer is told', async () => {
    const { buyer, id } = await pendingOffer(100)
    const res = await move(seller, id, 'decline')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().status).toBe('declined')
    expect((await notesOf(buyer.id)).map((n) => [n.kind, n.text])).toContainEqual([
      'offer_declined',
      'Sally Seller declined your offer of $100.00 for "Kelly 28"',
    ])
  })

  it('the seller counters once, above the offer and below the price; the counter stands OFFER_HOURS from then', async () => {
    const { buyer, id } = await pendingOffer(100)
    now += 10 * HOUR
    const range = m.counterRange('$100.00', '$120.50')
    expectError(await move(seller, id, 'counter', { amount: 100 }), 400, range)
    expectError(await move(seller, id, 'counter', { amount: 120.5 }), 400, range)
    expectError(await move(seller, id, 'counter', { amount: 5000 }), 400, range)
    expect((await move(seller, id, 'counter', { amount: 'lots' })).statusCode).toBe(400)
    expect((await move(seller, id, 'counter', {})).statusCode).toBe(400)
    const res = await move(seller, id, 'counter', { amount: 112.5 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'countered',
      amount: 100,
      counter: 112.5,
      expiresAt: new Date(now + 48 * HOUR).toISOString(),
      counteredAt: new Date(now).toISOString(),
    })
    expectError(
      await move(seller, id, 'counter', { amount: 115 }),
      409,
      'This offer has a counter-offer waiting for the buyer: that is not possible now.',
    )
    expect((await notesOf(buyer.id)).map((n) => [n.kind, n.text])).toContainEqual([
      'offer_countered',
      'Sally Seller answered your offer on "Kelly 28" with a counter-offer of $112.50',
    ])
  })

  it('the buyer accepts the counter: agreed at the counter; or declines it; the seller is told', async () => {
    const a = await pendingOffer(100)
    await move(seller, a.id, 'counter', { amount: 110 })
    const accepted = await move(a.buyer, a.id, 'accept')
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ status: 'accepted', agreed: 110, counter: 110 })
    expect((await notesOf(seller.id)).map((n) => n.text)).toContainEqual(
      expect.stringMatching(/^Bea Buyer accepted your counter-offer of \$110\.00 for "Kelly 28"/),
    )

    const b = await pendingOffer(100)
    await move(seller, b.id, 'counter', { amount: 110 })
    const declined = await move(b.buyer, b.id, 'decline')
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json().status).toBe('declined')
    expect(await stored(b.id)).toMatchObject({ status: 'declined', counterCents: 11_000, agreedCents: null })
  })

  it('the buyer withdraws a pending offer (not a counter-offer)', async () => {
    const { buyer, id } = await pendingOffer(100)
    const res = await move(buyer, id, 'withdraw')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().status).toBe('withdrawn')
    const c = await pendingOffer(100)
    await move(seller, c.id, 'counter', { amount: 110 })
    expectError(
      await move(c.buyer, c.id, 'withdraw'),
      409,
      'This offer has a counter-offer waiting for the buyer: that is not possible now.',
    )
  })

  it('404 for strangers and admins, 403 for the other party’s move, 400 after that, 409 naming the state last', async () => {
    const { buyer, id } = await pendingOffer(100)
    const stranger = await newBuyer()
    for (const what of ['accept', 'decline', 'withdraw']) {
      expect((await move(undefined, id, what)).statusCode).toBe(401)
      expectError(await move(stranger, id, what), 404, m.notFound)
      expectError(await move(otherSeller, id, what), 404, m.notFound)
      expectError(await move(admin, id, what), 404, m.notFound)
    }
    expectError(await move(stranger, id, 'counter', { amount: 'x' }), 404, m.notFound)
    expectError(await move(buyer, 'not-an-id', 'accept'), 404, m.notFound)
    expectError(await move(buyer, '00000000-0000-4000-8000-000000000000', 'accept'), 404, m.notFound)
    // the other party's move: 403 even with a bad body
    expectError(await move(buyer, id, 'counter', { amount: 'x' }), 403, m.onlySeller)
    expectError(await move(seller, id, 'withdraw'), 403, m.onlyBuyer)
    expectError(await move(buyer, id, 'accept'), 403, m.sellerDecides)
    expectError(await move(buyer, id, 'decline'), 403, m.sellerDecides)
    await move(seller, id, 'counter', { amount: 110 })
    expectError(await move(seller, id, 'accept'), 403, m.buyerDecides)
    expectError(await move(seller, id, 'decline'), 403, m.buyerDecides)
    await move(buyer, id, 'decline')
    // every move now: 409 naming the state; a bad counter body is still the 400 first
    const declined = 'This offer has been declined: that is not possible now.'
    expectError(await move(seller, id, 'accept'), 409, declined)
    expectError(await move(buyer, id, 'accept'), 409, declined)
    expectError(await move(buyer, id, 'withdraw'), 409, declined)
    expectError(await move(seller, id, 'counter', { amount: 115 }), 409, declined)
    expect((await move(seller, id, 'counter', { amount: 'x' })).statusCode).toBe(400)
    expect((await stored(id)).status).toBe('declined')
  })
})

describe('deadlines', () => {
  it('a pending offer expires after OFFER_HOURS: read as expired at once, marked by the sweep, both told once', async () => {
    const { buyer, id } = await pendingOffer(100)
    now += 48 * HOUR
    // a move after the deadline: 409 that says so, and the offer is marked
    expectError(await move(seller, id, 'accept'), 409, 'This offer has expired: that is not possible now.')
    expect(await stored(id)).toMatchObject({ status: 'expired' })
    const b = await pendingOffer(100)
    now += 48 * HOUR + 1
    const list = await get(b.buyer, '/api/offers?role=buyer')
    expect(list.json()[0]).toMatchObject({ _id: b.id, status: 'expired' })
    expect((await stored(b.id)).status).toBe('expired')
    // sweeping again (two instances) announces nothing twice
    await Promise.all([sweepOffers(offerDepsOf(t.app), new Date(now)), sweepOffers(offerDepsOf(t.app), new Date(now))])
    const told = (await notesOf(b.buyer.id)).filter((n) => n.kind === 'offer_expired')
    expect(told.map((n) => n.text)).toEqual(['Your offer of $100.00 for "Kelly 28" expired without an answer'])
    expect((await notesOf(buyer.id)).filter((n) => n.kind === 'offer_expired')).toHaveLength(1)
  })

  it('a counter expires OFFER_HOURS after it was made', async () => {
    const { buyer, id } = await pendingOffer(100)
    now += 40 * HOUR
    await move(seller, id, 'counter', { amount: 110 })
    now += 40 * HOUR
    expect((await get(buyer, '/api/offers')).json()[0].status).toBe('countered')
    now += 8 * HOUR
    expectError(await move(buyer, id, 'accept'), 409, 'This offer has expired: that is not possible now.')
    expect((await notesOf(seller.id)).map((n) => n.text)).toContain(
      'Your counter-offer of $110.00 for "Kelly 28" expired',
    )
  })

  it('an accepted offer not booked within OFFER_HOLD_HOURS expires and the bag is for sale again', async () => {
    const { buyer, bag, id } = await pendingOffer(100)
    await move(seller, id, 'accept')
    const other = await newBuyer()
    const refused = await post(other, '/api/bookings', { product_id: bag.id, number: '+1 555 0100', location: 'X' })
    expectError(refused, 409, m.heldForOfferBooking)
    now += 24 * HOUR
    await sweepOffers(offerDepsOf(t.app), new Date(now))
    expect(await stored(id)).toMatchObject({ status: 'expired', agreedCents: 10_000, bookingId: null })
    expect((await get(undefined, `/api/products/${bag.id}`)).json().reserved).toBe(false)
    expect((await notesOf(buyer.id)).map((n) => n.text)).toContain(
      'Your accepted offer of $100.00 for "Kelly 28" was not paid in time: the bag is for sale again',
    )
    const booked = await post(other, '/api/bookings', { product_id: bag.id, number: '+1 555 0100', location: 'X' })
    expect(booked.statusCode, booked.body).toBe(200)
    // the buyer of the lapsed offer books at the listing's price like anyone
    expectError(await move(buyer, id, 'accept'), 409, 'This offer has expired: that is not possible now.')
  })
})

describe('GET /api/offers', () => {
  it("each party's own offers, newest first, keyset-paged with Link; role defaults by account; productId filters", async () => {
    const buyer = await newBuyer()
    const bags = [await newBag(), await newBag(), await newBag()]
    const ids: string[] = []
    for (const bag of bags) {
      now += 60_000
      ids.push((await makeOffer(buyer, bag.id, 100)).json()._id)
    }
    const first = await get(buyer, '/api/offers?role=buyer&limit=2')
    expect(first.statusCode).toBe(200)
    expect(first.json().map((o: { _id: string }) => o._id)).toEqual([ids[2], ids[1]])
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1]
    expect(next).toMatch(/^\/api\/offers\?role=buyer&limit=2&cursor=/)
    const second = await get(buyer, next!)
    expect(second.json().map((o: { _id: string }) => o._id)).toEqual([ids[0]])
    expect(second.headers.link).toBeUndefined()
    // the seller's received list (the default for a seller) has them; another seller's has none of them
    const received = (await get(seller, '/api/offers?limit=100')).json().map((o: { _id: string }) => o._id)
    expect(received).toEqual(expect.arrayContaining(ids))
    const others = (await get(otherSeller, '/api/offers')).json()
    expect(others).toEqual([])
    // a buyer asking for the seller's side sees nothing of others'
    expect((await get(buyer, '/api/offers?role=seller')).json()).toEqual([])
    expect(
      (await get(buyer, `/api/offers?productId=${bags[1]!.id}`)).json().map((o: { _id: string }) => o._id),
    ).toEqual([ids[1]])
    expect((await get(buyer, '/api/offers?productId=nope')).json()).toEqual([])
    expect((await get(undefined, '/api/offers')).statusCode).toBe(401)
    expectError(await get(buyer, '/api/offers?role=admin'), 400, 'role must be buyer or seller')
    expect((await get(buyer, '/api/offers?limit=101')).json().message).toMatch(/^limit/)
    expect((await get(buyer, '/api/offers?cursor=%21%21')).statusCode).toBe(400)
  })

  it('GET /api/offers/rules: the lowest share and the hours, for anyone', async () => {
    const res = await get(undefined, '/api/offers/rules')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ minOfferPercent: 60, offerHours: 48, holdHours: 24 })
  })
})

describe('races', () => {
  it('accept and withdraw at once: exactly one of them happens', async () => {
    for (let i = 0; i < 3; i++) {
      const { buyer, id } = await pendingOffer(100)
      const [a, w] = await Promise.all([move(seller, id, 'accept'), move(buyer, id, 'withdraw')])
      const codes = [a.statusCode, w.statusCode].sort()
      expect(codes, `${a.body} ${w.body}`).toEqual([200, 409])
      const row = await stored(id)
      expect(row.status).toBe(a.statusCode === 200 ? 'accepted' : 'withdrawn')
    }
  })

  it("two buyers' offers on one bag accepted at once: one hold, the other refused", async () => {
    const bag = await newBag()
    const [b1, b2] = await Promise.all([newBuyer(), newBuyer()])
    const o1 = (await makeOffer(b1, bag.id, 100)).json()._id
    const o2 = (await makeOffer(b2, bag.id, 105)).json()._id
    const [r1, r2] = await Promise.all([move(seller, o1, 'accept'), move(seller, o2, 'accept')])
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409])
    expect((r1.statusCode === 409 ? r1 : r2).json().message).toBe(m.bagHeldForOffer)
    const accepted = await t.database.db
      .select()
      .from(offers)
      .where(and(eq(offers.productId, bag.id), eq(offers.status, 'accepted')))
    expect(accepted).toHaveLength(1)
    // the other stays pending: accepted once the hold lapses, if it still stands
    expect((await stored(r1.statusCode === 409 ? o1 : o2)).status).toBe('pending')
  })

  it('accepting while a customer books the bag: one holds it', async () => {
    const { bag, id } = await pendingOffer(100)
    const booker = await newBuyer()
    const [acc, book] = await Promise.all([
      move(seller, id, 'accept'),
      post(booker, '/api/bookings', { product_id: bag.id, number: '+1 555 0100', location: 'Leeds' }),
    ])
    expect([acc.statusCode, book.statusCode].sort(), `${acc.body} ${book.body}`).toEqual([200, 409])
    if (acc.statusCode === 409) expect(acc.json().message).toBe(m.bagReserved)
    else expect(book.json().message).toBe(m.heldForOfferBooking)
  })

  it('accepting is refused while a booking holds the bag, and for a bag that sold', async () => {
    const { bag, id } = await pendingOffer(100)
    const booker = await newBuyer()
    await post(booker, '/api/bookings', { product_id: bag.id, number: '+1 555 0100', location: 'Leeds' })
    expectError(await move(seller, id, 'accept'), 409, m.bagReserved)
    // sold elsewhere (not through a payment here): the sweep declines its standing offers and tells the buyers
    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, bag.id))
    expectError(
      await move(seller, id, 'counter', { amount: 110 }),
      409,
      'This offer has been declined: that is not possible now.',
    )
  })
})
