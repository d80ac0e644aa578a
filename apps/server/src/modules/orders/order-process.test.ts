import {
  ORDER_PERSON_MOVES,
  ORDER_PROCESS,
  type OrderPersonMove,
  orderFactsOf,
  orderMovesFor,
} from '@preloved/shared/order-process'
import { type Order, orderSchema } from '@preloved/shared/orders'
import { mermaidOf, type ProcessActor } from '@preloved/shared/process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, type Session, signUp, signUpCast } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { ADDRESS, paidOrder } from '../../../test/order-fixtures.ts'

/**
 * The contract between the order process table and the server: for every state an order can be in, every part a
 * person can play (its buyer, its seller, an admin, a stranger) and every move, the server accepts the move exactly
 * when the table (`orderMovesFor`, which the web's pages offer from) gives it to them; and refuses it otherwise with
 * 404 (a stranger), 403 (a part the move is not for) or 409 (the state, or what else the move needs).
 */
let t: TestApp
let seller: Session
let admin: Session
let stranger: Session
let buyers = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '100' })
  ;({ seller, admin, stranger } = await signUpCast(t.app, 'op'))
})
afterAll(() => t.close())

/** A valid body for each move: a new move in the table needs one here before this test compiles. */
const BODIES: Record<OrderPersonMove, object | undefined> = {
  address: ADDRESS,
  ship: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
  cancel: { reason: 'Cannot ship it after all' },
  confirm: undefined,
  dispute: { reason: 'damaged', note: 'The strap came off.' },
  answer: { note: 'It left here intact.' },
  refund: { reason: 'Goodwill' },
  resolve: { outcome: 'release', reason: 'The photos show no damage' },
}

type Part = 'buyer' | 'seller' | 'admin' | 'stranger'
const PARTS: Part[] = ['buyer', 'seller', 'admin', 'stranger']
const partsOf = (part: Part): ProcessActor[] => (part === 'stranger' ? [] : [part])

const send = (s: Session, id: string, move: OrderPersonMove) => {
  const { method, path } = ORDER_PROCESS[move].route
  const body = BODIES[move]
  return t.app.inject({
    method,
    url: `/api/orders/${id}/${path}`,
    headers: s.bearer,
    ...(body ? { payload: body } : {}),
  })
}

/** Every state, and each way a paid order can stand, with how to bring a fresh order there. */
const SITUATIONS: Record<string, (id: string, buyer: Session) => Promise<void>> = {
  'paid, waiting for the address': async () => {},
  paid: async () => {},
  shipped: async (id) => expect((await send(seller, id, 'ship')).statusCode).toBe(200),
  disputed: async (id, buyer) => {
    expect((await send(seller, id, 'ship')).statusCode).toBe(200)
    expect((await send(buyer, id, 'dispute')).statusCode).toBe(200)
  },
  completed: async (id, buyer) => {
    expect((await send(seller, id, 'ship')).statusCode).toBe(200)
    expect((await send(buyer, id, 'confirm')).statusCode).toBe(200)
  },
  cancelled: async (id) => expect((await send(seller, id, 'cancel')).statusCode).toBe(200),
  refunded: async (id) => expect((await send(admin, id, 'refund')).statusCode).toBe(200),
}

async function orderIn(situation: string): Promise<{ id: string; buyer: Session; order: Order }> {
  const buyer = await signUp(t.app, { email: `op-buyer${++buyers}@example.test`, role: 'customer' })
  const address = situation === 'paid, waiting for the address' ? null : ADDRESS
  const { id } = await paidOrder(t, seller, buyer, { priceCents: 12_000, shippingCents: 500, address })
  await SITUATIONS[situation]!(id, buyer)
  const res = await t.app.inject({ url: `/api/orders/${id}`, headers: admin.bearer })
  return { id, buyer, order: orderSchema.parse(res.json()) }
}

describe('the order process table and the server agree', () => {
  for (const situation of Object.keys(SITUATIONS)) {
    it(`${situation}: each part may make exactly the moves the table gives it`, async () => {
      // one order for the refusals (a refusal changes nothing), a fresh one for each move the server should accept
      const { id, buyer, order } = await orderIn(situation)
      const facts = orderFactsOf(order)
      const sessions: Record<Part, Session> = { buyer, seller, admin, stranger }
      const seen: string[] = []
      for (const part of PARTS) {
        const offered = orderMovesFor(facts, partsOf(part))
        for (const move of ORDER_PERSON_MOVES) {
          const expected = offered.includes(move)
          const target = expected ? await orderIn(situation) : { id, buyer }
          const who = part === 'buyer' ? target.buyer : sessions[part]
          const res = await send(who, target.id, move)
          const refusal = part === 'stranger' ? 404 : !ORDER_PROCESS[move].actors.some((a) => a === part) ? 403 : 409
          seen.push(`${part} ${move} → ${res.statusCode}`)
          expect(res.statusCode, `${situation}: ${part} ${move} → ${res.body}`).toBe(expected ? 200 : refusal)
        }
      }
      // the order the refusals were tried on is as it was
      const after = orderSchema.parse((await t.app.inject({ url: `/api/orders/${id}`, headers: admin.bearer })).json())
      expect(after.status).toBe(order.status)
      expect(after.timeline).toEqual(order.timeline)
      expect(seen).toHaveLength(PARTS.length * ORDER_PERSON_MOVES.length)
    })
  }

  it('gives every state a way in, and every move a state to be made from', () => {
    const reached = new Set<string>(['paid'])
    for (const move of Object.values(ORDER_PROCESS)) for (const to of move.to) reached.add(to)
    expect([...reached].sort()).toEqual(['cancelled', 'completed', 'disputed', 'paid', 'refunded', 'shipped'])
    const diagram = mermaidOf(ORDER_PROCESS, 'paid')
    expect(diagram).toContain('paid --> shipped: seller ships (seller)')
    expect(diagram).toContain('shipped --> completed: completes (at autoCompleteAt)')
    expect(diagram).toContain('paid --> paid: admin refunds (admin)')
  })
})
