import { messages } from '@preloved/shared/messages'
import { SAVED_SEARCHES_MAX, savedSearchSchema } from '@preloved/shared/notifications'
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { listingBody } from '../../../test/fixtures.ts'
import { paidOrder } from '../../../test/order-fixtures.ts'
import { statementsOf } from '../../../test/statements.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import { buildApp } from '../../app.ts'
import {
  blocks,
  listingMatchesPending,
  notifications,
  outbox,
  products,
  savedSearches,
  users,
} from '../../db/schema/index.ts'
import { notifyDepsOf } from '../notifications/notify.ts'
import { MATCH_ATTEMPTS_MAX } from './saved-searches.repository.ts'
import { matchNewListings, sweepSavedSearchDigests } from './saved-searches.service.ts'

// docs/product/notifications.md#saved-searches: saved searches (POST/GET/PATCH/DELETE /api/saved-searches, at most 20), new
// matching listings notified in the app by the matching job (decision 033: off the request path, run here by hand),
// and mailed at most once a day by a sweep that two instances can run at the same time.
let t: TestApp
let now = Date.UTC(2026, 10, 26, 9)
const DAY = 86_400_000
let seller: Session
let verifiedSeller: Session
let admin: Session
let photo: string
let verifiedPhoto: string
let people = 0

beforeAll(async () => {
  t = await buildTestApp(
    // the matching job runs when a test says so (and at start), never on its own in the middle of one
    {
      ADMIN_EMAIL,
      RATE_LIMIT_FACTOR: '100',
      PUBLIC_URL: 'http://shop.test',
      PAYMENTS: 'test',
      SAVED_SEARCH_MATCH_SECONDS: '86400',
    },
    { clock: () => now },
  )
  ;[seller, verifiedSeller, admin] = await Promise.all([
    signUp(t.app, { email: 's-seller@example.test', name: 'Sid Seller', role: 'seller' }),
    signUp(t.app, { email: 's-verified@example.test', name: 'Vera Verified', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  await t.database.db.update(users).set({ verified: true }).where(eq(users.id, verifiedSeller.id))
  photo = await uploadPhoto(t.app, seller, '#223344')
  verifiedPhoto = await uploadPhoto(t.app, verifiedSeller, '#443322')
})
afterAll(() => t.close())

const newCustomer = (name = 'Sam Saver') =>
  signUp(t.app, { email: `s-person${++people}@example.test`, name, role: 'customer' })
const get = (s: Session | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: s?.bearer ?? {} })
const send = (s: Session | undefined, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: s?.bearer ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const save = (s: Session, name: string, query: string) => send(s, 'POST', '/api/saved-searches', { name, query })
/** A listing made through the API by the (unverified) seller, or another seller. */
async function list(over: Record<string, unknown>, who: Session = seller) {
  const res = await send(who, 'POST', '/api/categoryDetails', listingBody(who === seller ? photo : verifiedPhoto, over))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().insertedId as string
}
/** The matching job, as the app runs it every SAVED_SEARCH_MATCH_SECONDS. */
const match = () => matchNewListings(notifyDepsOf(t.app))
/** A listing made through the API, then the matching job run. */
async function listAndMatch(over: Record<string, unknown>, who: Session = seller) {
  const id = await list(over, who)
  await match()
  return id
}
const savedOf = (s: Session) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, s.id), eq(notifications.kind, 'saved_search')))
    .orderBy(desc(notifications.createdAt))
const pendingOf = (productId: string) =>
  t.database.db.select().from(listingMatchesPending).where(eq(listingMatchesPending.productId, productId))
const unmailedOf = async (s: Session) =>
  (await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, s.id))).map((r) => r.unmailed)
const digestsTo = (s: Session) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, s.email)))
    .then((rows) => rows.filter((m) => m.subject.includes('saved search')))

describe('POST|GET|PATCH|DELETE /api/saved-searches', () => {
  it('saves a /search query by name, normalised, and lists your own, newest first', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    expect((await save(other, 'Theirs', 'q=bag')).statusCode).toBe(201)
    const res = await save(
      me,
      '  Black Chanel  ',
      '?colour=black&brand=chanel&q=%20flap%20&limit=12&cursor=abc&brand=chanel&x=1',
    )
    expect(res.statusCode, res.body).toBe(201)
    const saved = savedSearchSchema.parse(res.json())
    expect(saved).toEqual({
      _id: expect.any(String),
      name: 'Black Chanel',
      query: 'q=flap&brand=chanel&colour=black',
      createdAt: new Date(now).toISOString(),
    })
    now += 1000
    expect((await save(me, 'Cheap totes', 'category=Tote&maxPrice=200&sort=price_asc')).statusCode).toBe(201)
    const listed = await get(me, '/api/saved-searches')
    expect(listed.statusCode).toBe(200)
    expect(listed.json().map((s: { name: string; query: string }) => [s.name, s.query])).toEqual([
      ['Cheap totes', 'category=Tote&maxPrice=200&sort=price_asc'],
      ['Black Chanel', 'q=flap&brand=chanel&colour=black'],
    ])
    expect((await get(undefined, '/api/saved-searches')).statusCode).toBe(401)
    expect((await send(undefined, 'POST', '/api/saved-searches', { name: 'x', query: 'q=x' })).statusCode).toBe(401)
  })

  it.each([
    ['an unknown brand', 'brand=no-such-brand', 'brand'],
    ['an unknown colour', 'colour=neon', 'colour'],
    ['minPrice over maxPrice', 'minPrice=500&maxPrice=100', 'minPrice'],
    ['a price that is not a number', 'maxPrice=cheap', 'maxPrice'],
    ['a bad sort', 'sort=random', 'sort'],
  ])('refuses a query /search would refuse (%s) with 400 naming it', async (_name, query, word) => {
    const me = await newCustomer()
    const res = await save(me, 'Bad', query)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toMatch(/^query is not a search: /)
    expect(res.json().message).toContain(word)
    expect(await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))).toEqual([])
  })

  it.each([
    ['no name', { query: 'q=tote' }],
    ['a blank name', { name: '   ', query: 'q=tote' }],
    ['a long name', { name: 'x'.repeat(81), query: 'q=tote' }],
    ['no query', { name: 'Totes' }],
    ['a long query', { name: 'Totes', query: `q=${'a'.repeat(1000)}` }],
  ])('refuses %s with 400', async (_name, body) => {
    const me = await newCustomer()
    const res = await send(me, 'POST', '/api/saved-searches', body)
    expect(res.statusCode, res.body).toBe(400)
  })

  it(`keeps at most ${SAVED_SEARCHES_MAX} per user (409), and a name once per user, whatever its case (409)`, async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    const results = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 3 }, (_, i) => save(me, `Search ${i}`, `q=bag${i}`)),
    )
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX)
    const refused = results.filter((r) => r.statusCode !== 201)
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409])
    expect(refused[0]!.json().message).toBe(messages.notifications.savedLimit(SAVED_SEARCHES_MAX))
    expect(await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))).toHaveLength(
      SAVED_SEARCHES_MAX,
    )
    expect((await save(other, 'Totes', 'q=tote')).statusCode).toBe(201)
    const twice = await save(other, 'TOTES', 'q=bag')
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(messages.notifications.savedNameTaken)
    // another user may use the same name
    expect((await save(await newCustomer(), 'Totes', 'q=tote')).statusCode).toBe(201)
  })

  it('renames and deletes your own; someone else’s is not found (404, before the body is read)', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    const id = (await save(me, 'Old name', 'q=tote')).json()._id as string
    await save(me, 'Taken', 'q=bag')
    const renamed = await send(me, 'PATCH', `/api/saved-searches/${id}`, { name: 'New name' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ _id: id, name: 'New name', query: 'q=tote' })
    expect((await send(me, 'PATCH', `/api/saved-searches/${id}`, { name: 'taken' })).statusCode).toBe(409)
    expect((await send(me, 'PATCH', `/api/saved-searches/${id}`, { name: '' })).statusCode).toBe(400)
    for (const body of [{ name: 'Mine now' }, { name: '' }]) {
      const res = await send(other, 'PATCH', `/api/saved-searches/${id}`, body)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(messages.notifications.savedNotFound)
    }
    expect((await send(other, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(404)
    expect((await send(undefined, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(401)
    expect((await send(me, 'DELETE', '/api/saved-searches/not-an-id')).statusCode).toBe(404)
    const gone = await send(me, 'DELETE', `/api/saved-searches/${id}`)
    expect(gone.statusCode).toBe(200)
    expect(gone.json()).toEqual({ deletedCount: 1 })
    expect((await send(me, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(404)
    expect((await get(me, '/api/saved-searches')).json().map((s: { name: string }) => s.name)).toEqual(['Taken'])
  })
})

describe('new listings that match a saved search', () => {
  it('notify in the app once the matching job ran, as /search would show them; not the others', async () => {
    const me = await newCustomer('Nina Notified')
    expect((await save(me, 'Black Chanel flap', 'q=flap&brand=chanel&colour=black')).statusCode).toBe(201)
    now += 60_000
    const red = await listAndMatch({ title: 'Red Classic Flap', brand: 'chanel', colour: 'red', material: 'leather' })
    const gucci = await listAndMatch({
      title: 'Black Gucci Flap',
      brand: 'gucci',
      colour: 'black',
      material: 'leather',
    })
    expect(await savedOf(me)).toEqual([])
    const found = await listAndMatch({
      title: 'Classic Flap',
      brand: 'chanel',
      colour: 'black',
      material: 'leather',
      resell_price: 4200,
    })
    const [n] = await savedOf(me)
    expect(n).toMatchObject({
      kind: 'saved_search',
      text: messages.notifications.savedSearchMatch('Black Chanel flap', 'Classic Flap', '$4,200.00'),
      link: `/product/${found}`,
      readAt: null,
    })
    // /search agrees: it shows this one, not the others
    const shown = (await get(undefined, '/api/search?q=flap&brand=chanel&colour=black'))
      .json()
      .items.map((i: { _id: string }) => i._id)
    expect(shown).toContain(found)
    expect(shown).not.toContain(red)
    expect(shown).not.toContain(gucci)
    const [row] = await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))
    expect(row!.unmailed).toBe(1)
  })

  it('match price bounds, categories and verified sellers as /search does', async () => {
    const me = await newCustomer()
    await save(me, 'Verified totes under 300', 'category=Tote&maxPrice=300&verified=true')
    await listAndMatch({ title: 'Unverified tote', category: 'Tote', resell_price: 250 })
    await listAndMatch({ title: 'Dear verified tote', category: 'Tote', resell_price: 300.01 }, verifiedSeller)
    await listAndMatch({ title: 'Verified shoulder', category: 'Shoulder', resell_price: 100 }, verifiedSeller)
    expect(await savedOf(me)).toEqual([])
    const ok = await listAndMatch({ title: 'Verified tote', category: 'Tote', resell_price: 300 }, verifiedSeller)
    expect((await savedOf(me)).map((n) => n.link)).toEqual([`/product/${ok}`])
  })

  it('match misspelt words by likeness only when no listing matches them exactly (search’s own fallback)', async () => {
    const me = await newCustomer()
    await save(me, 'Typo', 'q=qokkaprint')
    const near = await listAndMatch({ title: 'Quokkaprint shopper' })
    // nothing matches "qokkaprint" exactly: /search shows the near one by likeness, and so the saved search is told
    const ids = async () =>
      (await get(undefined, '/api/search?q=qokkaprint')).json().items.map((i: { _id: string }) => i._id)
    expect(await ids()).toContain(near)
    expect((await savedOf(me)).map((n) => n.link)).toEqual([`/product/${near}`])
    // once one matches exactly, /search shows only exact matches: a near one is not told
    now += 1000
    const exact = await listAndMatch({ title: 'Qokkaprint clutch' })
    now += 1000
    const nearToo = await listAndMatch({ title: 'Quokkaprint mini' })
    expect((await savedOf(me)).map((n) => n.link)).toEqual([`/product/${exact}`, `/product/${near}`])
    expect(await ids()).toEqual([exact])
    expect(await ids()).not.toContain(nearToo)
  })

  it('tell no one of their own listing, nor across a block, and a user once per bag however many searches match', async () => {
    const buyer = await newCustomer()
    const blocked = await newCustomer()
    await save(buyer, 'Ostrich one', 'q=ostrich')
    await save(buyer, 'Ostrich two', 'q=ostrich&category=Tote')
    await save(blocked, 'Ostrich', 'q=ostrich')
    await t.database.db.insert(blocks).values({ blockerId: seller.id, blockedId: blocked.id })
    // the seller's own saved search
    expect((await save(seller, 'Mine', 'q=ostrich')).statusCode).toBe(201)
    const id = await listAndMatch({ title: 'Ostrich tote', category: 'Tote' })
    expect((await savedOf(buyer)).map((n) => n.link)).toEqual([`/product/${id}`])
    expect(await savedOf(blocked)).toEqual([])
    expect(await savedOf(seller)).toEqual([])
    // both of the buyer's searches count it for their mail
    const rows = await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, buyer.id))
    expect(rows.map((r) => r.unmailed)).toEqual([1, 1])
  })

  it('a bag for sale again (its order cancelled before shipping) notifies the searches it matches, once', async () => {
    const watcher = await newCustomer()
    const buyer = await newCustomer('Cal Cancelled')
    const { id: orderId, productId } = await paidOrder(t, seller, buyer)
    const [bag] = await t.database.db.select().from(products).where(eq(products.id, productId))
    await save(watcher, 'That bag', `q=${encodeURIComponent(bag!.title)}`)
    expect(await savedOf(watcher)).toEqual([])
    const cancelled = await send(seller, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'Damaged in my care' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    // the cancellation queued it in its own transaction; the job tells the watcher
    expect(await pendingOf(productId)).toHaveLength(1)
    expect(await savedOf(watcher)).toEqual([])
    await match()
    expect((await savedOf(watcher)).map((n) => n.link)).toEqual([`/product/${productId}`])
    expect(await pendingOf(productId)).toEqual([])
  })
})

describe('the matching job (decision 033: matching is off the request path)', () => {
  /** A listing that no earlier test's search looks for (their words, totes, cheap prices). */
  const apart = (over: Record<string, unknown>) =>
    list({ category: 'Backpacks', description: 'Made by hand.', resell_price: 650, ...over })

  it('a new listing only waits, recorded with it; the job tells the searches it matches and ends the wait', async () => {
    const me = await newCustomer()
    await save(me, 'Nylon', 'material=nylon')
    let id = ''
    const sent = await statementsOf(
      t.database.db,
      async () => {
        id = await apart({ title: 'Nylon evening pouch', material: 'nylon' })
      },
      { transactions: true },
    )
    // the seller's request reads no saved search and writes no notification
    expect(sent.filter((q) => /"saved_search"|"notification"/.test(q.text)).map((q) => q.text)).toEqual([])
    expect(sent.filter((q) => /insert into "listing_match_pending"/.test(q.text))).toHaveLength(1)
    expect(await pendingOf(id)).toEqual([expect.objectContaining({ productId: id, attempts: 0 })])
    expect(await savedOf(me)).toEqual([])
    expect((await match()).listings).toBe(1)
    expect((await savedOf(me)).map((n) => n.link)).toEqual([`/product/${id}`])
    expect(await pendingOf(id)).toEqual([])
    expect(await unmailedOf(me)).toEqual([1])
    // nothing waits: a second run tells no one again
    expect(await match()).toEqual({ listings: 0, notified: 0 })
    expect(await savedOf(me)).toHaveLength(1)
  })

  it('matches a batch in a few statements, however many searches and listings', async () => {
    const queries = [
      'q=brocade',
      'q=brocade&category=Backpacks',
      'q=brocadde',
      'colour=green&category=Backpacks',
      'maxPrice=700&category=Backpacks',
      'q=brocade%20pouch&verified=true',
      'condition=good&q=brocade',
      'q=velour',
    ]
    const savers = await Promise.all(Array.from({ length: 8 }, () => newCustomer()))
    for (const [i, saver] of savers.entries())
      for (let j = 0; j < 5; j++)
        expect((await save(saver, `Search ${j}`, queries[(i + j) % queries.length]!)).statusCode).toBe(201)
    const ids: string[] = []
    for (let i = 0; i < 6; i++)
      ids.push(
        await apart({ title: `Brocade pouch ${i}`, colour: i % 2 ? 'green' : 'red', resell_price: 600 + i * 20 }),
      )
    let result = { listings: 0, notified: 0 }
    const sent = await statementsOf(
      t.database.db,
      async () => {
        result = await match()
      },
      { transactions: true },
    )
    expect(result.listings).toBe(6)
    // 40 searches × 6 listings (48 notifications): fourteen statements, and three for the live pushes after the commit
    const counted = sent.filter((q) => !/^\s*(begin|commit)\b/i.test(q.text))
    expect(counted.length, counted.map((q) => q.text).join('\n')).toBeLessThanOrEqual(18)
    expect(result.notified).toBeGreaterThan(counted.length)
    // each saver is told once per bag their searches match, as /search shows them
    const shows = async (query: string) =>
      new Set(
        ((await get(undefined, `/api/search?${query}&limit=48`)).json().items as { _id: string }[]).map((x) => x._id),
      )
    for (const [i, saver] of savers.entries()) {
      const theirs = [0, 1, 2, 3, 4].map((j) => queries[(i + j) % queries.length]!)
      const expected = new Set<string>()
      for (const query of theirs) for (const id of await shows(query)) if (ids.includes(id)) expected.add(id)
      const links = (await savedOf(saver)).map((n) => n.link)
      expect(links.toSorted(), `saver ${i}`).toEqual([...expected].map((id) => `/product/${id}`).toSorted())
    }
    expect(result.notified).toBeGreaterThanOrEqual(savers.length)
    for (const id of ids) expect(await pendingOf(id)).toEqual([])
  })

  it('two instances matching at once tell each user once per bag, and leave nothing waiting', async () => {
    const me = await newCustomer()
    await save(me, 'Exotic', 'material=exotic')
    const ids = [
      await apart({ title: 'Python one', material: 'exotic' }),
      await apart({ title: 'Python two', material: 'exotic' }),
      await apart({ title: 'Python three', material: 'exotic' }),
    ]
    const second = await buildApp(t.app.config, { database: t.database, clock: () => now })
    try {
      await Promise.all([
        matchNewListings(notifyDepsOf(t.app), { batch: 1 }),
        matchNewListings(notifyDepsOf(second), { batch: 1 }),
        matchNewListings(notifyDepsOf(t.app), { batch: 2 }),
      ])
    } finally {
      await second.close()
    }
    expect((await savedOf(me)).map((n) => n.link).toSorted()).toEqual(ids.map((id) => `/product/${id}`).toSorted())
    for (const id of ids) expect(await pendingOf(id)).toEqual([])
  })

  it('a batch that fails writes nothing and leaves its listings waiting; one that cannot be matched is left after its tries, and the others are told', async () => {
    const me = await newCustomer()
    await save(me, 'Houndstooth', 'q=houndstooth')
    const poison = await apart({ title: 'Houndstooth poison' })
    const good = await apart({ title: 'Houndstooth pouch' })
    // the database refuses the poison listing's notification: a failure inside the batch's transaction
    await t.database.db.execute(
      sql.raw(`create function refuse_notification() returns trigger language plpgsql as $$
        begin if new.link = '/product/${poison}' then raise exception 'refused'; end if; return new; end $$`),
    )
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_notification before insert on notification for each row execute function refuse_notification()',
      ),
    )
    try {
      // the batch of both fails and is rolled back; taken one at a time, the good one is told, the poison one waits
      expect((await match()).listings).toBe(1)
      expect((await savedOf(me)).map((n) => n.link)).toEqual([`/product/${good}`])
      expect(await unmailedOf(me)).toEqual([1])
      expect(await pendingOf(good)).toEqual([])
      expect(await pendingOf(poison)).toEqual([expect.objectContaining({ attempts: 1 })])
      for (let i = 1; i < MATCH_ATTEMPTS_MAX; i++) await match()
      expect(await pendingOf(poison)).toEqual([expect.objectContaining({ attempts: MATCH_ATTEMPTS_MAX })])
      // left for an operator: the job no longer takes it, and the next ones pass
      now += 1000
      const next = await apart({ title: 'Houndstooth clutch' })
      expect((await match()).listings).toBe(1)
      expect((await savedOf(me)).map((n) => n.link)).toEqual([`/product/${next}`, `/product/${good}`])
      expect(await pendingOf(poison)).toEqual([expect.objectContaining({ attempts: MATCH_ATTEMPTS_MAX })])
      expect(await unmailedOf(me)).toEqual([2])
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_notification on notification'))
      await t.database.db.execute(sql.raw('drop function refuse_notification()'))
      await t.database.db.delete(listingMatchesPending).where(eq(listingMatchesPending.productId, poison))
    }
  })

  it('runs in the app on its own, every SAVED_SEARCH_MATCH_SECONDS', async () => {
    const me = await newCustomer()
    await save(me, 'Denim', 'material=denim')
    const quick = await buildApp(
      { ...t.app.config, SAVED_SEARCH_MATCH_SECONDS: 0.1 },
      { database: t.database, clock: () => now },
    )
    try {
      const id = await apart({ title: 'Denim pouch', material: 'denim' })
      await expect
        .poll(async () => (await savedOf(me)).map((n) => n.link), { timeout: 10_000 })
        .toEqual([`/product/${id}`])
    } finally {
      await quick.close()
    }
  })
})

describe('the daily mail of saved searches', () => {
  it('mails each saved search’s new matches at most once a day, and exactly once with two sweeps at once', async () => {
    const me = await newCustomer('Dana Digest')
    await save(me, 'Suede', 'material=suede')
    await listAndMatch({ title: 'Suede bucket', material: 'suede' })
    await listAndMatch({ title: 'Suede hobo', material: 'suede' })
    // a second instance on the same database: both sweep at the same moment
    const second = await buildApp(t.app.config, { database: t.database, clock: () => now })
    try {
      const [a, b] = await Promise.all([
        sweepSavedSearchDigests(notifyDepsOf(t.app), new Date(now)),
        sweepSavedSearchDigests(notifyDepsOf(second), new Date(now)),
      ])
      expect(a + b).toBeGreaterThanOrEqual(1)
    } finally {
      await second.close()
    }
    const mails = await digestsTo(me)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(messages.notifications.savedSearchDigestSubject('Suede', 2))
    expect(mails[0]!.text).toContain('http://shop.test/search?material=suede&sort=newest')
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    // a new match the same day waits for tomorrow; the app told it at once
    now += 3_600_000
    await listAndMatch({ title: 'Suede clutch', material: 'suede' })
    expect(await savedOf(me)).toHaveLength(3)
    await sweepSavedSearchDigests(notifyDepsOf(t.app), new Date(now))
    expect(await digestsTo(me)).toHaveLength(1)
    now += DAY
    await sweepSavedSearchDigests(notifyDepsOf(t.app), new Date(now))
    const after = await digestsTo(me)
    expect(after).toHaveLength(2)
    expect(after.map((m) => m.subject)).toContain(messages.notifications.savedSearchDigestSubject('Suede', 1))
    // nothing new: no mail
    now += DAY
    await sweepSavedSearchDigests(notifyDepsOf(t.app), new Date(now))
    expect(await digestsTo(me)).toHaveLength(2)
  })

  it('is not mailed to a user who turned it off (the bell still shows each match)', async () => {
    const me = await newCustomer()
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: me.bearer,
      payload: { mail: { saved_search: false } },
    })
    expect(put.statusCode).toBe(200)
    await save(me, 'Straw', 'material=straw')
    await listAndMatch({ title: 'Straw basket', material: 'straw' })
    expect(await savedOf(me)).toHaveLength(1)
    await sweepSavedSearchDigests(notifyDepsOf(t.app), new Date(now))
    expect(await digestsTo(me)).toEqual([])
    const [row] = await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))
    expect(row!.unmailed).toBe(0)
  })

  it('runs in the app’s deadline sweep (at start and every minute); the admin reads the mail in the outbox', async () => {
    const me = await newCustomer()
    await save(me, 'Canvas', 'material=canvas')
    await listAndMatch({ title: 'Canvas tote', material: 'canvas' })
    // an instance that starts sweeps at once (closing it waits for that sweep)
    const started = await buildApp(t.app.config, { database: t.database, clock: () => now })
    await started.close()
    const shown = (await get(admin, '/api/outbox')).json() as { to: string; subject: string }[]
    expect(shown.filter((m) => m.to === me.email && m.subject.includes('Canvas'))).toHaveLength(1)
  })
})
