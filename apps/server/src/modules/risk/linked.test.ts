import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { expectBalanced, paidOrder } from '../../../test/order-fixtures.ts'
import { accountSignals, auditLog, ledgerEntries, riskFlags } from '../../db/schema/index.ts'
import { identifyingIp } from './signals.plugin.ts'

/**
 * Self-dealing (docs/decisions/029): a seller and "buyers" who are one person must not take money out of the shop.
 * The money rule keeps every order within what it took in; the new seller's reserve keeps the money until a chargeback
 * could arrive; linked accounts are flagged to the admin, and a confirmed link counts for no rating.
 */
let t: TestApp
let now = Date.UTC(2026, 10, 2, 9)
let admin: Session
let n = 0
const DAY = 86_400_000

beforeAll(async () => {
  // behind one proxy: the client's address is the one X-Forwarded-For names
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', TRUST_PROXY: '1' }, { clock: () => now })
  admin = await signUp(t.app, { email: ADMIN_EMAIL })
})
afterAll(() => t.close())

const newSeller = () => signUp(t.app, { email: `l-seller${++n}@example.test`, role: 'seller' })
const newBuyer = () => signUp(t.app, { email: `l-buyer${++n}@example.test`, role: 'customer' })
const post = (s: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: s.bearer, ...(payload ? { payload } : {}) })
const get = (s: Session, url: string) => t.app.inject({ url, headers: s.bearer })
/** A signed-in request from a device (its cookie) and an address, as a browser behind the shop's proxy sends it. */
const seenFrom = async (s: Session, from: { device?: string; ip?: string }) => {
  const res = await t.app.inject({
    url: '/api/notifications/unread',
    headers: {
      ...s.bearer,
      ...(from.device ? { cookie: `pb_device=${from.device}` } : {}),
      'x-forwarded-for': from.ip ?? `198.51.100.${++n % 250}`,
    },
  })
  expect(res.statusCode, res.body).toBe(200)
}
const flagsOf = (orderId: string) => t.database.db.select().from(riskFlags).where(eq(riskFlags.orderId, orderId))
const earnings = async (s: Session) => (await get(s, '/api/earnings')).json()

describe('self-dealing with a million-dollar bag', () => {
  it('pays the seller no more than was taken in, and nothing until the reserve ends', async () => {
    const seller = await newSeller()
    const account = await post(seller, '/api/payout-account', { holderName: 'Sam Seller', accountNumber: '11112222' })
    expect(account.statusCode).toBe(200)
    let shopNet = 0
    for (const i of [1, 2]) {
      const buyer = await newBuyer()
      const { id } = await paidOrder(t, seller, buyer, { priceCents: 100_000_000 })
      // the first-order discount is $50 at most, not 15 % ($150,000)
      const order = (await get(buyer, `/api/orders/${id}`)).json()
      expect(order).toMatchObject({ amount: 999_950, discount: 50, commission: 150_000, sellerAmount: 850_000 })
      expect(
        (await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: `SELF${i}` })).statusCode,
      ).toBe(200)
      expect((await post(buyer, `/api/orders/${id}/confirm`)).statusCode).toBe(200)
      const b = await expectBalanced(t, id)
      expect(b.sellerShare).toBeLessThanOrEqual(b.order.amountPaidCents)
      shopNet += b.commission - b.discountCost
    }
    expect(shopNet).toBe(2 * (15_000_000 - 5_000))
    // the first 3 completed sales of a new seller wait NEW_SELLER_HOLD_DAYS (7) before payout
    const held = await earnings(seller)
    expect(held).toMatchObject({ pending: 1_700_000, available: 0 })
    const entry = held.entries.find((e: { kind: string }) => e.kind === 'sale')
    expect(Date.parse(entry.availableAt)).toBe(now + 7 * DAY)
    const refused = await post(seller, '/api/payouts')
    expect(refused.statusCode).toBe(409)
    now += 7 * DAY
    expect(await earnings(seller)).toMatchObject({ pending: 0, available: 1_700_000 })
    const paid = await post(seller, '/api/payouts')
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().amount).toBe(1_700_000)
  })

  it('lets the fourth completed sale through at once', async () => {
    const seller = await newSeller()
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const buyer = await newBuyer()
      const { id } = await paidOrder(t, seller, buyer, { priceCents: 10_000 })
      await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: `Q${i}` })
      expect((await post(buyer, `/api/orders/${id}/confirm`)).statusCode).toBe(200)
      ids.push(id)
    }
    // 3 × $85 held, the fourth $85 available
    expect(await earnings(seller)).toMatchObject({ pending: 255, available: 85 })
  })
})

describe('linked accounts', () => {
  it('flags an order between accounts on one device, holds its payout until an admin dismisses the flag', async () => {
    const seller = await newSeller()
    const buyer = await newBuyer()
    const device = 'AAAAAAAAAAAAAAAAAAAAAA'
    await seenFrom(seller, { device })
    await seenFrom(buyer, { device })
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 20_000 })
    const [flag] = await flagsOf(id)
    expect(flag).toMatchObject({ kind: 'linked_accounts', status: 'open', userIds: [buyer.id, seller.id] })
    expect(flag!.detail).toMatchObject({ signals: ['device'], holdsPayout: true })
    expect(flag!.reason).toBe(
      "The buyer and the seller share the same device. The seller's money from this order is held until an admin dismisses the flag.",
    )
    // the admin sees it, with both accounts named
    const list = await get(admin, '/api/admin/flags')
    expect(list.statusCode).toBe(200)
    const shown = list.json().find((f: { _id: string }) => f._id === flag!.id)
    expect(shown.users.map((u: { email: string }) => u.email)).toEqual([buyer.email, seller.email])
    // completed and past the reserve, the money still waits for the admin
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'DEV1' })
    await post(buyer, `/api/orders/${id}/confirm`)
    now += 8 * DAY
    expect(await earnings(seller)).toMatchObject({ pending: 170, available: 0 })
    // only an admin decides; a decision is made once
    expect((await post(seller, `/api/admin/flags/${flag!.id}/resolve`, { outcome: 'dismissed' })).statusCode).toBe(403)
    const dismissed = await post(admin, `/api/admin/flags/${flag!.id}/resolve`, {
      outcome: 'dismissed',
      note: 'Flatmates',
    })
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', resolutionNote: 'Flatmates' })
    expect((await post(admin, `/api/admin/flags/${flag!.id}/resolve`, { outcome: 'confirmed' })).statusCode).toBe(404)
    expect(await earnings(seller)).toMatchObject({ pending: 0, available: 170 })
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'flag_dismissed'))
    expect(audit.map((a) => a.orderId)).toContain(id)
  })

  it('flags the same payout account, held as well', async () => {
    const seller = await newSeller()
    const buyerSeller = await newSeller() // a seller account buying: the payout account is what gives it away
    await post(seller, '/api/payout-account', { holderName: 'Pat  Jones', accountNumber: '9999 8888' })
    await post(buyerSeller, '/api/payout-account', { holderName: 'pat jones', accountNumber: '12348888' })
    const { id } = await paidOrder(t, seller, buyerSeller, { priceCents: 20_000 })
    const [flag] = await flagsOf(id)
    expect(flag!.detail).toMatchObject({ signals: ['payout_account'], holdsPayout: true })
    // confirmed as one person: the money stays held (the admin settles it by refunding the buyer)
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'PAY1' })
    await post(buyerSeller, `/api/orders/${id}/confirm`)
    now += 8 * DAY
    expect((await post(admin, `/api/admin/flags/${flag!.id}/resolve`, { outcome: 'confirmed' })).statusCode).toBe(200)
    expect(await earnings(seller)).toMatchObject({ pending: 170, available: 0 })
  })

  it('flags the same IP within a day, without holding the payout; days apart, or a private address, is no signal', async () => {
    const seller = await newSeller()
    const buyer = await newBuyer()
    await seenFrom(seller, { ip: '203.0.113.9' })
    await seenFrom(buyer, { ip: '203.0.113.9' })
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 20_000 })
    const [flag] = await flagsOf(id)
    expect(flag!.detail).toMatchObject({ signals: ['ip'], holdsPayout: false })
    expect(flag!.reason).toBe('The buyer and the seller share the same IP address within a day.')

    const seller2 = await newSeller()
    const buyer2 = await newBuyer()
    await seenFrom(seller2, { ip: '203.0.113.10' })
    now += 3 * DAY
    await seenFrom(buyer2, { ip: '203.0.113.10' })
    const apart = await paidOrder(t, seller2, buyer2, { priceCents: 20_000 })
    expect(await flagsOf(apart.id)).toEqual([])

    const seller3 = await newSeller()
    const buyer3 = await newBuyer()
    await seenFrom(seller3, { ip: '10.0.0.5' })
    await seenFrom(buyer3, { ip: '10.0.0.5' })
    const office = await paidOrder(t, seller3, buyer3, { priceCents: 20_000 })
    expect(await flagsOf(office.id)).toEqual([])
    // signals are kept hashed: the address itself is nowhere
    const rows = await t.database.db.select().from(accountSignals).where(eq(accountSignals.userId, seller.id))
    expect(JSON.stringify(rows)).not.toContain('203.0.113.9')
  })

  it('a confirmed link leaves the rating; an unconfirmed one keeps it', async () => {
    const seller = await newSeller()
    const buyer = await newBuyer()
    await seenFrom(seller, { ip: '203.0.113.77' })
    await seenFrom(buyer, { ip: '203.0.113.77' })
    const { id } = await paidOrder(t, seller, buyer, { priceCents: 20_000 })
    await post(seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: 'RATE1' })
    await post(buyer, `/api/orders/${id}/confirm`)
    expect((await post(buyer, `/api/orders/${id}/review`, { rating: 5, text: 'Perfect' })).statusCode).toBe(201)
    const rating = async () => (await t.app.inject({ url: `/api/sellers/${seller.id}` })).json().rating
    expect(await rating()).toMatchObject({ count: 1, average: 5 })
    const [flag] = await flagsOf(id)
    const confirmed = await post(admin, `/api/admin/flags/${flag!.id}/resolve`, {
      outcome: 'confirmed',
      note: 'Same person',
    })
    expect(confirmed.statusCode).toBe(200)
    expect(await rating()).toMatchObject({ count: 0, average: null })
  })

  it('refuses bad flag requests with the field named', async () => {
    expect((await get(admin, '/api/admin/flags?status=maybe')).json().message).toBe('status must be open or resolved')
    const bad = await post(admin, '/api/admin/flags/00000000-0000-4000-8000-000000000000/resolve', { outcome: 'ok' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('outcome must be confirmed or dismissed')
    const none = await post(admin, '/api/admin/flags/00000000-0000-4000-8000-000000000000/resolve', {
      outcome: 'dismissed',
    })
    expect(none.statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/admin/flags' })).statusCode).toBe(401)
  })
})

describe('identifying addresses', () => {
  it('keeps public addresses, drops loopback, private and link-local ones', () => {
    expect(identifyingIp('203.0.113.9')).toBe('203.0.113.9')
    expect(identifyingIp('::ffff:198.51.100.4')).toBe('198.51.100.4')
    expect(identifyingIp('2001:db8::1')).toBe('2001:db8::1')
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.0.1', '::1', 'fd00::1', 'fe80::1'])
      expect(identifyingIp(ip)).toBeUndefined()
  })
})

describe('the device cookie', () => {
  it('is set on a page view without one, first-party and HttpOnly, and kept when sent', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } })
    const cookie = res.cookies.find((c) => c.name === 'pb_device')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const again = await t.app.inject({
      url: '/',
      headers: { accept: 'text/html', cookie: `pb_device=${cookie!.value}` },
    })
    expect(again.cookies.find((c) => c.name === 'pb_device')).toBeUndefined()
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, 'nobody'))),
    ).toEqual([])
  })
})
