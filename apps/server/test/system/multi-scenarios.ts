import { type Client, halfWritten, PASSWORD, type Sql, sellerWithBags } from './harness.ts'

/**
 * What two instances behind one balancer must agree on, as scenarios that return what happened: the system test
 * asserts on it, `npm run multi -- --check` prints it. A and B are clients of two instances on one database.
 */

/** A session made on A, used on B: its cookie, a token B issues for it, and signing out on B (which ends A's token). */
export async function sessionAcrossInstances(A: Client, B: Client, email: string) {
  const madeOnA = await A.signUp(email, 'customer')
  const onB = await B.session(email, madeOnA.cookie, madeOnA.id) // GET /api/jwt on B with A's cookie
  const sessionOnB = await B.call('GET', '/api/auth/get-session', { headers: { cookie: madeOnA.cookie } })
  const bearerOfBOnA = await A.get('/api/bookingPaid', onB)
  const bearerOfAOnB = await B.get('/api/bookingPaid', madeOnA)
  const anonymousOnB = await B.get('/api/bookingPaid')
  const signOutOnB = await B.call('POST', '/api/auth/sign-out', { headers: { cookie: madeOnA.cookie }, body: {} })
  const jwtOnAAfter = await A.call('GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
    headers: { cookie: madeOnA.cookie },
  })
  // the access token made on A for that session dies with it, on A too, at once: no instance caches sessions
  const bearerOnAAfter = await A.get('/api/bookingPaid', madeOnA)
  return {
    sessionOnB: { status: sessionOnB.status, email: sessionOnB.body?.user?.email as string | undefined },
    bearerOfBOnA: { status: bearerOfBOnA.status, body: bearerOfBOnA.body },
    bearerOfAOnB: { status: bearerOfAOnB.status, body: bearerOfAOnB.body },
    anonymousOnB: anonymousOnB.status,
    signOutOnB: signOutOnB.status,
    jwtOnAAfterSignOut: jwtOnAAfter.status,
    bearerOnAAfterSignOut: bearerOnAAfter.status,
  }
}

/** Wrong passwords for one account, alternately on A and B: the statuses, in order. */
export async function signInAttemptsAlternating(A: Client, B: Client, email: string, attempts: number) {
  const statuses: number[] = []
  for (let i = 0; i < attempts; i++) {
    const res = await (i % 2 === 0 ? A : B).call('POST', '/api/auth/sign-in/email', {
      body: { email, password: `${PASSWORD}x` },
    })
    statuses.push(res.status)
  }
  return statuses
}

/** A photo uploaded through A, fetched from B (both must see the same photo storage). */
export async function photoAcrossInstances(A: Client, B: Client, tag: string) {
  const seller = await A.signUp(`photo-${tag}@example.test`, 'seller')
  const upload = await A.uploadPhoto(seller)
  const url = upload.body?.data?.url as string
  const fromB = await fetch(B.base + url)
  return { upload: upload.status, fromB: fromB.status, type: fromB.headers.get('content-type') }
}

/** The same customer's payment record posted to A and B at once, for `rounds` bags. */
export async function samePaymentOnBoth(A: Client, B: Client, sql: Sql, tag: string, rounds: number) {
  const { ids } = await sellerWithBags(A, `seller-${tag}@example.test`, rounds)
  const buyer = await B.signUp(`buyer-${tag}@example.test`, 'customer')
  const results: { statuses: number[]; sameId: boolean; rows: number }[] = []
  for (const productId of ids) {
    const booking = await A.book(buyer, productId)
    const bookingId = booking.body.insertedId as string
    const { confirm } = await B.charge(buyer, bookingId)
    const tx = confirm?.body?.transactionId as string
    const [ra, rb] = await Promise.all([A.recordPayment(buyer, bookingId, tx), B.recordPayment(buyer, bookingId, tx)])
    const rows = await sql.query('select id from payment where product_id = $1', [productId])
    results.push({
      statuses: [booking.status, confirm?.status ?? 0, ra.status, rb.status],
      sameId: ra.body.insertedId === rb.body.insertedId && rows.rows[0]?.id === ra.body.insertedId,
      rows: rows.rowCount ?? 0,
    })
  }
  return { results, halfWritten: await halfWritten((q) => sql.query(q)) }
}

/**
 * Two customers pay for one bag at once, on different instances. Only one live hold per bag exists, so the first
 * customer's hold is made to run out (in the database) after their card is charged; the second books and pays.
 */
export async function twoCustomersOneBag(A: Client, B: Client, sql: Sql, tag: string, rounds: number) {
  const { ids } = await sellerWithBags(B, `seller2-${tag}@example.test`, rounds)
  const results: {
    statuses: number[]
    payments: number
    product: string
    loserCharge: string | undefined
    loserBody: unknown
  }[] = []
  for (const [round, productId] of ids.entries()) {
    const first = await A.signUp(`first-${round}-${tag}@example.test`, 'customer')
    const second = await B.signUp(`second-${round}-${tag}@example.test`, 'customer')
    const firstBooking = (await A.book(first, productId)).body.insertedId as string
    const firstCharge = await A.charge(first, firstBooking)
    await sql.query(`update booking set expires_at = now() - interval '1 minute' where id = $1`, [firstBooking])
    const secondBooking = await B.book(second, productId)
    const secondCharge = await B.charge(second, secondBooking.body.insertedId)
    const [r1, r2] = await Promise.all([
      A.recordPayment(first, firstBooking, firstCharge.confirm?.body?.transactionId),
      B.recordPayment(second, secondBooking.body.insertedId, secondCharge.confirm?.body?.transactionId),
    ])
    const loser = r1.status === 409 ? firstCharge : r2.status === 409 ? secondCharge : undefined
    const charge = loser
      ? await sql.query('select status from test_charge where id = $1', [loser.confirm?.body?.transactionId])
      : undefined
    results.push({
      statuses: [firstCharge.confirm?.status ?? 0, secondBooking.status, secondCharge.confirm?.status ?? 0].concat(
        [r1.status, r2.status].sort(),
      ),
      payments: (await sql.query('select id from payment where product_id = $1', [productId])).rowCount ?? 0,
      product: (await sql.query('select status from product where id = $1', [productId])).rows[0]?.status,
      loserCharge: charge?.rows[0]?.status,
      loserBody: (r1.status === 409 ? r1 : r2).body,
    })
  }
  return { results, halfWritten: await halfWritten((q) => sql.query(q)) }
}
