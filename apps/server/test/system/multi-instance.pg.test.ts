import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  freePort,
  freshPostgres,
  halfWritten,
  type Running,
  SECRET,
  sellerWithBags,
  startServer,
} from './harness.ts'

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer: the same AUTH_SECRET and
 * PUBLIC_URL, their own PORT and DATA_DIR. Whatever one instance did, the other must honour.
 */
let db: Awaited<ReturnType<typeof freshPostgres>>
let sql: pg.Pool
let dataDir: string
let a: Running
let b: Running
let A: Client
let B: Client
const run = Date.now().toString(36)

beforeAll(async () => {
  db = await freshPostgres()
  sql = new pg.Pool({ connectionString: db.url, max: 2 })
  dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-multi-'))
  const publicUrl = `http://localhost:${await freePort()}` // where the load balancer would be
  const env = (name: string) => ({
    DATABASE_URL: db.url,
    AUTH_SECRET: SECRET,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.join(dataDir, name),
    PORT: '0',
    RATE_LIMIT_FACTOR: '100',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  // both at once on a fresh database: the migrations must not run twice
  ;[a, b] = await Promise.all([startServer(env('a')), startServer(env('b'))])
  A = new Client(a.url, publicUrl)
  B = new Client(b.url, publicUrl)
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await sql?.end()
  await db?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

describe('two instances on one PostgreSQL database', () => {
  it('accepts on B the session cookie made on A, and the bearer token B issued for it on A', async () => {
    const email = `multi-${run}@example.test`
    const madeOnA = await A.signUp(email, 'customer')
    const onB = await B.session(email, madeOnA.cookie, madeOnA.id) // GET /api/jwt on B with A's cookie
    const me = await B.call('GET', '/api/auth/get-session', { headers: { cookie: madeOnA.cookie } })
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(email)
    // a token B issued is good on A and the other way round
    expect(await A.get('/api/bookingPaid', onB)).toMatchObject({ status: 200, body: { paid: [] } })
    expect(await B.get('/api/bookingPaid', madeOnA)).toMatchObject({ status: 200, body: { paid: [] } })
    expect((await B.get('/api/bookingPaid')).status).toBe(401)
    // signing out on B ends the session on A too
    const out = await B.call('POST', '/api/auth/sign-out', { headers: { cookie: madeOnA.cookie }, body: {} })
    expect(out.status).toBe(200)
    const gone = await A.call('GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
      headers: { cookie: madeOnA.cookie },
    })
    expect(gone.status).toBe(401)
  })

  it('records one payment when the same payment is posted to A and B at once (several rounds)', async () => {
    const { ids } = await sellerWithBags(A, `seller-${run}@example.test`, 5)
    const buyer = await B.signUp(`buyer-${run}@example.test`, 'customer')
    for (const productId of ids) {
      const booking = await A.book(buyer, productId)
      expect(booking.status).toBe(200)
      const bookingId = booking.body.insertedId as string
      const { confirm } = await B.charge(buyer, bookingId)
      expect(confirm?.status).toBe(200)
      const tx = confirm!.body.transactionId as string
      const [ra, rb] = await Promise.all([A.recordPayment(buyer, bookingId, tx), B.recordPayment(buyer, bookingId, tx)])
      expect([ra.status, rb.status]).toEqual([200, 200])
      expect(ra.body.insertedId).toBe(rb.body.insertedId)
      const rows = await sql.query('select id from payment where product_id = $1', [productId])
      expect(rows.rows).toEqual([{ id: ra.body.insertedId }])
    }
    expect(await halfWritten((q) => sql.query(q))).toEqual([])
  })

  it('sells a bag once when two customers pay for it on different instances at once; the other gets 409', async () => {
    const { ids } = await sellerWithBags(B, `seller2-${run}@example.test`, 3)
    for (const [round, productId] of ids.entries()) {
      const first = await A.signUp(`first-${round}-${run}@example.test`, 'customer')
      const second = await B.signUp(`second-${round}-${run}@example.test`, 'customer')
      const firstBooking = (await A.book(first, productId)).body.insertedId as string
      const firstCharge = await A.charge(first, firstBooking)
      expect(firstCharge.confirm?.status).toBe(200)
      // the first customer's hold runs out before they pay (the only way a second customer can book the bag)
      await sql.query(`update booking set expires_at = now() - interval '1 minute' where id = $1`, [firstBooking])
      const secondBooking = await B.book(second, productId)
      expect(secondBooking.status).toBe(200)
      const secondCharge = await B.charge(second, secondBooking.body.insertedId)
      expect(secondCharge.confirm?.status).toBe(200)

      const [r1, r2] = await Promise.all([
        A.recordPayment(first, firstBooking, firstCharge.confirm!.body.transactionId),
        B.recordPayment(second, secondBooking.body.insertedId, secondCharge.confirm!.body.transactionId),
      ])
      expect([r1.status, r2.status].sort()).toEqual([200, 409])
      const loser = r1.status === 409 ? r1 : r2
      expect(loser.body).toMatchObject({ statusCode: 409, error: 'Conflict' })
      const payments = await sql.query('select booking_id from payment where product_id = $1', [productId])
      expect(payments.rows).toHaveLength(1)
      const product = await sql.query('select status from product where id = $1', [productId])
      expect(product.rows[0].status).toBe('sold')
      // the loser's charge is refunded, the winner's stands
      const loserTx = (r1.status === 409 ? firstCharge : secondCharge).confirm!.body.transactionId
      const charge = await sql.query('select status from test_charge where id = $1', [loserTx])
      expect(charge.rows[0].status).toBe('refunded')
    }
    expect(await halfWritten((q) => sql.query(q))).toEqual([])
  })
})
