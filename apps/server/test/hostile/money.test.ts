import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, offers, payoutAccounts, payouts, products, refunds } from '../../src/db/schema/index.ts'
import { ADMIN_EMAIL, type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { listingBody } from '../fixtures.ts'
import { paidOrder } from '../order-fixtures.ts'
import { uploadPhoto } from '../upload.ts'
import { HOSTILE, HOSTILE_AMOUNTS } from './hostile-strings.ts'

/**
 * Hostile callers of the money routes: generated query strings and bodies never make a 5xx or a stack
 * trace; the amount, the seller and the account's details come from the server only, so nobody can pay themselves
 * more than their available balance, or touch another seller's money.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

let t: TestApp
let now = Date.UTC(2026, 10, 25, 9)
let victim: Session
let attacker: Session
let customer: Session
let admin: Session

const post = (s: Session | undefined, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: s ? s.bearer : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const expectRefusalShape = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(500)
  if (res.statusCode >= 400) {
    const body = res.json()
    expect(
      Object.keys(body)
        .filter((k) => k !== 'code' && k !== 'field')
        .sort(),
    ).toEqual(['error', 'message', 'statusCode'])
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+/)
  }
}
const sellerSum = async (id: string) =>
  Number(
    (
      await t.database.db
        .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, id))
    )[0]!.s,
  )

async function completedSale(seller: Session, email: string) {
  const buyer = await signUp(t.app, { email, role: 'customer' })
  const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
  now += 1000
  await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'H1' })
  await post(buyer, `/api/orders/${id}/confirm`)
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '1000' }, { clock: () => now })
  ;[victim, attacker, customer, admin] = await Promise.all([
    signUp(t.app, { email: 'money-victim@example.test', role: 'seller' }),
    signUp(t.app, { email: 'money-attacker@example.test', role: 'seller' }),
    signUp(t.app, { email: 'money-customer@example.test', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  await post(victim, '/api/payout-account', { holderName: 'Victim', accountNumber: '99990000' })
  await completedSale(victim, 'money-buyer1@example.test')
  await completedSale(attacker, 'money-buyer2@example.test')
  now += 7 * 86_400_000 // past the new seller's reserve: the sales are available
})
afterAll(() => t.close())

describe('hostile callers of the money routes', () => {
  it('ignore the amount, seller and account fields a caller sends: the server decides them', async () => {
    const account = await post(attacker, '/api/payout-account', {
      holderName: 'Attacker',
      accountNumber: '1111 2222 3333',
      last4: '0000',
      provider: 'stripe',
      stripeAccountId: 'acct_evil',
      userId: victim.id,
    })
    expect(account.statusCode, account.body).toBe(200)
    const [row] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, attacker.id))
    expect(row).toMatchObject({ provider: 'test', last4: '3333', stripeAccountId: null })
    const [victimRow] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, victim.id))
    expect(victimRow).toMatchObject({ holderName: 'Victim', last4: '0000' })

    const res = await post(attacker, '/api/payouts', { amount: 1_000_000, sellerId: victim.id, account: victim.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().amount).toBe(85) // 100 − 15 % commission
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, victim.id))).toEqual([])
    expect(await sellerSum(victim.id)).toBe(8_500)
    expect(await sellerSum(attacker.id)).toBe(0)
  })

  it('refuse payouts to customers, admins and anonymous callers, and another seller earnings', async () => {
    for (const who of [customer, admin, undefined]) {
      const res = await post(who, '/api/payouts')
      expectRefusalShape(res)
      expect([401, 403]).toContain(res.statusCode)
    }
    const spy = await t.app.inject({ url: `/api/earnings?sellerId=${victim.id}`, headers: attacker.bearer })
    expect(spy.statusCode).toBe(403)
    expect(await t.database.db.select().from(payouts).where(eq(payouts.sellerId, victim.id))).toEqual([])
  })

  it('generated query strings and bodies: never a 5xx, never the full account number stored', async () => {
    const seller = await signUp(t.app, { email: 'money-fuzz@example.test', role: 'seller' })
    const hostile = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
      { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.anything() },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record({ limit: hostile, cursor: hostile, sellerId: hostile }, { requiredKeys: [] }),
        fc.record({ holderName: hostile, accountNumber: hostile }, { requiredKeys: [] }),
        fc.constantFrom(seller, admin, customer),
        async (query, body, who) => {
          const pairs = Object.entries(query).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
          ])
          const qs = new URLSearchParams(pairs).toString()
          const read = await t.app.inject({ url: `/api/earnings?${qs}`, headers: who.bearer })
          expectRefusalShape(read)
          expect([200, 400, 403, 404]).toContain(read.statusCode)
          const saved = await post(who, '/api/payout-account', body)
          expectRefusalShape(saved)
          expect([200, 400, 403]).toContain(saved.statusCode)
          if (saved.statusCode === 200) expect(saved.json().last4).toMatch(/^\d{4}$/)
        },
      ),
      { seed: SEED, numRuns: RUNS },
    )
    const stored = await t.database.db.select().from(payoutAccounts)
    for (const r of stored) expect(r.last4 ?? '').toMatch(/^(\d{4})?$/)
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/payout-account',
      headers: { ...seller.bearer, 'content-type': 'application/json' },
      payload: '{"holderName": "x", "accountNumber": ',
    })
    expectRefusalShape(raw)
    expect(raw.statusCode).toBe(400)
  })

  it('a card chargeback close with hostile ids and reasons: 4xx only, no order touched', async () => {
    for (const id of [...HOSTILE.slice(0, 12), '00000000-0000-4000-8000-000000000000']) {
      const res = await post(admin, `/api/orders/${encodeURIComponent(id)}/chargeback/close`, { reason: id })
      expectRefusalShape(res)
      expect([400, 404]).toContain(res.statusCode)
    }
  })
})

/**
 * Every money field a client sends (decision 031): a listing's prices and shipping (create and edit), an offer and a
 * counter-offer, an admin's refund and the refund resolving a dispute. Exponent forms, NaN, Infinity, -0, a third
 * decimal, huge values and decorated strings are each a 400 naming the field, never a 5xx, and store nothing; the
 * forms the API took before (a JSON number, a numeric string) still work. Values go into the JSON text as written,
 * so `5e-9`, `1E21` and `-0` arrive as JSON numbers.
 */
describe('hostile amounts in every money field', () => {
  interface MoneyField {
    route: string
    /** How the field's messages name it. */
    name: string
    send: (raw: string) => Promise<LightMyRequestResponse>
  }
  const PLACEHOLDER = '"__AMOUNT__"'
  const withAmount = (body: object, field: string, raw: string) =>
    JSON.stringify({ ...body, [field]: '__AMOUNT__' }).replace(PLACEHOLDER, raw)
  const sendRaw = (s: Session, method: 'POST' | 'PATCH', url: string, text: string) =>
    t.app.inject({ method, url, headers: { ...s.bearer, 'content-type': 'application/json' }, payload: text })

  let fields: MoneyField[] = []
  let seller: Session
  let buyer: Session
  let photo: string
  let listingId: string
  let offerId: string
  let refundOrder: string
  let disputedOrder: string

  const counts = async () => ({
    products: (await t.database.db.select({ id: products.id }).from(products)).length,
    offers: (await t.database.db.select({ id: offers.id }).from(offers)).length,
    refunds: (await t.database.db.select({ id: refunds.id }).from(refunds)).length,
    listing: (
      await t.database.db
        .select({
          price: products.resellPriceCents,
          original: products.originalPriceCents,
          ship: products.shippingCents,
        })
        .from(products)
        .where(eq(products.id, listingId))
    )[0],
    offer: (await t.database.db.select().from(offers).where(eq(offers.id, offerId)))[0]?.counterCents,
  })

  beforeAll(async () => {
    seller = await signUp(t.app, { email: 'amount-seller@example.test', role: 'seller' })
    buyer = await signUp(t.app, { email: 'amount-buyer@example.test', role: 'customer' })
    photo = await uploadPhoto(t.app, seller)
    const made = await post(seller, '/api/categoryDetails', listingBody(photo, { resell_price: 500 }))
    expect(made.statusCode, made.body).toBe(200)
    listingId = made.json().insertedId
    const offered = await post(buyer, '/api/offers', { productId: listingId, amount: 400 })
    expect(offered.statusCode, offered.body).toBe(201)
    offerId = offered.json()._id
    refundOrder = (await paidOrder(t, seller, buyer, { priceCents: 10_000 })).id
    disputedOrder = (await paidOrder(t, seller, buyer, { priceCents: 10_000 })).id
    await post(seller, `/api/orders/${disputedOrder}/ship`, { carrier: 'UPS', trackingNumber: 'D1' })
    const disputed = await post(buyer, `/api/orders/${disputedOrder}/dispute`, { reason: 'damaged', note: 'Torn' })
    expect(disputed.statusCode, disputed.body).toBe(200)

    const listing = (field: string, raw: string) =>
      sendRaw(seller, 'POST', '/api/categoryDetails', withAmount(listingBody(photo), field, raw))
    const edit = (field: string, raw: string) =>
      sendRaw(seller, 'PATCH', `/api/categoryDetails/${listingId}`, withAmount({}, field, raw))
    fields = [
      { route: 'new listing', name: 'Resell price', send: (raw) => listing('resell_price', raw) },
      { route: 'new listing', name: 'Original price', send: (raw) => listing('original_price', raw) },
      { route: 'new listing', name: 'shipping', send: (raw) => listing('shipping', raw) },
      { route: 'listing edit', name: 'Resell price', send: (raw) => edit('resell_price', raw) },
      { route: 'listing edit', name: 'Original price', send: (raw) => edit('original_price', raw) },
      { route: 'listing edit', name: 'shipping', send: (raw) => edit('shipping', raw) },
      {
        route: 'offer',
        name: 'amount',
        send: (raw) => sendRaw(buyer, 'POST', '/api/offers', withAmount({ productId: listingId }, 'amount', raw)),
      },
      {
        route: 'counter-offer',
        name: 'amount',
        send: (raw) => sendRaw(seller, 'POST', `/api/offers/${offerId}/counter`, withAmount({}, 'amount', raw)),
      },
      {
        route: 'admin refund',
        name: 'amount',
        send: (raw) =>
          sendRaw(admin, 'POST', `/api/orders/${refundOrder}/refund`, withAmount({ reason: 'x' }, 'amount', raw)),
      },
      {
        route: 'dispute resolved by a refund',
        name: 'amount',
        send: (raw) =>
          sendRaw(
            admin,
            'POST',
            `/api/orders/${disputedOrder}/resolve`,
            withAmount({ outcome: 'refund', reason: 'x' }, 'amount', raw),
          ),
      },
    ]
  })

  const expectNamedRefusal = (res: LightMyRequestResponse, field: MoneyField, raw: string) => {
    const what = `${field.route} ${field.name} = ${raw} → ${res.statusCode} ${res.body.slice(0, 300)}`
    expect(res.statusCode, what).toBe(400)
    expect(res.headers['content-type'], what).toMatch(/^application\/json/)
    const body = res.json()
    expect(
      Object.keys(body)
        .filter((k) => k !== 'field')
        .sort(),
      what,
    ).toEqual(['error', 'message', 'statusCode'])
    expect(body.message, what).toContain(field.name)
    expect(res.body, what).not.toMatch(/\bat .*\.ts:\d+/)
  }

  it('refuses each listed hostile amount in every field with a 400 naming it, storing nothing', async () => {
    const before = await counts()
    for (const field of fields) {
      for (const raw of HOSTILE_AMOUNTS) expectNamedRefusal(await field.send(raw), field, raw)
    }
    expect(await counts()).toEqual(before)
  })

  it('generated exponents, extra decimals, huge values and decorated strings: a 400 naming the field', async () => {
    const digits = fc.integer({ min: 1, max: 9 })
    const amountText = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }))
    const json = (text: string) => JSON.stringify(text)
    const raw = fc.oneof(
      // exponent forms as JSON numbers: below a cent's precision, or far above every bound
      fc.tuple(digits, fc.integer({ min: -40, max: -3 })).map(([m, e]) => `${m}e${e}`),
      fc
        .tuple(digits, fc.integer({ min: 7, max: 400 }), fc.constantFrom('e', 'E', 'e+'))
        .map(([m, e, x]) => `${m}${x}${e}`),
      // any exponent in a string
      fc.tuple(fc.integer(), fc.integer({ min: -30, max: 30 })).map(([m, e]) => json(`${m}e${e}`)),
      // a third decimal (or more), as a number and as a string
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), digits, fc.boolean())
        .map(([w, c, d, asString]) => {
          const text = `${w}.${String(c).padStart(2, '0')}${d}`
          return asString ? json(text) : text
        }),
      // huge, as a number and as a string
      fc
        .tuple(fc.bigInt({ min: 10n ** 7n, max: 10n ** 60n }), fc.boolean())
        .map(([n, asString]) => (asString ? json(String(n)) : String(n))),
      // negative, negative zero
      fc.tuple(amountText, fc.boolean()).map(([[w, c], asString]) => {
        const text = `-${w}.${String(c).padStart(2, '0')}`
        return asString ? json(text) : text
      }),
      // thousands separators, inner blanks, currency signs and codes around an amount
      fc
        .tuple(amountText, fc.constantFrom(',', ' ', '\u00a0', "'", '_'), fc.integer({ min: 0, max: 999 }))
        .map(([[w], sep, rest]) => json(`${w + 1}${sep}${String(rest).padStart(3, '0')}`)),
      fc
        .tuple(
          amountText,
          fc.constantFrom('$', '€', '£', 'USD ', 'US$', '+', '0x', '\u0661'),
          fc.constantFrom('', ' USD', '$', '%', '.', ',-'),
        )
        .map(([[w, c], pre, post]) => json(`${pre}${w}.${String(c).padStart(2, '0')}${post}`)),
      fc.constantFrom('NaN', 'Infinity', '-Infinity', 'nan', 'inf', '1e400').map(json),
    )
    const before = await counts()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields.keys()), raw, async (i, text) => {
        const field = fields[i]!
        expectNamedRefusal(await field.send(text), field, text)
      }),
      { seed: SEED, numRuns: RUNS * 10 },
    )
    expect(await counts()).toEqual(before)
  })

  it('still takes what each field took: a JSON number, or a numeric string where the listing form sends text', async () => {
    const made = await sendRaw(
      seller,
      'POST',
      '/api/categoryDetails',
      JSON.stringify(listingBody(photo, { resell_price: ' 1234.50 ', original_price: 2000, shipping: '0.99' })),
    )
    expect(made.statusCode, made.body).toBe(200)
    const [row] = await t.database.db.select().from(products).where(eq(products.id, made.json().insertedId))
    expect(row).toMatchObject({ resellPriceCents: 123_450, originalPriceCents: 200_000, shippingCents: 99 })
    const edited = await sendRaw(
      seller,
      'PATCH',
      `/api/categoryDetails/${listingId}`,
      '{"shipping": 0, "resell_price": 499.99}',
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await counts()).listing).toEqual({ price: 49_999, original: 20_000, ship: 0 })
    const countered = await sendRaw(seller, 'POST', `/api/offers/${offerId}/counter`, '{"amount": 450.10}')
    expect(countered.statusCode, countered.body).toBe(200)
    expect((await counts()).offer).toBe(45_010)
    const refunded = await sendRaw(
      admin,
      'POST',
      `/api/orders/${refundOrder}/refund`,
      '{"amount": 12.3, "reason": "x"}',
    )
    expect(refunded.statusCode, refunded.body).toBe(200)
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, refundOrder))
    expect(rows.map((r) => r.amountCents)).toEqual([1_230])
    const resolved = await sendRaw(
      admin,
      'POST',
      `/api/orders/${disputedOrder}/resolve`,
      '{"outcome": "refund", "amount": 20.05, "reason": "x"}',
    )
    expect(resolved.statusCode, resolved.body).toBe(200)
    const resolvedRows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, disputedOrder))
    expect(resolvedRows.map((r) => r.amountCents)).toEqual([2_005])
  })
})
