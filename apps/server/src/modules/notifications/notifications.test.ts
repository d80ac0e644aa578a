import { messages } from '@preloved/shared/messages'
import { NOTIFICATION_KINDS, notificationSchema, notificationSettingsSchema } from '@preloved/shared/notifications'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { ADDRESS, CARD, paidOrder } from '../../../test/order-fixtures.ts'
import {
  bookings,
  liveEvents,
  notificationSettings,
  notifications,
  outbox,
  users,
  wishlists,
} from '../../db/schema/index.ts'
import type { StoredLiveEvent } from '../live/live-bus.ts'
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS, unsubscribeKey } from '../mail/unsubscribe-token.ts'
import { notifyPriceDrop } from './notifications.service.ts'
import { notify, notifyDepsOf } from './notify.ts'

// docs/product/notifications.md: the notifications list, unread count and read marks; where notifications
// come from (price drops and sales of wishlisted bags, order moves); mail settings; the signed unsubscribe link.
let t: TestApp
let now = Date.UTC(2026, 10, 26, 9)
const DAY = 86_400_000
let seller: Session
let ann: Session
let ben: Session
let admin: Session
let people = 0

const SECRET = 'test-secret-test-secret-test-secret-0123'

beforeAll(async () => {
  t = await buildTestApp(
    { ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100', PUBLIC_URL: 'http://shop.test', PAYMENTS: 'test' },
    { clock: () => now },
  )
  ;[seller, ann, ben, admin] = await Promise.all([
    signUp(t.app, { email: 'n-seller@example.test', name: 'Sal Seller', role: 'seller' }),
    signUp(t.app, { email: 'n-ann@example.test', name: 'Ann Able', role: 'customer' }),
    signUp(t.app, { email: 'n-ben@example.test', name: 'Ben Baker', role: 'customer' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
})
afterAll(() => t.close())

const newCustomer = (name = 'Cat Customer') =>
  signUp(t.app, { email: `n-person${++people}@example.test`, name, role: 'customer' })
const get = (s: Session | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: s?.bearer ?? {} })
const send = (s: Session | undefined, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: s?.bearer ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const tell = (s: Session, text: string, kind: (typeof NOTIFICATION_KINDS)[number] = 'message') =>
  notify(notifyDepsOf(t.app), { userId: s.id, kind, text, link: '/dashboard/messages' })
const notificationsOf = (s: Session) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, s.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
const mailsTo = (s: Session) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, s.email)).orderBy(desc(outbox.createdAt))
const wish = async (s: Session, productId: string) => {
  const res = await send(s, 'POST', '/api/wishlists', { product_id: productId })
  expect(res.statusCode, res.body).toBe(200)
}
/** `buyer` buys this bag through the real routes (book, pay by the test card, record). */
async function buy(buyer: Session, productId: string) {
  const booked = await send(buyer, 'POST', '/api/bookings', {
    product_id: productId,
    number: '+1 555 0100',
    location: 'Leeds',
  })
  expect(booked.statusCode, booked.body).toBe(200)
  const bookingId = booked.json().insertedId as string
  await t.database.db.update(bookings).set({ address: ADDRESS }).where(eq(bookings.id, bookingId))
  const intent = await send(buyer, 'POST', '/api/create-payment-intent', { bookingId })
  expect(intent.statusCode, intent.body).toBe(200)
  const confirm = await send(buyer, 'POST', '/api/test-processor/confirm', {
    clientSecret: intent.json().clientSecret,
    card: CARD,
  })
  expect(confirm.statusCode, confirm.body).toBe(200)
  const paid = await send(buyer, 'POST', '/api/payments', { transactionId: confirm.json().transactionId, bookingId })
  expect(paid.statusCode, paid.body).toBe(200)
  return bookingId
}
const tokenIn = (headers: Record<string, string> | null) =>
  /[?&]token=([^>&\s]+)/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1]

describe('GET /api/notifications', () => {
  it('answers your own, newest first, in the shape every client reads, with X-Unread-Count and Link paging', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    for (let i = 1; i <= 5; i++) {
      now += 60_000
      await tell(me, `Message ${i}`)
    }
    await tell(other, 'Not yours')
    expect((await get(undefined, '/api/notifications')).statusCode).toBe(401)
    const page1 = await get(me, '/api/notifications?limit=2')
    expect(page1.statusCode, page1.body).toBe(200)
    expect(page1.headers['x-unread-count']).toBe('5')
    expect(page1.headers['cache-control']).toBe('no-store')
    const first = page1.json() as unknown[]
    expect(first.map((n) => notificationSchema.parse(n).text)).toEqual(['Message 5', 'Message 4'])
    expect(first[0]).toEqual({
      _id: expect.any(String),
      kind: 'message',
      text: 'Message 5',
      link: '/dashboard/messages',
      read: false,
      createdAt: new Date(now).toISOString(),
    })
    const texts: string[] = first.map((n) => (n as { text: string }).text)
    let link = String(page1.headers.link ?? '')
    while (link) {
      const next = /<([^>]+)>; rel="next"/.exec(link)![1]!
      const page = await get(me, next)
      expect(page.statusCode).toBe(200)
      texts.push(...page.json().map((n: { text: string }) => n.text))
      link = String(page.headers.link ?? '')
    }
    expect(texts).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1'])
    expect((await get(other, '/api/notifications')).json().map((n: { text: string }) => n.text)).toEqual(['Not yours'])
  })

  it('pages notifications of one instant by id: none skipped or repeated where a page ends among them', async () => {
    const me = await newCustomer()
    now += 60_000
    for (let i = 1; i <= 5; i++) await tell(me, `Same minute ${i}`)
    now += 60_000
    await tell(me, 'Newest')
    const stored = await notificationsOf(me)
    expect(new Set(stored.map((n) => n.createdAt.getTime())).size).toBe(2)
    const expected = stored.map((n) => n.id)
    for (const limit of [1, 2, 4]) {
      const ids: string[] = []
      let res = await get(me, `/api/notifications?limit=${limit}`)
      for (let pages = 1; pages <= 10; pages++) {
        expect(res.statusCode, res.body).toBe(200)
        ids.push(...res.json().map((n: { _id: string }) => n._id))
        const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1]
        if (!next) break
        res = await get(me, next)
      }
      expect(ids, `limit ${limit}`).toEqual(expected)
    }
  })

  it('refuses a bad limit or cursor with 400 naming it', async () => {
    const me = await newCustomer()
    const over = await get(me, '/api/notifications?limit=101')
    expect(over.statusCode).toBe(400)
    expect(over.json().message).toContain('limit')
    expect((await get(me, '/api/notifications?cursor=bm9wZQ')).statusCode).toBe(400)
    expect((await get(me, '/api/notifications?cursor=%27%3B--')).statusCode).toBe(400)
  })

  it('GET /api/notifications/unread answers the bell its count', async () => {
    const me = await newCustomer()
    expect((await get(undefined, '/api/notifications/unread')).statusCode).toBe(401)
    expect((await get(me, '/api/notifications/unread')).json()).toEqual({ unread: 0 })
    await tell(me, 'One')
    await tell(me, 'Two')
    expect((await get(me, '/api/notifications/unread')).json()).toEqual({ unread: 2 })
  })

  it('pushes each new notification live, with the unread count', async () => {
    const me = await newCustomer()
    const got: StoredLiveEvent[] = []
    const stop = t.app.live.subscribe(me.id, (e) => got.push(e))
    await tell(me, 'Live one')
    stop()
    expect(got).toHaveLength(1)
    expect(got[0]).toMatchObject({
      type: 'notification',
      data: { unread: 1, notification: { text: 'Live one', read: false } },
    })
  })
})

describe('POST /api/notifications/read', () => {
  it('marks your own by id; ids of others, unknown or malformed are ignored, never marked', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    await tell(me, 'Mine A')
    now += 1000
    await tell(me, 'Mine B')
    await tell(other, 'Theirs')
    const [mineB, mineA] = await notificationsOf(me)
    const [theirs] = await notificationsOf(other)
    const res = await send(me, 'POST', '/api/notifications/read', {
      ids: [mineA!.id, theirs!.id, '00000000-0000-4000-8000-000000000000', 'not-an-id', mineA!.id.toUpperCase()],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ marked: 1, unread: 1 })
    const [b, a] = await notificationsOf(me)
    expect(a!.readAt).toEqual(new Date(now))
    expect(b!.readAt).toBeNull()
    expect((await notificationsOf(other))[0]!.readAt).toBeNull()
    expect(mineB!.id).toBe(b!.id)
    // the list says which are read
    const list = (await get(me, '/api/notifications')).json() as { text: string; read: boolean }[]
    expect(list.map((n) => [n.text, n.read])).toEqual([
      ['Mine B', false],
      ['Mine A', true],
    ])
    // marking again changes nothing
    expect((await send(me, 'POST', '/api/notifications/read', { ids: [mineA!.id] })).json()).toEqual({
      marked: 0,
      unread: 1,
    })
  })

  it('marks all of your own with { all: true }, and no one else’s', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    await tell(me, 'A')
    await tell(me, 'B')
    await tell(other, 'C')
    const got: StoredLiveEvent[] = []
    const stop = t.app.live.subscribe(me.id, (e) => got.push(e))
    expect((await send(me, 'POST', '/api/notifications/read', { all: true })).json()).toEqual({ marked: 2, unread: 0 })
    stop()
    // the user's other pages update their bell
    expect(got.map((e) => e.data)).toEqual([{ unread: 0 }])
    expect((await get(me, '/api/notifications')).headers['x-unread-count']).toBe('0')
    expect((await get(other, '/api/notifications/unread')).json()).toEqual({ unread: 1 })
  })

  it.each([
    ['nothing', {}],
    ['an empty list', { ids: [] }],
    ['all: false', { all: false }],
    ['ids not a list', { ids: 'x' }],
    ['too many ids', { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }],
  ])('refuses %s with 400, and anonymous callers with 401', async (_name, body) => {
    const me = await newCustomer()
    await tell(me, 'Stay unread')
    const res = await send(me, 'POST', '/api/notifications/read', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect((await send(undefined, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(401)
    expect((await get(me, '/api/notifications/unread')).json()).toEqual({ unread: 1 })
  })
})

describe('where notifications come from', () => {
  it('a lower price tells everyone who wishlisted the bag, in the app and by mail (a higher one tells no one)', async () => {
    const bag = await insertProduct(t.database.db, seller.id, { title: 'Kelly 28', resellPriceCents: 120_000 })
    const [wisher, quiet] = [await newCustomer('Wendy Wisher'), await newCustomer('Quinn Quiet')]
    await wish(wisher, bag.id)
    await wish(quiet, bag.id)
    // Quinn wants no price-drop mail (the bell still shows it)
    expect((await send(quiet, 'PUT', '/api/notification-settings', { mail: { price_drop: false } })).statusCode).toBe(
      200,
    )
    const res = await send(seller, 'PATCH', `/api/categoryDetails/${bag.id}`, { resell_price: 999.5 })
    expect(res.statusCode, res.body).toBe(200)
    const [n] = await notificationsOf(wisher)
    expect(n).toMatchObject({
      kind: 'price_drop',
      text: messages.notifications.priceDrop('Kelly 28', '$1,200.00', '$999.50'),
      link: `/product/${bag.id}`,
      readAt: null,
    })
    expect((await notificationsOf(quiet))[0]).toMatchObject({ kind: 'price_drop', link: `/product/${bag.id}` })
    const [mail] = await mailsTo(wisher)
    expect(mail!.subject).toBe('Price drop: Kelly 28')
    expect(mail!.text).toContain(`http://shop.test/product/${bag.id}`)
    expect(mail!.text).toContain('$999.50')
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/shop\.test\/api\/unsubscribe\?token=[\w.-]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(mail!.text).toContain('http://shop.test/unsubscribe?token=')
    expect(mail!.text).toContain('http://shop.test/dashboard/notification-settings')
    expect((await mailsTo(quiet)).filter((m) => m.subject.startsWith('Price drop'))).toEqual([])
    // the seller is not told of their own change; a higher price tells no one
    expect(await notificationsOf(seller)).toEqual([])
    expect((await send(seller, 'PATCH', `/api/categoryDetails/${bag.id}`, { resell_price: 1100 })).statusCode).toBe(200)
    expect(await notificationsOf(wisher)).toHaveLength(1)
    // a change that is not the price tells no one either
    expect(
      (await send(seller, 'PATCH', `/api/categoryDetails/${bag.id}`, { title: 'Kelly 28 Sellier' })).statusCode,
    ).toBe(200)
    expect(await notificationsOf(wisher)).toHaveLength(1)
  })

  it('a price drop is told only when 5 % or more below the price last heard of, and a bag’s drops once a day at most', async () => {
    const bag = await insertProduct(t.database.db, seller.id, { title: 'Speedy 30', resellPriceCents: 10_000 })
    const early = await newCustomer('Erin Early')
    await wish(early, bag.id) // at $100.00
    const patch = async (dollars: number) => {
      const res = await send(seller, 'PATCH', `/api/categoryDetails/${bag.id}`, { resell_price: dollars })
      expect(res.statusCode, res.body).toBe(200)
    }
    const drops = async (s: Session) => (await notificationsOf(s)).filter((n) => n.kind === 'price_drop')
    const dropMails = async (s: Session) => (await mailsTo(s)).filter((m) => m.subject.startsWith('Price drop'))
    // a cent, then to just above 5 % below what she saved it at: not worth telling
    await patch(99.99)
    await patch(95.01)
    expect(await drops(early)).toEqual([])
    expect(await dropMails(early)).toEqual([])
    // 5 % below the $100.00 she saved it at: told, from that price
    now += 60_000
    await patch(95)
    expect((await drops(early)).map((n) => n.text)).toEqual([
      messages.notifications.priceDrop('Speedy 30', '$100.00', '$95.00'),
    ])
    expect(await dropMails(early)).toHaveLength(1)
    // who saves it now hears against today's price
    const late = await newCustomer('Lou Late')
    await wish(late, bag.id) // at $95.00
    // a deeper drop the same day: Erin, told an hour ago, waits a day; Lou hears of it (from the $95.00 he saved at)
    now += 3_600_000
    await patch(80)
    expect(await drops(early)).toHaveLength(1)
    expect((await drops(late)).map((n) => n.text)).toEqual([
      messages.notifications.priceDrop('Speedy 30', '$95.00', '$80.00'),
    ])
    // a day after she was told: Erin is told against the $95.00 she last heard of; to Lou, told of $80.00, it is a
    // cent on the dollar
    now += DAY
    await patch(79)
    expect((await drops(early)).map((n) => n.text)).toEqual([
      messages.notifications.priceDrop('Speedy 30', '$95.00', '$79.00'),
      messages.notifications.priceDrop('Speedy 30', '$100.00', '$95.00'),
    ])
    expect(await drops(late)).toHaveLength(1)
    expect(await dropMails(early)).toHaveLength(2)
    expect(await dropMails(late)).toHaveLength(1)
    // the next day, a cent lower: nothing for either
    now += DAY
    await patch(78.99)
    expect(await drops(early)).toHaveLength(2)
    expect(await drops(late)).toHaveLength(1)
    const entries = await t.database.db.select().from(wishlists).where(eq(wishlists.productId, bag.id))
    expect(entries.map((e) => e.toldPriceCents).sort()).toEqual([7900, 8000])
  })

  it('two drops of one bag at the same moment tell each wishlister once', async () => {
    const bag = await insertProduct(t.database.db, seller.id, { title: 'Neverfull MM', resellPriceCents: 20_000 })
    const fans = [await newCustomer(), await newCustomer(), await newCustomer()]
    for (const fan of fans) await wish(fan, bag.id)
    now += 2 * DAY
    await Promise.all([
      notifyPriceDrop(notifyDepsOf(t.app), bag.id, 20_000, 15_000),
      notifyPriceDrop(notifyDepsOf(t.app), bag.id, 20_000, 14_000),
    ])
    for (const fan of fans) expect((await notificationsOf(fan)).filter((n) => n.kind === 'price_drop')).toHaveLength(1)
  })

  it('a sale tells the others who wishlisted the bag (not the buyer), and each party of the order under the bell', async () => {
    const bag = await insertProduct(t.database.db, seller.id, { title: 'Lady Dior', resellPriceCents: 30_000 })
    const [buyer, loser] = [await newCustomer('Bea Buyer'), await newCustomer('Lou Loser')]
    await wish(buyer, bag.id)
    await wish(loser, bag.id)
    const orderId = await buy(buyer, bag.id)
    const [lost] = await notificationsOf(loser)
    expect(lost).toMatchObject({
      kind: 'wishlist_sold',
      text: messages.notifications.wishlistSold('Lady Dior'),
      link: `/product/${bag.id}`,
    })
    expect((await mailsTo(loser))[0]!.subject).toBe(messages.notifications.wishlistSoldSubject('Lady Dior'))
    // the buyer hears of the order, not of "their" wishlisted bag selling
    const mine = await notificationsOf(buyer)
    expect(mine.map((n) => [n.kind, n.text, n.link])).toEqual([
      ['order', messages.orderMail.receiptSubject('Lady Dior'), `/dashboard/orders/${orderId}`],
    ])
    const sellers = (await notificationsOf(seller)).filter((n) => n.link === `/dashboard/orders/${orderId}`)
    expect(sellers.map((n) => [n.kind, n.text])).toEqual([['order', messages.orderMail.soldSubject('Lady Dior')]])
  })

  it('order moves notify the party they concern, and their mails are always sent with a link to the settings', async () => {
    const buyer = await newCustomer('Otto Order')
    const { id } = await paidOrder(t, seller, buyer)
    // the buyer turned everything off: order mail still comes
    await send(buyer, 'PUT', '/api/notification-settings', {
      mail: Object.fromEntries(NOTIFICATION_KINDS.filter((k) => k !== 'order').map((k) => [k, false])),
    })
    now += 60_000
    const shipped = await send(seller, 'POST', `/api/orders/${id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    const [latest] = await notificationsOf(buyer)
    expect(latest).toMatchObject({ kind: 'order', link: `/dashboard/orders/${id}` })
    expect(latest!.text).toMatch(/^Shipped: /)
    const [mail] = await mailsTo(buyer)
    expect(mail!.subject).toMatch(/^Shipped: /)
    expect(mail!.text).toContain(
      messages.notifications.footerAlways('http://shop.test/dashboard/notification-settings'),
    )
    // its one-click header turns off every kind that can be, never order mail
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })
})

describe('message mail, grouped (decision 033)', () => {
  const sellerMessageMails = async (from: string) =>
    (await mailsTo(seller)).filter((m) => m.subject.startsWith('New message about') && m.text.includes(from))
  const sellerMessageNotifications = async (from: string) =>
    (await notificationsOf(seller)).filter((n) => n.kind === 'message' && n.text.startsWith(from))
  const open = async (s: Session, productId: string, text: string) => {
    const res = await send(s, 'POST', '/api/conversations', { productId, text })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().conversationId as string
  }

  it('one member opening 24 conversations with a seller in seconds mails them once; the bell tells each', async () => {
    const spammer = await newCustomer('Sam Spammer')
    const bags = await Promise.all(
      Array.from({ length: 24 }, (_, i) => insertProduct(t.database.db, seller.id, { title: `Spam bag ${i}` })),
    )
    const events = async () =>
      (await t.database.db.select().from(liveEvents).where(eq(liveEvents.userId, seller.id))).filter(
        (e) => e.type === 'notification' && JSON.stringify(e.data).includes('Sam Spammer'),
      ).length
    // half of them one after another, half at the same moment
    for (const b of bags.slice(0, 12)) await open(spammer, b.id, `About ${b.title}`)
    await Promise.all(bags.slice(12).map((b) => open(spammer, b.id, `About ${b.title}`)))
    expect(await sellerMessageNotifications('Sam Spammer')).toHaveLength(24)
    expect(await events()).toBe(24)
    const mails = await sellerMessageMails('Sam Spammer')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('About Spam bag 0')
    // another member's message is mailed as before
    const other = await newCustomer('Olive Other')
    await open(other, bags[0]!.id, 'Is it real?')
    expect(await sellerMessageMails('Olive Other')).toHaveLength(1)
    // fifteen minutes on, the spammer's next unread message is mailed again
    now += 15 * 60_000
    const more = await insertProduct(t.database.db, seller.id, { title: 'Spam bag 24' })
    await open(spammer, more.id, 'And this one?')
    expect(await sellerMessageMails('Sam Spammer')).toHaveLength(2)
    expect(await sellerMessageNotifications('Sam Spammer')).toHaveLength(25)
  })

  it('in one conversation: a message after the recipient read is told in the app, and mailed once 15 minutes passed', async () => {
    const chatty = await newCustomer('Cleo Chatty')
    const b = await insertProduct(t.database.db, seller.id, { title: 'Chatty bag' })
    const id = await open(chatty, b.id, 'Hello?')
    expect(await sellerMessageMails('Cleo Chatty')).toHaveLength(1)
    const readAll = async () => expect((await get(seller, `/api/conversations/${id}/messages`)).statusCode).toBe(200)
    const write = async (text: string) =>
      expect((await send(chatty, 'POST', `/api/conversations/${id}/messages`, { text })).statusCode).toBe(201)
    // the seller reads; five minutes on Cleo writes again: the bell tells it, no second mail
    await readAll()
    now += 5 * 60_000
    await write('Still there?')
    expect(await sellerMessageNotifications('Cleo Chatty')).toHaveLength(2)
    expect(await sellerMessageMails('Cleo Chatty')).toHaveLength(1)
    // unread messages of the same run add nothing anywhere
    await write('Hello??')
    expect(await sellerMessageNotifications('Cleo Chatty')).toHaveLength(2)
    // read again, and fifteen minutes after the mail: mailed
    await readAll()
    now += 10 * 60_000
    await write('Last try')
    expect(await sellerMessageNotifications('Cleo Chatty')).toHaveLength(3)
    const mails = await sellerMessageMails('Cleo Chatty')
    expect(mails).toHaveLength(2)
    expect(mails.some((m) => m.text.includes('Last try'))).toBe(true)
  })
})

describe('GET|PUT /api/notification-settings', () => {
  it('answers every kind, on by default, and order updates as always mailed', async () => {
    const me = await newCustomer()
    expect((await get(undefined, '/api/notification-settings')).statusCode).toBe(401)
    const res = await get(me, '/api/notification-settings')
    expect(res.statusCode).toBe(200)
    const settings = notificationSettingsSchema.parse(res.json())
    expect(settings.always).toEqual(['order'])
    expect(Object.keys(settings.mail).sort()).toEqual([...NOTIFICATION_KINDS].sort())
    expect(Object.values(settings.mail).every(Boolean)).toBe(true)
  })

  it('changes the kinds it names and keeps the others; stored per user', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    const res = await send(me, 'PUT', '/api/notification-settings', { mail: { message: false, saved_search: false } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().mail).toMatchObject({ message: false, saved_search: false, price_drop: true, order: true })
    await send(me, 'PUT', '/api/notification-settings', { mail: { message: true } })
    expect((await get(me, '/api/notification-settings')).json().mail).toMatchObject({
      message: true,
      saved_search: false,
    })
    expect(Object.values((await get(other, '/api/notification-settings')).json().mail).every(Boolean)).toBe(true)
    const rows = await t.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, me.id))
    expect(rows.map((r) => [r.kind, r.mail]).sort()).toEqual([
      ['message', true],
      ['saved_search', false],
    ])
  })

  it.each([
    ['order turned off', { mail: { order: false } }, messages.notifications.alwaysMailedError],
    ['an unknown kind', { mail: { spam: false } }, undefined],
    ['not true or false', { mail: { message: 'no' } }, undefined],
    ['no mail', {}, undefined],
    ['mail not an object', { mail: [true] }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const me = await newCustomer()
    const res = await send(me, 'PUT', '/api/notification-settings', { ...body, ...{} })
    expect(res.statusCode, res.body).toBe(400)
    if (message) expect(res.json().message).toBe(message)
    expect(
      await t.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, me.id)),
    ).toEqual([])
  })

  it('accepts order: true (nothing to change)', async () => {
    const me = await newCustomer()
    const res = await send(me, 'PUT', '/api/notification-settings', { mail: { order: true, review: false } })
    expect(res.statusCode).toBe(200)
    expect(res.json().mail).toMatchObject({ order: true, review: false })
  })
})

describe('the signed unsubscribe link of every mail', () => {
  /** A price-drop mail to a new wisher, and the token of its List-Unsubscribe header. */
  async function priceDropMail() {
    const wisher = await newCustomer('Uma Unsub')
    const bag = await insertProduct(t.database.db, seller.id, { resellPriceCents: 50_000 })
    await wish(wisher, bag.id)
    expect((await send(seller, 'PATCH', `/api/categoryDetails/${bag.id}`, { resell_price: 400 })).statusCode).toBe(200)
    const [mail] = await mailsTo(wisher)
    const token = tokenIn(mail!.headers)
    expect(token).toBeTruthy()
    return { wisher, token: token!, mail: mail! }
  }
  const mailOf = async (s: Session) => (await get(s, '/api/notification-settings')).json().mail

  it('one click (RFC 8058: a form POST to the header’s URL, no sign-in) turns that kind off for that account only', async () => {
    const { wisher, token } = await priceDropMail()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ scope: 'price_drop', labels: ['Price drops on wishlisted bags'], off: true })
    expect(await mailOf(wisher)).toMatchObject({ price_drop: false, message: true, saved_search: true })
    expect(Object.values(await mailOf(ann)).every(Boolean)).toBe(true)
    // again: nothing more changes, still 200
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(200)
  })

  it('opened in a browser (GET) it leads to the confirmation page and changes nothing; the page previews and confirms', async () => {
    const { wisher, token } = await priceDropMail()
    const open = await t.app.inject({ url: `/api/unsubscribe?token=${token}` })
    expect(open.statusCode).toBe(303)
    expect(open.headers.location).toBe(`/unsubscribe?token=${token}`)
    const preview = await t.app.inject({ url: `/api/unsubscribe/preview?token=${token}` })
    expect(preview.json()).toEqual({ scope: 'price_drop', labels: ['Price drops on wishlisted bags'], off: false })
    expect((await mailOf(wisher)).price_drop).toBe(true)
    // the page's button sends the token as JSON, with or without a session
    const confirm = await send(ben, 'POST', '/api/unsubscribe', { token })
    expect(confirm.statusCode, confirm.body).toBe(200)
    expect((await mailOf(wisher)).price_drop).toBe(false)
    expect((await mailOf(ben)).price_drop).toBe(true)
  })

  it('a receipt’s link (a mail that cannot be turned off) turns off every kind that can be, never order mail', async () => {
    const buyer = await newCustomer('Rita Receipt')
    await paidOrder(t, seller, buyer)
    const receipt = (await mailsTo(buyer)).find((m) => m.subject.startsWith('Your receipt'))!
    expect(receipt.text).toContain('always sent')
    const token = tokenIn(receipt.headers)!
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().scope).toBe('all')
    const mail = await mailOf(buyer)
    expect(mail.order).toBe(true)
    expect(
      Object.entries(mail)
        .filter(([k]) => k !== 'order')
        .every(([, on]) => on === false),
    ).toBe(true)
  })

  it('refuses a forged, altered, other-secret, expired or missing token with 400, changing nothing', async () => {
    const { wisher, token } = await priceDropMail()
    const [version, payload, signature] = token.split('.') as [string, string, string]
    const otherUser = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(wisher.id, ann.id)).toString(
      'base64url',
    )
    const otherKind = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('price_drop', 'all')).toString(
      'base64url',
    )
    const later = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/\|\d+$/, '|9999999999'),
    ).toString('base64url')
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
    const foreign = signUnsubscribeToken(unsubscribeKey(`${SECRET}-other`), wisher.id, 'price_drop', new Date(now))
    const invalid = [
      `${version}.${otherUser}.${signature}`,
      `${version}.${otherKind}.${signature}`,
      `${version}.${later}.${signature}`,
      `${version}.${payload}.${flipped}`,
      `${version}.${payload}`,
      `v9.${payload}.${signature}`,
      foreign,
      'garbage',
      `${token}.x`,
    ]
    for (const bad of invalid) {
      for (const res of [
        await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(bad)}` }),
        await t.app.inject({ url: `/api/unsubscribe/preview?token=${encodeURIComponent(bad)}` }),
      ]) {
        expect(res.statusCode, `${bad}: ${res.body}`).toBe(400)
        expect(res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: messages.notifications.unsubscribeInvalid,
        })
      }
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/unsubscribe' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(messages.notifications.unsubscribeMissing)
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${'x'.repeat(601)}` })).statusCode).toBe(
      400,
    )
    // a token of the user's own kind is fine, but once past its date it is refused as expired
    const saved = now
    now += (UNSUBSCRIBE_LINK_DAYS + 1) * DAY
    const expired = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })
    now = saved
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(messages.notifications.unsubscribeExpired)
    // nothing changed for anyone
    expect(Object.values(await mailOf(wisher)).every(Boolean)).toBe(true)
    expect(Object.values(await mailOf(ann)).every(Boolean)).toBe(true)
  })

  it('a token for an account deleted since is refused', async () => {
    const { wisher, token } = await priceDropMail()
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(now) })
      .where(eq(users.id, wisher.id))
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })
    expect(res.statusCode).toBe(400)
    expect(
      await t.database.db
        .select()
        .from(notificationSettings)
        .where(and(eq(notificationSettings.userId, wisher.id))),
    ).toEqual([])
  })

  it('every mail carries the headers, stored in the outbox and shown to admins', async () => {
    const { wisher } = await priceDropMail()
    // account mail to an account (a password reset) carries a one-click link too
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: 'http://shop.test' },
      payload: { email: wisher.email, redirectTo: '/reset-password' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    const mails = await mailsTo(wisher)
    expect(mails.length).toBeGreaterThanOrEqual(2)
    for (const m of mails) {
      expect(m.headers?.['List-Unsubscribe'], m.subject).toMatch(/^<http:\/\/shop\.test\/api\/unsubscribe\?token=/)
      expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    }
    const shown = (await get(admin, '/api/outbox')).json() as { to: string; headers?: Record<string, string> }[]
    const theirs = shown.filter((m) => m.to === wisher.email)
    expect(theirs).toHaveLength(mails.length)
    for (const m of theirs) expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })
})
