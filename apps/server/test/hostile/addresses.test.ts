import { addressSchema, MAX_SAVED_ADDRESSES } from '@preloved/shared/addresses'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { bookings, savedAddresses } from '../../src/db/schema/index.ts'
import { type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp } from '../build-test-app.ts'
import { insertProduct } from '../fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * Delivery addresses under attack: generated and hostile address bodies and ids on
 * /api/addresses and the address of POST /api/create-payment-intent. Whatever comes in: never a 5xx, a refusal is
 * `{statusCode, error, message}`, what is stored is an address the shared schema accepts, at most
 * MAX_SAVED_ADDRESSES per account with at most one default, and the victim's addresses and booking stay as they were.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

const t = await buildTestApp({ RATE_LIMIT_FACTOR: '1000' })
afterAll(() => t.close())

const GOOD = {
  name: 'Vic Victim',
  line1: '9 Victim Street',
  line2: 'Flat 2',
  city: 'Faro',
  postcode: '8000-001',
  country: 'PT',
  phone: '+351 289 000 000',
}
const [attacker, victim, seller] = (await Promise.all([
  signUp(t.app, { email: 'addr-attacker@example.test', role: 'customer' }),
  signUp(t.app, { email: 'addr-victim@example.test', role: 'customer' }),
  signUp(t.app, { email: 'addr-hostile-seller@example.test', role: 'seller' }),
])) as [Session, Session, Session]

const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.bearer, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  })

async function book(s: Session) {
  const product = await insertProduct(t.database.db, seller.id)
  const res = await call(s, 'POST', '/api/bookings', {
    product_id: product.id,
    number: '+1 555 0100',
    location: 'Faro',
  })
  if (res.statusCode !== 200) throw new Error(`booking: ${res.body}`)
  return res.json().insertedId as string
}

const victimIds = await Promise.all(
  [GOOD, { ...GOOD, line1: '10 Victim Street' }].map(
    async (a) => (await call(victim, 'POST', '/api/addresses', a)).json()._id as string,
  ),
)
const victimBooking = await book(victim)
await call(victim, 'POST', '/api/create-payment-intent', { bookingId: victimBooking, address: GOOD })
const attackerBooking = await book(attacker)

const victimState = async () => ({
  addresses: await t.database.db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, victim.id))
    .orderBy(savedAddresses.id),
  booking: (await t.database.db.select().from(bookings).where(eq(bookings.id, victimBooking)))[0],
})
const before = await victimState()

function expectSane(res: LightMyRequestResponse, allowed: number[]) {
  expect(res.statusCode, res.body).toBeLessThan(500)
  expect(allowed, `${res.statusCode} ${res.body}`).toContain(res.statusCode)
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/)
  if (res.statusCode >= 400) {
    const body = res.json()
    expect(
      Object.keys(body)
        .filter((k) => k !== 'field')
        .sort(),
    ).toEqual(['error', 'message', 'statusCode'])
    expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/)
  }
}

/** Every stored address of the attacker is one the shared schema accepts as it is; one default at most. */
async function expectStoredValid() {
  const rows = await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, attacker.id))
  expect(rows.length).toBeLessThanOrEqual(MAX_SAVED_ADDRESSES)
  expect(rows.filter((r) => r.isDefault).length).toBeLessThanOrEqual(1)
  for (const r of rows) {
    const a = { ...r, line2: r.line2 ?? undefined }
    expect(addressSchema.parse(a)).toEqual({
      name: r.name,
      line1: r.line1,
      line2: r.line2 ?? undefined,
      city: r.city,
      postcode: r.postcode,
      country: r.country,
      phone: r.phone,
    })
  }
  const [b] = await t.database.db.select({ a: bookings.address }).from(bookings).where(eq(bookings.id, attackerBooking))
  if (b?.a) expect(addressSchema.parse(b.a)).toEqual(b.a)
}

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(200), 'PT', 'pt', '+1 (555) 010-0199', '1100-048', '') },
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostile },
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
)
const FIELDS = [
  'name',
  'line1',
  'line2',
  'city',
  'postcode',
  'country',
  'phone',
  'isDefault',
  '__proto__',
  '_id',
  'userId',
]
/** A good address with some fields broken, dropped or added; or anything at all. */
const addressBody: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), fc.option(value, { nil: undefined }), { maxKeys: 4 })
      .map((broken) => {
        const v: Record<string, unknown> = { ...GOOD }
        for (const [k, x] of Object.entries(broken)) {
          if (x === undefined) delete v[k]
          else Object.defineProperty(v, k, { value: x, enumerable: true, writable: true, configurable: true })
        }
        return v
      }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)
const id = fc.oneof(
  fc.constantFrom(...victimIds, attackerBooking, victimBooking, '00000000-0000-4000-8000-000000000000'),
  hostile.filter((s) => s.length > 0),
)

describe('hostile delivery addresses', () => {
  it('POST /api/addresses: a refusal or a valid stored address, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(addressBody, async (b) => {
        const res = await call(attacker, 'POST', '/api/addresses', b)
        expectSane(res, [201, 400, 409])
        if (res.statusCode === 201) {
          expect(res.json().userId).toBeUndefined()
          // make room now and then, so that the cap does not hide the checks
          if (Math.random() < 0.5) await call(attacker, 'DELETE', `/api/addresses/${res.json()._id}`)
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
    await expectStoredValid()
  })

  it("PUT and DELETE with hostile ids and bodies: 404 for anything not the caller's, never a 5xx", async () => {
    const own = (await call(attacker, 'POST', '/api/addresses', { ...GOOD, line1: 'Own street 1' })).json()
      ._id as string
    expect(own).toBeTruthy()
    await fc.assert(
      fc.asyncProperty(fc.oneof(id, fc.constant(own)), addressBody, fc.boolean(), async (target, b, del) => {
        const url = `/api/addresses/${encodeURIComponent(target)}`
        const res = del && target !== own ? await call(attacker, 'DELETE', url) : await call(attacker, 'PUT', url, b)
        expectSane(res, target === own ? [200, 400] : [400, 404])
      }),
      { seed: SEED + 1, numRuns: RUNS },
    )
    await expectStoredValid()
  })

  it('the address of a payment: 200 or a 400 naming the field; never on someone else’s booking', async () => {
    await fc.assert(
      fc.asyncProperty(addressBody, fc.option(fc.oneof(fc.boolean(), value), { nil: undefined }), async (a, save) => {
        const res = await call(attacker, 'POST', '/api/create-payment-intent', {
          bookingId: attackerBooking,
          address: a,
          ...(save === undefined ? {} : { saveAddress: save }),
        })
        expectSane(res, [200, 400])
        if (res.statusCode === 400 && (save === undefined || typeof save === 'boolean'))
          expect(res.json().message).toMatch(/^address\b|^body\b|JSON|__proto__/)
        const theirs = await call(attacker, 'POST', '/api/create-payment-intent', {
          bookingId: victimBooking,
          address: a,
          saveAddress: true,
        })
        expectSane(theirs, [400, 403])
        if (theirs.statusCode === 400) expect(theirs.json().message).not.toMatch(/^address\b/)
      }),
      { seed: SEED + 2, numRuns: RUNS },
    )
    await expectStoredValid()
  })

  it("leaves the victim's addresses and booking as they were", async () => {
    expect(await victimState()).toEqual(before)
    const listed = (await call(victim, 'GET', '/api/addresses')).json() as { _id: string }[]
    expect(listed.map((a) => a._id).sort()).toEqual([...victimIds].sort())
  })
})
