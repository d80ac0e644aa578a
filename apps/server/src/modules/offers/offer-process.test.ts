import { OFFER_PROCESS, OFFER_ROUTES, type OfferRoute, offerRoutesFor } from '@preloved/shared/offer-process'
import { type Offer, type OfferStatus, offerSchema } from '@preloved/shared/offers'
import { mermaidOf, type ProcessActor } from '@preloved/shared/process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp, signUpCast } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'

/**
 * The contract between the offer process table and the server: for every state an offer can be in, every part (its
 * buyer, its seller, an admin, a stranger) and every move, the server accepts the move exactly when the table
 * (`offerRoutesFor`, which the offers pages offer from) gives it to them; and refuses it otherwise with 404 (not a
 * party), 403 (the other party's move in this state) or 409 (the state).
 */
const HOUR = 3_600_000
let now = Date.UTC(2026, 10, 25, 12)
let t: TestApp
let seller: Session
let admin: Session
let stranger: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' }, { clock: () => now })
  ;({ seller, admin, stranger } = await signUpCast(t.app, 'opp'))
})
afterAll(() => t.close())

/** A valid body for each move on a $120.50 bag with an offer of $100. */
const BODIES: Record<OfferRoute, object | undefined> = {
  accept: undefined,
  counter: { amount: 110 },
  decline: undefined,
  withdraw: undefined,
}

const send = (s: Session, id: string, route: OfferRoute) => {
  const body = BODIES[route]
  return t.app.inject({
    method: 'POST',
    url: `/api/offers/${id}/${route}`,
    headers: s.bearer,
    ...(body ? { payload: body } : {}),
  })
}

/** How a fresh pending offer is brought to each state. */
const SITUATIONS: Record<OfferStatus, (id: string, buyer: Session) => Promise<void>> = {
  pending: async () => {},
  countered: async (id) => expect((await send(seller, id, 'counter')).statusCode).toBe(200),
  accepted: async (id) => expect((await send(seller, id, 'accept')).statusCode).toBe(200),
  declined: async (id) => expect((await send(seller, id, 'decline')).statusCode).toBe(200),
  withdrawn: async (id, buyer) => expect((await send(buyer, id, 'withdraw')).statusCode).toBe(200),
  // a later offer's clock: 100 hours on, past OFFER_HOURS; the clock comes back for the next one
  expired: async () => {
    now += 100 * HOUR
  },
}

async function offerIn(status: OfferStatus): Promise<{ id: string; buyer: Session; offer: Offer }> {
  const buyer = await signUp(t.app, { email: `opp-buyer${++buyers}@example.test`, role: 'customer' })
  const bag = await insertProduct(t.database.db, seller.id, { resellPriceCents: 12_050, title: `Offer bag ${buyers}` })
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/offers',
    headers: buyer.bearer,
    payload: { productId: bag.id, amount: 100 },
  })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json()._id as string
  await SITUATIONS[status](id, buyer)
  const res = await t.app.inject({ url: `/api/offers?productId=${bag.id}`, headers: buyer.bearer })
  const offer = offerSchema.parse(res.json()[0])
  expect(offer.status).toBe(status)
  return { id, buyer, offer }
}

type Part = 'buyer' | 'seller' | 'admin' | 'stranger'
const PARTS: Part[] = ['buyer', 'seller', 'admin', 'stranger']
const partsOf = (part: Part): ProcessActor[] => (part === 'buyer' || part === 'seller' ? [part] : [])

describe('the offer process table and the server agree', () => {
  for (const status of Object.keys(SITUATIONS) as OfferStatus[]) {
    it(`${status}: each party may make exactly the moves the table gives them`, async () => {
      const start = now
      const { id, buyer, offer } = await offerIn(status)
      for (const part of PARTS) {
        const offered = offerRoutesFor(offer.status, partsOf(part))
        for (const route of OFFER_ROUTES) {
          const expected = offered.includes(route)
          const target = expected ? await offerIn(status) : { id, buyer }
          const who = part === 'buyer' ? target.buyer : part === 'seller' ? seller : part === 'admin' ? admin : stranger
          const res = await send(who, target.id, route)
          // who may take this route at all, in any state: anyone else is refused before the state is looked at
          const anyState = Object.values(OFFER_PROCESS).some(
            (row) => 'route' in row && row.route === route && row.actors.some((a) => a === part),
          )
          const inState = Object.values(OFFER_PROCESS).some(
            (row) => 'route' in row && row.route === route && row.from.some((s) => s === offer.status),
          )
          const refusal = partsOf(part).length === 0 ? 404 : inState || !anyState ? 403 : 409
          expect(res.statusCode, `${status}: ${part} ${route} → ${res.body}`).toBe(expected ? 200 : refusal)
        }
      }
      now = start
    })
  }

  it('draws every state and move', () => {
    const diagram = mermaidOf(OFFER_PROCESS, 'pending')
    expect(diagram).toContain('pending --> accepted: seller accepts, the bag is held (seller)')
    expect(diagram).toContain('accepted --> expired: not bought while held (at holdUntil)')
  })
})
