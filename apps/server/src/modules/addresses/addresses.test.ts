import { MAX_SAVED_ADDRESSES } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { bookings, savedAddresses } from '../../db/schema/index.ts'

let t: TestApp
let now = Date.UTC(2026, 10, 25, 12)
let seller: Session
let admin: Session

const HOME = {
  name: 'Ada Buyer',
  line1: '1 Rua Augusta',
  city: 'Lisbon',
  postcode: '1100-048',
  country: 'PT',
  phone: '+351 912 345 678',
}
const WORK = { ...HOME, line1: '20 Avenida da Liberdade', line2: 'Floor 3' }

beforeAll(async () => {
  t = await buildTestApp(
    { ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', LOG_LEVEL: process.env.DBG ? 'error' : 'silent' },
    { clock: () => now },
  )
  seller = await signUp(t.app, { email: 'addr-seller@example.test', name: 'Sal Seller', role: 'seller' })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(() => t.close())

const newCustomer = (() => {
  let n = 0
  return () => signUp(t.app, { email: `addr-buyer${++n}@example.test`, role: 'customer' })
})()
const tick = () => {
  now += 60_000
}
const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.bearer, ...(payload ? { payload } : {}) })
const add = async (s: Session, body: object) => {
  tick()
  return call(s, 'POST', '/api/addresses', body)
}
const list = async (s: Session) =>
  (await call(s, 'GET', '/api/addresses')).json() as { _id: string; isDefault: boolean; line1: string }[]
const rowsOf = (userId: string) => t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId))

describe('saved addresses', () => {
  it('saves an address (the first is the default), answers it and lists it; nobody else sees it', async () => {
    const s = await newCustomer()
    expect((await call(s, 'GET', '/api/addresses')).json()).toEqual([])
    const res = await add(s, { ...HOME, line2: '  ', country: 'pt', name: '  Ada Buyer ' })
    expect(res.statusCode, res.body).toBe(201)
    const saved = res.json()
    expect(saved).toEqual({ _id: expect.any(String), ...HOME, isDefault: true })
    expect('line2' in saved).toBe(false)
    const [row] = await rowsOf(s.id)
    expect(row).toMatchObject({ id: saved._id, ...HOME, line2: null, isDefault: true })
    expect(await list(s)).toEqual([saved])
    const other = await newCustomer()
    expect(await list(other)).toEqual([])
    expect((await call(s, 'GET', '/api/addresses')).headers['cache-control']).toBe('no-store')
  })

  it('lists the default first, then the newest; isDefault on a new one moves the mark (one default only)', async () => {
    const s = await newCustomer()
    const a = (await add(s, HOME)).json()
    const b = (await add(s, WORK)).json()
    expect(b.isDefault).toBe(false)
    const c = (await add(s, { ...HOME, line1: '3 Rua Nova' })).json()
    expect((await list(s)).map((x) => x._id)).toEqual([a._id, c._id, b._id])
    const d = (await add(s, { ...HOME, line1: '4 Rua Velha', isDefault: true })).json()
    expect(d.isDefault).toBe(true)
    const listed = await list(s)
    expect(listed.map((x) => x._id)).toEqual([d._id, c._id, b._id, a._id])
    expect(listed.filter((x) => x.isDefault)).toHaveLength(1)
    expect((await rowsOf(s.id)).filter((r) => r.isDefault).map((r) => r.id)).toEqual([d._id])
  })

  it('changes an address with PUT, and makes it the default or takes the mark off', async () => {
    const s = await newCustomer()
    const a = (await add(s, HOME)).json()
    const b = (await add(s, WORK)).json()
    const res = await call(s, 'PUT', `/api/addresses/${b._id}`, { ...WORK, city: 'Porto', isDefault: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ _id: b._id, ...WORK, city: 'Porto', isDefault: true })
    const rows = await rowsOf(s.id)
    expect(rows.find((r) => r.id === a._id)!.isDefault).toBe(false)
    expect(rows.find((r) => r.id === b._id)).toMatchObject({ city: 'Porto', line2: 'Floor 3', isDefault: true })
    // absent keeps the mark; line2 left out is removed
    const kept = await call(s, 'PUT', `/api/addresses/${b._id}`, HOME)
    expect(kept.json()).toEqual({ _id: b._id, ...HOME, isDefault: true })
    const [row] = await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.id, b._id))
    expect(row!.line2).toBeNull()
    const off = await call(s, 'PUT', `/api/addresses/${b._id}`, { ...HOME, isDefault: false })
    expect(off.json().isDefault).toBe(false)
    expect((await rowsOf(s.id)).filter((r) => r.isDefault)).toHaveLength(0)
  })

  it('answers 404 for a change or a deletion of an unknown address or of someone else, and leaves it alone', async () => {
    const owner = await newCustomer()
    const intruder = await newCustomer()
    const a = (await add(owner, HOME)).json()
    for (const id of [a._id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const put = await call(intruder, 'PUT', `/api/addresses/${encodeURIComponent(id)}`, { ...WORK, isDefault: true })
      expect(put.statusCode, id).toBe(404)
      expect(put.json()).toEqual({ statusCode: 404, error: 'Not Found', message: messages.addresses.addressNotFound })
      const del = await call(intruder, 'DELETE', `/api/addresses/${encodeURIComponent(id)}`)
      expect(del.statusCode, id).toBe(404)
    }
    // the admin does not reach into a customer's address book either
    expect((await call(admin, 'DELETE', `/api/addresses/${a._id}`)).statusCode).toBe(404)
    expect(await rowsOf(owner.id)).toEqual([expect.objectContaining({ id: a._id, ...HOME, isDefault: true })])
    expect(await rowsOf(intruder.id)).toEqual([])
  })

  it('deletes an address; when the default goes, the newest left becomes the default', async () => {
    const s = await newCustomer()
    const a = (await add(s, HOME)).json()
    const b = (await add(s, WORK)).json()
    const c = (await add(s, { ...HOME, line1: '3 Rua Nova' })).json()
    const res = await call(s, 'DELETE', `/api/addresses/${a._id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 })
    const rows = await rowsOf(s.id)
    expect(rows.map((r) => [r.id, r.isDefault]).sort()).toEqual(
      [
        [b._id, false],
        [c._id, true],
      ].sort(),
    )
    // deleting one that is not the default moves nothing
    await call(s, 'DELETE', `/api/addresses/${b._id}`)
    expect((await rowsOf(s.id)).map((r) => [r.id, r.isDefault])).toEqual([[c._id, true]])
    expect((await call(s, 'DELETE', `/api/addresses/${b._id}`)).statusCode).toBe(404)
  })

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses: the next one is a 409 with the message`, async () => {
    const s = await newCustomer()
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++)
      expect((await add(s, { ...HOME, line1: `${i + 1} Rua Augusta` })).statusCode).toBe(201)
    const res = await add(s, WORK)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: messages.addresses.tooManyAddresses })
    expect(await rowsOf(s.id)).toHaveLength(MAX_SAVED_ADDRESSES)
  })

  it('keeps the cap and one default under concurrent requests', async () => {
    const s = await newCustomer()
    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, i) =>
        call(s, 'POST', '/api/addresses', { ...HOME, line1: `${i} Rua`, isDefault: true }),
      ),
    )
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_SAVED_ADDRESSES)
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3)
    const rows = await rowsOf(s.id)
    expect(rows).toHaveLength(MAX_SAVED_ADDRESSES)
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1)
    const flips = await Promise.all(
      rows.map((r) => call(s, 'PUT', `/api/addresses/${r.id}`, { ...HOME, line1: r.line1, isDefault: true })),
    )
    expect(flips.every((r) => r.statusCode === 200)).toBe(true)
    expect((await rowsOf(s.id)).filter((r) => r.isDefault)).toHaveLength(1)
  })

  it.each([
    [{ ...HOME, postcode: '' }, messages.addresses.postcodeRequired],
    [{ ...HOME, postcode: '<script>' }, messages.addresses.postcodeInvalid],
    [{ ...HOME, country: 'Portugal' }, messages.addresses.countryInvalid],
    [{ ...HOME, phone: 'call me' }, messages.addresses.phoneInvalid],
    [{ ...HOME, name: '   ' }, messages.addresses.nameRequired],
    [{ ...HOME, line1: undefined }, messages.addresses.line1Required],
    [{ ...HOME, city: 'x'.repeat(81) }, 'city must be at most 80 characters'],
    [{ ...HOME, isDefault: 'yes' }, 'isDefault'],
  ])('refuses a bad address with 400 naming the field (%#)', async (body, message) => {
    const s = await newCustomer()
    const res = await add(s, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(message)
    const a = (await add(s, HOME)).json()
    const put = await call(s, 'PUT', `/api/addresses/${a._id}`, body)
    expect(put.statusCode).toBe(400)
    expect(await rowsOf(s.id)).toEqual([expect.objectContaining({ ...HOME, line2: null })])
  })

  it('serves every signed-in role, and no one signed out', async () => {
    for (const s of [seller, admin]) {
      const res = await add(s, HOME)
      expect(res.statusCode).toBe(201)
      expect(await list(s)).toEqual([res.json()])
    }
    expect((await t.app.inject({ url: '/api/addresses' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/addresses', payload: HOME })).statusCode).toBe(401)
  })
})

describe('the delivery address of a payment', () => {
  const bookingOf = async (s: Session) => {
    const product = await insertProduct(t.database.db, seller.id, { resellPriceCents: 10_000 })
    const res = await call(s, 'POST', '/api/bookings', {
      product_id: product.id,
      number: '+1 555 0100',
      location: 'Lisbon',
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().insertedId as string
  }
  const intent = (s: Session, payload: object) => call(s, 'POST', '/api/create-payment-intent', payload)
  const storedAddress = async (bookingId: string) =>
    (await t.database.db.select({ a: bookings.address }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.a

  it('stores the address on the booking; a later one replaces it; the original call without one leaves it', async () => {
    const s = await newCustomer()
    const bookingId = await bookingOf(s)
    const first = await intent(s, { bookingId, address: { ...HOME, country: 'pt' } })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).not.toHaveProperty('addressSaved')
    expect(await storedAddress(bookingId)).toEqual(HOME)
    const second = await intent(s, { bookingId, address: WORK })
    expect(second.json().clientSecret).toBe(first.json().clientSecret)
    expect(await storedAddress(bookingId)).toEqual(WORK)
    const spec = await intent(s, { bookingId, price: 1 })
    expect(spec.statusCode).toBe(200)
    expect(await storedAddress(bookingId)).toEqual(WORK)
    // nothing was saved without being asked
    expect(await rowsOf(s.id)).toEqual([])
  })

  it('works without an address at all (the original call): the booking has none', async () => {
    const s = await newCustomer()
    const bookingId = await bookingOf(s)
    expect((await intent(s, { bookingId })).statusCode).toBe(200)
    expect(await storedAddress(bookingId)).toBeNull()
  })

  it.each([
    [{ ...HOME, postcode: '' }, `address.postcode: ${messages.addresses.postcodeRequired}`],
    [{ ...HOME, line1: '' }, `address.line1: ${messages.addresses.line1Required}`],
    [{ ...HOME, country: 'XYZ' }, `address.country: ${messages.addresses.countryInvalid}`],
    ['1 Rua Augusta', `address: ${messages.addresses.notAnAddress}`],
    [null, `address: ${messages.addresses.notAnAddress}`],
    [[HOME], `address: ${messages.addresses.notAnAddress}`],
  ])('refuses a bad address with 400 naming the field and stores nothing (%#)', async (address, message) => {
    const s = await newCustomer()
    const bookingId = await bookingOf(s)
    await intent(s, { bookingId, address: HOME })
    const res = await intent(s, { bookingId, address, saveAddress: true })
    expect(res.statusCode).toBe(400)
    // the field it names, as a path a form can show the message under
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field: message.split(':')[0] })
    expect(await storedAddress(bookingId)).toEqual(HOME)
    expect(await rowsOf(s.id)).toEqual([])
  })

  it('answers 404 before 400 for an unknown booking, and 403 for someone else', async () => {
    const s = await newCustomer()
    const unknown = await intent(s, { bookingId: '00000000-0000-4000-8000-000000000000', address: { bad: 1 } })
    expect(unknown.statusCode).toBe(404)
    const other = await newCustomer()
    const bookingId = await bookingOf(other)
    const res = await intent(s, { bookingId, address: HOME })
    expect(res.statusCode).toBe(403)
    expect(await storedAddress(bookingId)).toBeNull()
  })

  it('saves the address when asked, once (identical ones are not saved twice), the first as the default', async () => {
    const s = await newCustomer()
    const bookingId = await bookingOf(s)
    const res = await intent(s, { bookingId, address: HOME, saveAddress: true })
    expect(res.json().addressSaved).toBe(true)
    await intent(s, { bookingId, address: { ...HOME, country: 'pt', line2: '' }, saveAddress: true })
    expect(await rowsOf(s.id)).toEqual([expect.objectContaining({ ...HOME, line2: null, isDefault: true })])
    await intent(s, { bookingId, address: WORK, saveAddress: true })
    const rows = await rowsOf(s.id)
    expect(rows).toHaveLength(2)
    expect(rows.find((r) => r.line1 === WORK.line1)).toMatchObject({ line2: 'Floor 3', isDefault: false })
    expect(await storedAddress(bookingId)).toEqual(WORK)
  })

  it('still opens the payment when the address book is full, and says the address was not saved', async () => {
    const s = await newCustomer()
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) await add(s, { ...HOME, line1: `${i} Rua` })
    const bookingId = await bookingOf(s)
    const res = await intent(s, { bookingId, address: WORK, saveAddress: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().addressSaved).toBe(false)
    expect(await storedAddress(bookingId)).toEqual(WORK)
    expect(await rowsOf(s.id)).toHaveLength(MAX_SAVED_ADDRESSES)
  })

  it('refuses to change the address of a paid booking (409) and keeps the one paid with', async () => {
    const s = await newCustomer()
    const bookingId = await bookingOf(s)
    const opened = await intent(s, { bookingId, address: HOME })
    const confirm = await call(s, 'POST', '/api/test-processor/confirm', {
      clientSecret: opened.json().clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' },
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const paid = await call(s, 'POST', '/api/payments', { transactionId: confirm.json().transactionId, bookingId })
    expect(paid.statusCode, paid.body).toBe(200)
    const res = await intent(s, { bookingId, address: WORK, saveAddress: true })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(messages.payments.alreadyPaid)
    expect(await storedAddress(bookingId)).toEqual(HOME)
    expect(await rowsOf(s.id)).toEqual([])
    const [row] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, s.id)))
    expect(row!.status).toBe('paid')
  })

  it('the order keeps the address paid with: its buyer and its seller read it on the order', async () => {
    const s = await newCustomer()
    const bookingId = await bookingOf(s)
    const opened = await intent(s, { bookingId, address: WORK })
    const confirm = await call(s, 'POST', '/api/test-processor/confirm', {
      clientSecret: opened.json().clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' },
    })
    await call(s, 'POST', '/api/payments', { transactionId: confirm.json().transactionId, bookingId })
    for (const who of [s, seller]) {
      const order = await call(who, 'GET', `/api/orders/${bookingId}`)
      expect(order.statusCode, order.body).toBe(200)
      expect(order.json()).toMatchObject({ status: 'paid', address: WORK, awaitingAddress: false })
    }
  })
})
