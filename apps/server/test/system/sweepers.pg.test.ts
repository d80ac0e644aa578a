import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FreshDatabase, freshPostgres } from '../fresh-postgres.ts'
import {
  Client,
  deadlineMovesLogged,
  eventually,
  freePort,
  halfWritten,
  ledgerBroken,
  type Running,
  type Session,
  sellerWithBags,
  startPair,
} from './harness.ts'

/**
 * Two instances with the sweeper on both: every expired order moves once. Two real
 * server processes on one fresh PostgreSQL database, each sweeping every 0.2 s; 40 paid orders, half of them shipped;
 * every deadline is made due at once by moving the stored dates into the past (the timers run from stored deadlines:
 * this is the clock move for processes), while buyers and sellers keep reading their orders on both instances (a read
 * applies a due deadline too). Every order must move exactly once, with its money whole.
 */
const ORDERS = 40
let db: FreshDatabase
let sql: pg.Pool
let dataDir: string
let a: Running
let b: Running
let A: Client
let B: Client

beforeAll(async () => {
  db = await freshPostgres('preloved_sys')
  sql = new pg.Pool({ connectionString: db.url, max: 2 })
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-sweepers-'))
  const publicUrl = `http://localhost:${await freePort()}`
  ;[a, b] = await startPair({
    databaseUrl: db.url,
    dataDir,
    publicUrl,
    ports: [await freePort(), await freePort()],
    rateLimitFactor: '100',
    extra: { WEB_DIST: path.join(dataDir, 'no-web'), ORDER_SWEEP_SECONDS: '0.2', LIST_CACHE_MS: '0' },
  })
  A = new Client(a.url, publicUrl)
  B = new Client(b.url, publicUrl)
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await sql?.end()
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

const q = (text: string, params?: unknown[]) => sql.query(text, params)

it('moves every expired order exactly once with the sweeper running on both instances', async () => {
  // two sellers with 20 bags each (one set up through each instance), four buyers buying 10 each, alternating instances
  const [s1, s2] = await Promise.all([
    sellerWithBags(A, 'sweep-seller-a@example.test', ORDERS / 2),
    sellerWithBags(B, 'sweep-seller-b@example.test', ORDERS / 2),
  ])
  const buyers = await Promise.all(
    [0, 1, 2, 3].map((i) => (i % 2 ? B : A).signUp(`sweep-buyer${i}@example.test`, 'customer')),
  )
  const bags = s1.ids.flatMap((id, i) => [
    { productId: id, seller: s1.seller },
    { productId: s2.ids[i]!, seller: s2.seller },
  ])
  const orders: { id: string; seller: Session; buyer: Session; transactionId: string }[] = []
  await Promise.all(
    buyers.map(async (buyer, k) => {
      for (let i = k; i < bags.length; i += buyers.length) {
        const { orderId, transactionId } = await (i % 2 ? B : A).buy(buyer, bags[i]!.productId)
        orders.push({ id: orderId, seller: bags[i]!.seller, buyer, transactionId })
      }
    }),
  )
  expect(orders).toHaveLength(ORDERS)

  // half of them shipped by their sellers, through both instances
  const shipped = new Set(orders.filter((_, i) => i % 2 === 0).map((o) => o.id))
  await Promise.all(
    orders
      .filter((o) => shipped.has(o.id))
      .map(async (o, i) => {
        const res = await (i % 2 ? A : B).post(
          `/api/orders/${o.id}/ship`,
          { carrier: 'UPS', trackingNumber: `1Z${o.id.slice(0, 8)}` },
          o.seller,
        )
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect(res.body.status).toBe('shipped')
      }),
  )
  expect((await q(`select status, count(*)::int as n from "order" group by status order by status`)).rows).toEqual([
    { status: 'paid', n: ORDERS / 2 },
    { status: 'shipped', n: ORDERS / 2 },
  ])

  // meanwhile two readers, one as the buyers and one as the sellers, read orders in turn on both instances: mostly one
  // order at a time (GET /api/orders/{id} applies its deadline), every eighth round the whole list (which applies all
  // of the caller's due deadlines), so that the sweepers still have orders to race each other and the readers for
  let reading = true
  const readStatuses = new Map<number, number>()
  const reader = async (as: 'buyer' | 'seller') => {
    for (let round = 0; reading; round++) {
      const o = orders[round % orders.length]!
      const api = round % 2 ? A : B
      const res =
        round % 8 === 7
          ? await api.get(`/api/orders${as === 'seller' ? '?role=seller' : ''}`, o[as])
          : await api.get(`/api/orders/${o.id}`, o[as])
      readStatuses.set(res.status, (readStatuses.get(res.status) ?? 0) + 1)
    }
  }
  const readers = [reader('buyer'), reader('seller')]

  // every deadline due at once: ship-by of the paid orders, auto-completion of the shipped ones
  const moved = await q(`
    update "order" set
      ship_by = case when status = 'paid' then now() - interval '1 minute' else ship_by end,
      auto_complete_at = case when status = 'shipped' then now() - interval '1 minute' else auto_complete_at end
    where status in ('paid', 'shipped')`)
  expect(moved.rowCount).toBe(ORDERS)
  const due = `select count(*)::int as n from "order"
    where (status = 'paid' and ship_by <= now()) or (status = 'shipped' and auto_complete_at <= now())`
  const settled = await eventually(async () => (await q(due)).rows[0].n === 0, 150, 100)
  reading = false
  await Promise.all(readers)
  expect(settled).toBe(true)
  expect([...readStatuses.keys()]).toEqual([200])

  // a graceful stop waits for a sweep under way, so that every log line is written before they are counted
  await Promise.all([a.stop(), b.stop()])
  expect(a.child.exitCode).toBe(0)
  expect(b.child.exitCode).toBe(0)

  const rows = (
    await q(`
      select o.id::text as id, o.status, o.amount_paid as paid, o.ship_by, o.auto_complete_at, o.cancelled_at,
        o.completed_at, pr.status as bag, bk.status as booking, p.refunded_at is not null as payment_refunded,
        c.refunded as charge_refunded, c.amount as charged, c.status as charge,
        (select count(*)::int from order_event e where e.order_id = o.id
          and e.status in ('cancelled', 'completed', 'refunded')) as closing_events,
        (select count(*)::int from order_event e where e.order_id = o.id and e.status = o.status
          and e.actor_role = 'system') as system_events,
        (select coalesce(json_agg(json_build_object('amount', r.amount, 'actor', r.actor_id,
          'provider', r.provider)), '[]') from refund r where r.order_id = o.id) as refunds
      from "order" o join product pr on pr.id = o.product_id join booking bk on bk.id = o.id
        join payment p on p.id = o.payment_id join test_charge c on c.id = p.transaction_id
      order by o.id`)
  ).rows
  expect(rows).toHaveLength(ORDERS)
  for (const r of rows) {
    const context = JSON.stringify(r)
    expect(r.closing_events, context).toBe(1)
    expect(r.system_events, context).toBe(1)
    if (shipped.has(r.id)) {
      expect(r, context).toMatchObject({ status: 'completed', bag: 'sold', booking: 'paid', refunds: [] })
      expect(r.completed_at, context).toEqual(r.auto_complete_at) // dated at its deadline
      expect(r, context).toMatchObject({ payment_refunded: false, charge_refunded: 0, charge: 'succeeded' })
    } else {
      expect(r, context).toMatchObject({ status: 'cancelled', bag: 'available', booking: 'cancelled' })
      expect(r.cancelled_at, context).toEqual(r.ship_by)
      expect(r.refunds, context).toEqual([{ amount: r.paid, actor: null, provider: 'test' }])
      // the test processor's charge was given back once, in full
      expect(r, context).toMatchObject({ payment_refunded: true, charge_refunded: r.paid, charged: r.paid })
      expect(r.charge, context).toBe('refunded')
    }
  }
  expect(await ledgerBroken(q)).toEqual([])
  expect(await halfWritten(q)).toEqual([])

  // the logs of both processes count each move once: the sweepers' lines and those of reads that came first
  const logged = { a: deadlineMovesLogged(a.output()), b: deadlineMovesLogged(b.output()) }
  const sum = (k: 'cancelled' | 'completed') =>
    logged.a.sweeper[k] + logged.a.read[k] + logged.b.sweeper[k] + logged.b.read[k]
  expect({ cancelled: sum('cancelled'), completed: sum('completed') }).toEqual({
    cancelled: ORDERS / 2,
    completed: ORDERS / 2,
  })
  const total = (m: { cancelled: number; completed: number }) => m.cancelled + m.completed
  // which instance moved what (both sweepers usually take part, but which one wins each order is a race)
  console.info(
    `deadline moves: instance A swept ${total(logged.a.sweeper)} and read ${total(logged.a.read)}, ` +
      `instance B swept ${total(logged.b.sweeper)} and read ${total(logged.b.read)} (of ${ORDERS})`,
  )
})
