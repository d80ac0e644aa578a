import { and, asc, desc, eq, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { paidOrder } from '../../../test/order-fixtures.ts'
import { buildApp } from '../../app.ts'
import {
  auditLog,
  blocks,
  chatMessages,
  conversations,
  liveEvents,
  messageReports,
  notifications,
  outbox,
  users,
} from '../../db/schema/index.ts'

let now = Date.UTC(2026, 10, 20, 9)
let t: TestApp
let seller: Session
let admin: Session
let people = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL }, { clock: () => now })
  ;[seller, admin] = await Promise.all([
    signUp(t.app, { email: 'cv-seller@example.test', name: 'Sara Seller', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' }),
  ])
})
afterAll(() => t.close())

/** A new customer for each test: every account has its own message rate limit. */
const customer = (name = 'Bea Buyer') =>
  signUp(t.app, { email: `cv-buyer${++people}@example.test`, name, role: 'customer' })
const bag = (over: Parameters<typeof insertProduct>[2] = {}) =>
  insertProduct(t.database.db, seller.id, { title: 'Kelly 28', ...over })

const req = (s: Session | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: s ? s.bearer : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const start = (s: Session | undefined, productId: string, text: string) =>
  req(s, 'POST', '/api/conversations', { productId, text })
const send = (s: Session | undefined, id: string, text: string) =>
  req(s, 'POST', `/api/conversations/${id}/messages`, { text })
const list = (s: Session, query = '') => req(s, 'GET', `/api/conversations${query}`)
const thread = (s: Session | undefined, id: string, query = '') =>
  req(s, 'GET', `/api/conversations/${id}/messages${query}`)
const unread = async (s: Session) => (await req(s, 'GET', '/api/conversations/unread')).json().unread as number

const db = () => t.database.db
const conversationRow = async (id: string) =>
  (await db().select().from(conversations).where(eq(conversations.id, id)))[0]!
const messagesOf = (id: string) =>
  db().select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(asc(chatMessages.seq))

/** A conversation opened by a new customer about a new bag of the seller. */
async function opened(text = 'Hello, is it still available?') {
  const buyer = await customer()
  const product = await bag()
  const res = await start(buyer, product.id, text)
  expect(res.statusCode, res.body).toBe(201)
  return { buyer, product, id: res.json().conversationId as string, first: res.json() }
}

describe('POST /api/conversations', () => {
  it('opens the conversation of a bag and its buyer, then reuses it; seq, read marks and lastMessageAt are stored', async () => {
    const buyer = await customer()
    const product = await bag()
    const first = await start(buyer, product.id, '  Is the strap original?  ')
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ seq: 1, senderId: buyer.id, text: 'Is the strap original?', masked: false })
    now += 60_000
    const second = await start(buyer, product.id, 'And the dust bag?')
    expect(second.json()).toMatchObject({ seq: 2, conversationId: first.json().conversationId })
    const rows = await db().select().from(conversations).where(eq(conversations.productId, product.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      buyerId: buyer.id,
      sellerId: seller.id,
      lastSeq: 2,
      buyerReadSeq: 2,
      sellerReadSeq: 0,
    })
    expect(rows[0]!.lastMessageAt.getTime()).toBe(now)
    expect((await messagesOf(rows[0]!.id)).map((m) => [m.seq, m.text])).toEqual([
      [1, 'Is the strap original?'],
      [2, 'And the dust bag?'],
    ])
  })

  it('hides contact details before storing, and says so', async () => {
    const buyer = await customer()
    const res = await start(buyer, (await bag()).id, 'Call me on +44 7700 900123 or john at gmail dot com')
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ text: 'Call me on [hidden] or [hidden]', masked: true })
    const [stored] = await messagesOf(res.json().conversationId)
    expect(stored).toMatchObject({ text: 'Call me on [hidden] or [hidden]', masked: true })
    expect(JSON.stringify(await db().select().from(chatMessages))).not.toContain('7700 900123')
  })

  it('hides digits behind commas and other scripts, disguised links, payment handles and messenger invitations; prices, sizes and dates stay', async () => {
    const buyer = await customer()
    const written =
      'Call 0,7,7,0,0,9,0,0,1,2,3 or ٠٧٧٠٠ ٩٠٠١٢٣ or 07.70.0900 then 123, PayPal: johnsmith, photos on ' +
      'annabags[.]dev, or find me on signal. $1,250.00 for the bag, 35 × 27 × 17.5 cm, bought 12/03/2024.'
    const stored =
      'Call [hidden] or [hidden] or [hidden], PayPal: [hidden], photos on [hidden], or find me on [hidden]. ' +
      '$1,250.00 for the bag, 35 × 27 × 17.5 cm, bought 12/03/2024.'
    const res = await start(buyer, (await bag()).id, written)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ text: stored, masked: true })
    const [row] = await messagesOf(res.json().conversationId)
    expect(row).toMatchObject({ text: stored, masked: true })
    const everything = JSON.stringify(await db().select().from(chatMessages))
    for (const secret of ['0,7,7,0', '٩٠٠١٢٣', 'johnsmith', 'annabags', 'signal'])
      expect(everything).not.toContain(secret)
  })

  it("reads numbers as phone numbers of the shop's countries (SHOP_COUNTRIES)", async () => {
    const buyer = await customer()
    const product = await bag()
    // a serial number stays unless it is a possible phone number where the shop's members live: 07700900 is British
    const british = await start(buyer, product.id, 'Is serial 07700900 on the card?')
    expect(british.json()).toMatchObject({ text: 'Is serial [hidden] on the card?', masked: true })
    const us = await buildApp({ ...t.app.config, SHOP_COUNTRIES: ['US'] }, { database: t.database, clock: () => now })
    try {
      const res = await us.inject({
        method: 'POST',
        url: `/api/conversations/${british.json().conversationId}/messages`,
        headers: buyer.bearer,
        payload: { text: 'Is serial 07700900 on the card?' },
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ text: 'Is serial 07700900 on the card?', masked: false })
    } finally {
      await us.close()
    }
    expect((await messagesOf(british.json().conversationId)).map((m) => [m.text, m.masked])).toEqual([
      ['Is serial [hidden] on the card?', true],
      ['Is serial 07700900 on the card?', false],
    ])
  })

  it('keeps a message within 2,000 characters once its contact details are hidden', async () => {
    const buyer = await customer()
    const text = 'a@b.co '.repeat(285) // 1,995 characters; "[hidden]" is longer than each address
    const res = await start(buyer, (await bag()).id, text)
    expect(res.statusCode, res.body).toBe(201)
    expect([...res.json().text].length).toBeLessThanOrEqual(2000)
    expect(res.json().masked).toBe(true)
  })

  it.each([
    [{ text: 'Hi' }, 'productId is required'],
    [{ productId: 'PID' }, 'text is required'],
    [{ productId: 'PID', text: '' }, 'text is required'],
    [{ productId: 'PID', text: '   \n ' }, 'text is required'],
    [{ productId: 'PID', text: 'x'.repeat(2001) }, 'text must be at most 2000 characters'],
    [{ productId: 'PID', text: 42 }, 'text'],
  ])('refuses %j with 400 and stores nothing', async (payload, message) => {
    const buyer = await customer()
    const product = await bag()
    const body = { ...payload, ...('productId' in payload ? { productId: product.id } : {}) }
    const res = await req(buyer, 'POST', '/api/conversations', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(message)
    expect(await db().select().from(conversations).where(eq(conversations.productId, product.id))).toHaveLength(0)
  })

  it('answers 404 for an unknown or removed bag before the text is read, 403 for your own, 401 anonymous', async () => {
    const buyer = await customer()
    const unknown = await start(buyer, '00000000-0000-4000-8000-000000000000', '')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Product not found' })
    expect((await start(buyer, 'not-a-uuid', 'Hi')).statusCode).toBe(404)
    const removed = await bag({ status: 'removed' })
    expect((await start(buyer, removed.id, 'Hi')).statusCode).toBe(404)
    // a customer's own listing (listed before they became a customer)
    const own = await insertProduct(db(), buyer.id)
    const mine = await start(buyer, own.id, '')
    expect(mine.statusCode).toBe(403)
    expect(mine.json().message).toBe('This is your own listing: buyers write to you about it from its page.')
    expect((await start(undefined, own.id, 'Hi')).statusCode).toBe(401)
    // customers write first: a seller or an admin does not open conversations
    expect((await start(seller, (await bag()).id, 'Hi')).statusCode).toBe(403)
    expect((await start(admin, (await bag()).id, 'Hi')).statusCode).toBe(403)
  })

  it('refuses a first message about a sold bag (409) except from its buyer', async () => {
    const buyer = await customer()
    const { productId } = await paidOrder(t, seller, buyer)
    const stranger = await customer()
    const late = await start(stranger, productId, 'Do you have another?')
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This bag has been sold: only its buyer can write to the seller about it.')
    const mine = await start(buyer, productId, 'When will it ship?')
    expect(mine.statusCode, mine.body).toBe(201)
  })

  it('takes one seq per message when many arrive at once', async () => {
    const { buyer, id } = await opened()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? send(seller, id, `s${i}`) : send(buyer, id, `b${i}`))),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    const seqs = (await messagesOf(id)).map((m) => m.seq)
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect((await conversationRow(id)).lastSeq).toBe(9)
  })
})

describe('reading: lists, threads, unread counts', () => {
  it('lists own conversations newest activity first with the bag photo, last message and unread count', async () => {
    const buyer = await customer()
    const older = await bag({ title: 'Older bag' })
    const newer = await bag({ title: 'Newer bag' })
    const a = (await start(buyer, older.id, 'About the older one')).json().conversationId
    now += 60_000
    const b = (await start(buyer, newer.id, 'About the newer one')).json().conversationId
    now += 60_000
    await send(seller, a, 'Yes, it is available')
    const mine = (await list(buyer)).json()
    expect(mine.map((c: { _id: string }) => c._id)).toEqual([a, b])
    expect(mine[0]).toMatchObject({
      product: { _id: older.id, title: 'Older bag', img: older.thumb, price: 120.5 },
      buyer: { _id: buyer.id, name: 'Bea Buyer' },
      seller: { _id: seller.id, name: 'Sara Seller' },
      lastMessage: { seq: 2, text: 'Yes, it is available', senderId: seller.id },
      unread: 1,
      orderId: null,
      blocked: false,
    })
    expect(mine[1]).toMatchObject({ unread: 0 })
    expect(await unread(buyer)).toBe(1)
    // keyset paging: one at a time, following Link
    const page1 = await list(buyer, '?limit=1')
    expect(page1.json().map((c: { _id: string }) => c._id)).toEqual([a])
    const next = /<([^>]+)>; rel="next"/.exec(String(page1.headers.link))![1]!
    const page2 = await req(buyer, 'GET', next)
    expect(page2.json().map((c: { _id: string }) => c._id)).toEqual([b])
    expect(page2.headers.link).toBeUndefined()
    // one bag's conversations
    expect((await list(buyer, `?productId=${newer.id}`)).json().map((c: { _id: string }) => c._id)).toEqual([b])
    // the seller sees both, from their side
    const theirs = (await list(seller, `?productId=${older.id}`)).json()
    expect(theirs).toHaveLength(1)
    expect(theirs[0]).toMatchObject({ _id: a, unread: 0 })
  })

  it('pages the conversations of a member who buys and sells: newest first, ties by id, none lost or twice', async () => {
    // Mia asks about Sara's bags and is asked about her own (stored as a seller's: only customers may open a
    // conversation, and the list goes by the parties, not by roles): her list merges both sides, each from its index
    const mia = await customer('Mia Maker')
    const miaBags = await Promise.all([1, 2, 3].map(() => insertProduct(t.database.db, mia.id, { title: 'Mia bag' })))
    // who writes first about which bag, in this order: buying and selling mixed
    const asks: [Session, string][] = [
      [mia, (await bag()).id],
      [await customer(), miaBags[0]!.id],
      [await customer(), miaBags[0]!.id],
      [mia, (await bag()).id],
      [await customer(), miaBags[1]!.id],
      [mia, (await bag()).id],
      [mia, (await bag()).id],
      [await customer(), miaBags[2]!.id],
    ]
    const ids: string[] = []
    for (const [i, [who, productId]] of asks.entries()) {
      if (i % 3 === 0) now += 60_000 // three at each instant: equal last_message_at across page edges
      const res = await start(who, productId, 'Hello')
      expect(res.statusCode, res.body).toBe(201)
      ids.push(res.json().conversationId)
    }
    now += 60_000
    await send(mia, ids[1]!, 'Still for sale') // an older one moves to the top
    const rows = await db()
      .select({ id: conversations.id, at: conversations.lastMessageAt, buyerId: conversations.buyerId })
      .from(conversations)
      .where(or(eq(conversations.buyerId, mia.id), eq(conversations.sellerId, mia.id)))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    const expected = rows.map((r) => r.id)
    expect(expected).toHaveLength(8)
    expect(expected[0]).toBe(ids[1])
    expect(new Set(rows.map((r) => r.at.getTime())).size).toBe(4)

    /** Every page from `query` on, following Link (a list that repeats itself stops after 20 pages). */
    async function walk(query: string) {
      const seen: string[] = []
      let res = await list(mia, query)
      for (let pages = 1; pages <= 20; pages++) {
        expect(res.statusCode, res.body).toBe(200)
        seen.push(...res.json().map((c: { _id: string }) => c._id))
        const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1]
        if (!next) break
        res = await req(mia, 'GET', next)
      }
      return seen
    }
    expect(await walk('')).toEqual(expected)
    for (const limit of [1, 2, 3, 5]) expect(await walk(`?limit=${limit}`), `limit ${limit}`).toEqual(expected)
    // one bag's: on the selling side (two buyers), and on the buying side
    const onFirstBag = expected.filter((id) => id === ids[1] || id === ids[2])
    expect(await walk(`?productId=${miaBags[0]!.id}&limit=1`)).toEqual(onFirstBag)
    expect(await walk(`?productId=${asks[3]![1]}&limit=1`)).toEqual([ids[3]])
  })

  it('pages a thread newest first by seq; reading the newest page marks it read and tells both parties', async () => {
    const { buyer, id } = await opened('one')
    for (const text of ['two', 'three', 'four']) await send(buyer, id, text)
    expect(await unread(seller)).toBeGreaterThanOrEqual(4)
    const before = await unread(seller)
    const page1 = await thread(seller, id, '?limit=3')
    expect(page1.statusCode).toBe(200)
    expect(page1.json().map((m: { text: string }) => m.text)).toEqual(['four', 'three', 'two'])
    expect((await conversationRow(id)).sellerReadSeq).toBe(4)
    expect(await unread(seller)).toBe(before - 4)
    const next = /<([^>]+)>; rel="next"/.exec(String(page1.headers.link))![1]!
    const page2 = await req(seller, 'GET', next)
    expect(page2.json().map((m: { text: string }) => m.text)).toEqual(['one'])
    const events = await db().select().from(liveEvents).where(eq(liveEvents.type, 'conversation_read'))
    const read = events.filter((e) => (e.data as { conversationId: string }).conversationId === id)
    expect(read.map((e) => e.userId).sort()).toEqual([buyer.id, seller.id].sort())
    expect(read[0]!.data).toMatchObject({ side: 'seller', readSeq: 4 })
    // reading again moves nothing and tells nobody
    await thread(seller, id)
    const again = (await db().select().from(liveEvents).where(eq(liveEvents.type, 'conversation_read'))).filter(
      (e) => (e.data as { conversationId: string }).conversationId === id,
    )
    expect(again).toHaveLength(2)
    expect((await thread(seller, id, '?cursor=bm9wZQ')).statusCode).toBe(400)
    expect((await thread(seller, id, '?limit=0')).statusCode).toBe(400)
  })

  it("hides someone else's conversation (404) from strangers, sellers of other bags and admins", async () => {
    const { id } = await opened()
    const stranger = await customer()
    const otherSeller = await signUp(t.app, { email: `cv-other${++people}@example.test`, role: 'seller' })
    for (const who of [stranger, otherSeller, admin]) {
      expect((await thread(who, id)).statusCode).toBe(404)
      expect((await req(who, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404)
      const res = await send(who, id, '')
      expect(res.statusCode).toBe(404) // before the body (400)
      expect(res.json().message).toBe('Conversation not found')
    }
    expect((await thread(undefined, id)).statusCode).toBe(401)
    expect((await thread(stranger, 'nope')).statusCode).toBe(404)
    expect((await list(stranger)).json()).toEqual([])
    expect(await messagesOf(id)).toHaveLength(1)
  })

  it('GET /api/conversations/{id} answers the thread header for each party', async () => {
    const { buyer, id, product } = await opened()
    const res = await req(seller, 'GET', `/api/conversations/${id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ _id: id, product: { _id: product.id }, unread: 1 })
    expect((await req(buyer, 'GET', `/api/conversations/${id}`)).json().unread).toBe(0)
  })
})

describe('sending and what it sets off', () => {
  it('pushes a live message event to both parties and notifies (and mails) the recipient once per unread run', async () => {
    const { buyer, id } = await opened('First question')
    await send(buyer, id, 'Second question')
    const live = (await db().select().from(liveEvents).where(eq(liveEvents.type, 'message'))).filter(
      (e) => (e.data as { conversationId: string }).conversationId === id,
    )
    expect(live.map((e) => e.userId).sort()).toEqual([buyer.id, buyer.id, seller.id, seller.id].sort())
    expect(live[0]!.data).toMatchObject({ message: { conversationId: id, seq: 1, text: 'First question' } })
    const toSeller = async () =>
      (
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, seller.id), eq(notifications.link, `/dashboard/messages/${id}`)))
      ).length
    expect(await toSeller()).toBe(1)
    const mails = await db().select().from(outbox).where(eq(outbox.to, 'cv-seller@example.test'))
    const mail = mails.filter((m) => m.text.includes(`/dashboard/messages/${id}`))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe('New message about “Kelly 28”')
    expect(mail[0]!.text).toContain('First question')
    // the seller reads, then a new message notifies again
    await thread(seller, id)
    await send(buyer, id, 'Third question')
    expect(await toSeller()).toBe(2)
    // the seller's reply notifies the buyer
    await send(seller, id, 'Answer')
    const [toBuyer] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.kind, 'message')))
    expect(toBuyer).toMatchObject({
      text: 'Sara Seller sent you a message about “Kelly 28”',
      link: `/dashboard/messages/${id}`,
    })
  })

  it('refuses empty and too long messages with 400', async () => {
    const { buyer, id } = await opened()
    expect((await send(buyer, id, '')).json().message).toBe('text is required')
    const long = await send(buyer, id, 'x'.repeat(2001))
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('text must be at most 2000 characters')
    expect((await send(buyer, id, 'x'.repeat(2000))).statusCode).toBe(201)
  })

  it('answers a flood with 429 and Retry-After (30 messages a minute per account)', async () => {
    const { buyer, id } = await opened()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await send(buyer, id, `message ${i}`)).statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(29) // the first message counted too
    const flood = await send(buyer, id, 'one more')
    expect(flood.statusCode).toBe(429)
    expect(flood.headers['retry-after']).toBeDefined()
    expect(flood.json().error).toBe('Too Many Requests')
    expect(await messagesOf(id)).toHaveLength(30)
    // the other party is not limited by it
    expect((await send(seller, id, 'Slow down')).statusCode).toBe(201)
  })

  it("lets an order's buyer and seller write in its conversation; it links to the order", async () => {
    const buyer = await customer()
    const { id: orderId, productId } = await paidOrder(t, seller, buyer)
    const res = await req(seller, 'POST', `/api/orders/${orderId}/conversation`, { text: 'Shipping tomorrow!' })
    expect(res.statusCode, res.body).toBe(201)
    const again = await req(buyer, 'POST', `/api/orders/${orderId}/conversation`, { text: 'Thanks' })
    expect(again.json()).toMatchObject({ conversationId: res.json().conversationId, seq: 2 })
    const [c] = (await list(buyer, `?productId=${productId}`)).json()
    expect(c).toMatchObject({ orderId, unread: 0, lastMessage: { text: 'Thanks' } })
    const stranger = await customer()
    expect((await req(stranger, 'POST', `/api/orders/${orderId}/conversation`, { text: '' })).statusCode).toBe(404)
    expect((await req(admin, 'POST', `/api/orders/${orderId}/conversation`, { text: 'x' })).statusCode).toBe(403)
    expect((await req(buyer, 'POST', `/api/orders/${orderId}/conversation`, { text: '' })).statusCode).toBe(400)
  })
})

describe('the admin reads a conversation only once reported or while its order is disputed', () => {
  it('a disputed order: the admin reads its conversation (and cannot write); not before, not after', async () => {
    const buyer = await customer()
    const { id: orderId } = await paidOrder(t, seller, buyer)
    const id = (await req(buyer, 'POST', `/api/orders/${orderId}/conversation`, { text: 'Where is it?' })).json()
      .conversationId
    expect((await thread(admin, id)).statusCode).toBe(404)
    const ofOrder = (who: Session) => req(who, 'GET', `/api/orders/${orderId}/conversation`)
    expect((await ofOrder(buyer)).json()).toMatchObject({ _id: id, orderId })
    expect((await ofOrder(seller)).json()).toMatchObject({ _id: id, unread: 1 })
    expect((await ofOrder(admin)).statusCode).toBe(404)
    expect((await ofOrder(await customer())).statusCode).toBe(404)
    const move = (who: Session, path: string, payload: object) =>
      req(who, 'POST', `/api/orders/${orderId}/${path}`, payload)
    expect((await move(seller, 'ship', { carrier: 'DHL', trackingNumber: 'D1' })).statusCode).toBe(200)
    expect((await move(buyer, 'dispute', { reason: 'damaged', note: 'Torn' })).statusCode).toBe(200)
    const read = await thread(admin, id)
    expect(read.statusCode).toBe(200)
    expect(read.json().map((m: { text: string }) => m.text)).toEqual(['Where is it?'])
    expect((await ofOrder(admin)).json()).toMatchObject({ _id: id, buyer: { _id: buyer.id }, unread: 0 })
    // reading as a moderator marks nothing read
    expect((await conversationRow(id)).sellerReadSeq).toBe(0)
    const write = await send(admin, id, 'Hello')
    expect(write.statusCode).toBe(403)
    expect(write.json().message).toBe('Only the buyer and the seller can write in this conversation.')
    expect((await move(admin, 'resolve', { outcome: 'release', reason: 'Looks fine' })).statusCode).toBe(200)
    expect((await thread(admin, id)).statusCode).toBe(404)
    expect((await ofOrder(admin)).statusCode).toBe(404)
  })

  it('an order without messages yet answers null to its parties (and to an admin once disputed)', async () => {
    const buyer = await customer()
    const { id: orderId } = await paidOrder(t, seller, buyer)
    const res = await req(buyer, 'GET', `/api/orders/${orderId}/conversation`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('null')
    expect((await req(seller, 'GET', `/api/orders/${orderId}/conversation`)).body).toBe('null')
    const notYet = await req(admin, 'GET', `/api/orders/${orderId}/conversation`)
    expect(notYet.statusCode).toBe(404)
    expect(notYet.json().message).toBe('Conversation not found')
    expect((await req(await customer(), 'GET', `/api/orders/${orderId}/conversation`)).statusCode).toBe(404)
    expect((await req(buyer, 'GET', '/api/orders/nope/conversation')).json().message).toBe('Order not found')
    await req(seller, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'DHL', trackingNumber: 'D2' })
    await req(buyer, 'POST', `/api/orders/${orderId}/dispute`, { reason: 'damaged', note: 'Torn' })
    const disputed = await req(admin, 'GET', `/api/orders/${orderId}/conversation`)
    expect(disputed.statusCode).toBe(200)
    expect(disputed.body).toBe('null')
  })
})

describe('reporting a message and the moderation queue', () => {
  it('the other party reports; the admin reads the conversation, removes the message, the original is audited', async () => {
    const { buyer, id } = await opened('Pay me on the side and I give you a discount')
    const [msg] = await messagesOf(id)
    const report = (s: Session | undefined, payload: unknown = { reason: 'Asks to pay outside' }) =>
      req(s, 'POST', `/api/messages/${msg!.id}/report`, payload)
    const own = await report(buyer)
    expect(own.statusCode).toBe(403)
    expect(own.json().message).toBe('You cannot report your own message.')
    const stranger = await customer()
    expect((await report(stranger, {})).statusCode).toBe(404) // before the body
    expect((await report(admin)).statusCode).toBe(404) // not reported yet: not the admin's to see
    expect((await report(undefined)).statusCode).toBe(401)
    expect((await report(seller, { reason: '' })).json().message).toBe('reason is required')
    expect((await report(seller, { reason: 'x'.repeat(501) })).json().message).toBe(
      'reason must be at most 500 characters',
    )
    expect((await thread(admin, id)).statusCode).toBe(404)
    const made = await report(seller)
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ acknowledged: true, message: 'Thanks — our team will review this message.' })
    expect((await report(seller)).statusCode).toBe(409)
    expect((await conversationRow(id)).reportedAt?.getTime()).toBe(now)
    // the queue
    const queue = (await req(admin, 'GET', '/api/message-reports')).json()
    const item = queue.find((r: { _id: string }) => r._id === made.json().insertedId)
    expect(item).toMatchObject({
      reason: 'Asks to pay outside',
      reporter: { _id: seller.id, name: 'Sara Seller' },
      sender: { _id: buyer.id, name: 'Bea Buyer' },
      message: { _id: msg!.id, text: 'Pay me on the side and I give you a discount' },
      conversation: { _id: id, product: { title: 'Kelly 28' } },
      resolution: null,
    })
    expect((await req(seller, 'GET', '/api/message-reports')).statusCode).toBe(403)
    // now the admin may read it, and the reporter's admin cannot report (403: seen, not a party)
    expect((await thread(admin, id)).statusCode).toBe(200)
    expect((await req(admin, 'GET', `/api/conversations/${id}`)).json()).toMatchObject({ _id: id, unread: 0 })
    expect((await report(admin)).statusCode).toBe(403)
    // resolve: remove
    const resolveUrl = `/api/message-reports/${item._id}/resolve`
    expect((await req(admin, 'POST', resolveUrl, { action: 'burn' })).json().message).toBe(
      'action must be dismiss or remove',
    )
    expect((await req(seller, 'POST', resolveUrl, { action: 'remove' })).statusCode).toBe(403)
    const removed = await req(admin, 'POST', resolveUrl, { action: 'remove', note: 'Off-platform payment' })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json()).toMatchObject({ resolution: 'removed', resolvedBy: 'Ada' })
    const [stored] = await messagesOf(id)
    expect(stored!.text).toBe('This message was removed by a moderator.')
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'remove_message'))
    expect(audit).toMatchObject({
      actorId: admin.id,
      reason: 'Off-platform payment',
      detail: { messageId: msg!.id, text: 'Pay me on the side and I give you a discount' },
    })
    const twice = await req(admin, 'POST', resolveUrl, { action: 'dismiss' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('This report has already been resolved.')
    const unknownReport = await req(
      admin,
      'POST',
      '/api/message-reports/00000000-0000-4000-8000-000000000000/resolve',
      {},
    )
    expect(unknownReport.statusCode).toBe(404)
    expect(
      (await req(admin, 'GET', '/api/message-reports')).json().some((r: { _id: string }) => r._id === item._id),
    ).toBe(false)
    const resolved = (await req(admin, 'GET', '/api/message-reports?status=resolved')).json()
    expect(resolved.find((r: { _id: string }) => r._id === item._id)).toMatchObject({ resolution: 'removed' })
    // the admin keeps reading it (reported once, readable from then on)
    expect((await thread(admin, id)).statusCode).toBe(200)
  })

  it('a dismissed report leaves the message as it was', async () => {
    const { buyer, id } = await opened()
    await send(seller, id, 'You are rude')
    const msgs = await messagesOf(id)
    const made = await req(buyer, 'POST', `/api/messages/${msgs[1]!.id}/report`, { reason: 'Rude' })
    const done = await req(admin, 'POST', `/api/message-reports/${made.json().insertedId}/resolve`, {
      action: 'dismiss',
    })
    expect(done.json()).toMatchObject({ resolution: 'dismissed' })
    expect((await messagesOf(id))[1]!.text).toBe('You are rude')
    const [row] = await db().select().from(messageReports).where(eq(messageReports.id, made.json().insertedId))
    expect(row).toMatchObject({ resolution: 'dismissed', resolvedBy: admin.id })
  })
})

describe('blocks', () => {
  it('no messages either way; the blocker is told, the blocked member gets a neutral refusal; unblocking restores', async () => {
    const { buyer, id } = await opened()
    const blockRes = await req(seller, 'POST', `/api/blocks/${buyer.id}`)
    expect(blockRes.statusCode).toBe(200)
    expect(blockRes.json()).toMatchObject({ _id: buyer.id, name: 'Bea Buyer' })
    expect((await req(seller, 'POST', `/api/blocks/${buyer.id}`)).statusCode).toBe(200) // idempotent
    expect(await db().select().from(blocks).where(eq(blocks.blockedId, buyer.id))).toHaveLength(1)

    const mine = await send(seller, id, 'Hi')
    expect(mine.statusCode).toBe(403)
    expect(mine.json().message).toBe('You blocked this member. Unblock them to send a message.')
    const theirs = await send(buyer, id, '') // 403 before the body
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json().message).toBe('Messages cannot be sent in this conversation.')
    expect(theirs.body.toLowerCase()).not.toContain('block')
    // a new bag of the same seller: refused alike
    const other = await start(buyer, (await bag()).id, 'And this one?')
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe('Messages cannot be sent in this conversation.')
    // each side's view: only the blocker's says blocked
    expect((await req(seller, 'GET', `/api/conversations/${id}`)).json().blocked).toBe(true)
    expect((await req(buyer, 'GET', `/api/conversations/${id}`)).json().blocked).toBe(false)
    expect((await req(seller, 'GET', '/api/blocks')).json()).toEqual([
      { _id: buyer.id, name: 'Bea Buyer', createdAt: new Date(now).toISOString() },
    ])
    expect((await req(buyer, 'GET', '/api/blocks')).json()).toEqual([])
    // reading stays possible
    expect((await thread(buyer, id)).statusCode).toBe(200)

    const lifted = await req(seller, 'DELETE', `/api/blocks/${buyer.id}`)
    expect(lifted.json()).toEqual({ acknowledged: true, deletedCount: 1 })
    expect((await req(seller, 'DELETE', `/api/blocks/${buyer.id}`)).json().deletedCount).toBe(0)
    expect((await send(buyer, id, 'Hello again')).statusCode).toBe(201)
    expect((await send(seller, id, 'Hi')).statusCode).toBe(201)
  })

  it('refuses blocking yourself (400) and unknown or closed accounts (404)', async () => {
    const buyer = await customer()
    const self = await req(buyer, 'POST', `/api/blocks/${buyer.id}`)
    expect(self.statusCode).toBe(400)
    expect(self.json().message).toBe('You cannot block yourself.')
    expect((await req(buyer, 'POST', '/api/blocks/nobody')).statusCode).toBe(404)
    expect((await req(buyer, 'DELETE', '/api/blocks/nobody')).statusCode).toBe(404)
    expect((await req(undefined, 'POST', `/api/blocks/${seller.id}`)).statusCode).toBe(401)
    const closed = await customer()
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.id))
    expect((await req(buyer, 'POST', `/api/blocks/${closed.id}`)).statusCode).toBe(404)
  })

  it('a closed account takes no messages (neutral refusal)', async () => {
    const { buyer, id } = await opened()
    const otherSeller = await signUp(t.app, { email: `cv-closing${++people}@example.test`, role: 'seller' })
    const p = await insertProduct(db(), otherSeller.id)
    const c = (await start(buyer, p.id, 'Hi')).json().conversationId
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, otherSeller.id))
    expect((await send(buyer, c, 'Hello?')).json().message).toBe('Messages cannot be sent in this conversation.')
    expect((await send(buyer, id, 'Still here')).statusCode).toBe(201)
  })
})
