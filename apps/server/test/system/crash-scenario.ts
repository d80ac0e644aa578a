import { expect } from 'vitest'
import {
  Client,
  freePort,
  halfWritten,
  type Running,
  SECRET,
  type Session,
  sellerWithBags,
  startServer,
} from './harness.ts'

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

interface Acknowledged {
  bookings: { id: string; productId: string }[]
  payments: { id: string; bookingId: string; productId: string; transactionId: string }[]
}

/**
 * Bookings and payments stream at a server process from three customers at once; once a few payments are
 * acknowledged the process is SIGKILLed mid-stream, then started again on the same storage. Returns what the
 * clients were told (200 answers) and the restarted server; the caller checks the database against it.
 */
export async function killMidStream(env: Record<string, string>, tag: string) {
  const port = String(await freePort())
  const full = {
    AUTH_SECRET: SECRET,
    PORT: port,
    RATE_LIMIT_FACTOR: '100',
    LIST_CACHE_MS: '0',
    DEMO_DATA: 'false',
    ...env,
  }
  const first = await startServer(full)
  const api = new Client(first.url, first.url)
  const { ids } = await sellerWithBags(api, `crash-seller-${tag}@example.test`, 24)
  const customers: Session[] = []
  for (let i = 0; i < 3; i++) customers.push(await api.signUp(`crash-buyer${i}-${tag}@example.test`, 'customer'))

  const acked: Acknowledged = { bookings: [], payments: [] }
  let next = 0
  let killed = false
  /** One customer buying bag after bag until the server is gone (a refused connection ends the stream). */
  const buyer = async (s: Session) => {
    while (!killed && next < ids.length) {
      const productId = ids[next++]!
      try {
        const booking = await api.book(s, productId)
        if (booking.status !== 200) continue
        acked.bookings.push({ id: booking.body.insertedId, productId })
        const { confirm } = await api.charge(s, booking.body.insertedId)
        if (confirm?.status !== 200) continue
        const transactionId = confirm.body.transactionId as string
        const paid = await api.recordPayment(s, booking.body.insertedId, transactionId)
        if (paid.status === 200) {
          acked.payments.push({
            id: paid.body.insertedId,
            bookingId: booking.body.insertedId,
            productId,
            transactionId,
          })
        }
      } catch {
        return // the connection broke: the process is gone
      }
    }
  }
  const stream = Promise.all(customers.map(buyer))
  // the kill lands while requests are in flight: after the 6th acknowledged payment, not between two calls
  while (acked.payments.length < 6 && next < ids.length) await new Promise((r) => setTimeout(r, 5))
  first.child.kill('SIGKILL')
  killed = true
  await stream
  expect(await first.exit).toBeNull() // killed by the signal, not exited
  expect(first.child.signalCode).toBe('SIGKILL')
  expect(acked.payments.length).toBeGreaterThanOrEqual(6)

  const second = await startServer(full)
  return { acked, second, api: new Client(second.url, second.url), customers, remaining: ids.slice(next) }
}

/** Every acknowledged booking and payment is there, whole, and nothing is half-written. */
export async function expectIntact(query: Query, acked: Acknowledged) {
  for (const b of acked.bookings) {
    const { rows } = await query('select product_id, status from booking where id = $1', [b.id])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.product_id).toBe(b.productId)
  }
  for (const p of acked.payments) {
    const { rows } = await query(
      `select p.booking_id, p.product_id, p.transaction_id, b.status as booking, pr.status as product
         from payment p join booking b on b.id = p.booking_id join product pr on pr.id = p.product_id
         where p.id = $1`,
      [p.id],
    )
    expect(rows).toEqual([
      {
        booking_id: p.bookingId,
        product_id: p.productId,
        transaction_id: p.transactionId,
        booking: 'paid',
        product: 'sold',
      },
    ])
  }
  expect(await halfWritten(query)).toEqual([])
}

/** After the restart the shop works: the same customer's token is still good, and a bag can be bought. */
export async function expectWorking(api: Client, customer: Session, productId: string, running: Running) {
  expect(await api.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } })
  const booking = await api.book(customer, productId)
  expect(booking.status).toBe(200)
  const { confirm } = await api.charge(customer, booking.body.insertedId)
  expect(confirm?.status).toBe(200)
  const paid = await api.recordPayment(customer, booking.body.insertedId, confirm!.body.transactionId)
  expect(paid.status).toBe(200)
  expect(running.child.exitCode).toBeNull()
}
