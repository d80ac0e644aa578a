import { expect } from 'vitest'
import type { Session } from './auth-helpers.ts'
import type { TestApp } from './build-test-app.ts'
import { paidOrder } from './order-fixtures.ts'

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** A test app's movable clock, as buildTestApp's `clock` option reads it. */
export interface Clock {
  now: number
}

const post = (t: TestApp, who: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.bearer, ...(payload ? { payload } : {}) })

/**
 * An order of `seller` bought by `buyer` through the real routes, moved to `state`: paid now, shipped `shipAfter` ms
 * later (the clock moves), then confirmed by the buyer (completed) or reported (disputed). Answers the order's id.
 */
export async function orderIn(
  t: TestApp,
  clock: Clock,
  seller: Session,
  buyer: Session,
  state: 'paid' | 'shipped' | 'completed' | 'disputed' = 'completed',
  shipAfter = HOUR,
): Promise<string> {
  const { id } = await paidOrder(t, seller, buyer)
  if (state === 'paid') return id
  clock.now += shipAfter
  const shipped = await post(t, seller, `/api/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA1' })
  expect(shipped.statusCode, shipped.body).toBe(200)
  if (state === 'completed') {
    const done = await post(t, buyer, `/api/orders/${id}/confirm`)
    expect(done.statusCode, done.body).toBe(200)
  }
  if (state === 'disputed') {
    const disputed = await post(t, buyer, `/api/orders/${id}/dispute`, { reason: 'damaged', note: 'Torn strap' })
    expect(disputed.statusCode, disputed.body).toBe(200)
  }
  return id
}

/** POST /api/orders/{id}/review as `who`. */
export const postReview = (t: TestApp, who: Session | undefined, orderId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${encodeURIComponent(orderId)}/review`,
    headers: { ...(who?.bearer ?? {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

/** POST /api/reviews/{id}/reply as `who`. */
export const postReply = (t: TestApp, who: Session | undefined, reviewId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reviews/${encodeURIComponent(reviewId)}/reply`,
    headers: { ...(who?.bearer ?? {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

/** A completed order of `seller` reviewed by `buyer` with `rating` stars; answers the review's id. */
export async function reviewedOrder(
  t: TestApp,
  clock: Clock,
  seller: Session,
  buyer: Session,
  rating: number,
  shipAfter = HOUR,
): Promise<string> {
  const id = await orderIn(t, clock, seller, buyer, 'completed', shipAfter)
  const res = await postReview(t, buyer, id, { rating, text: `${rating} stars` })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()._id
}
