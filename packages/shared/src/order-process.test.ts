import { describe, expect, it } from 'vitest'
import { adminOrderMoves, ORDER_PROCESS, type OrderTransition, orderFactsOf, orderMovesFor } from './order-process.ts'
import { ORDER_STATUSES, type Order } from './orders.ts'

type Shape = Pick<Order, 'status' | 'awaitingAddress' | 'amount' | 'refunded'>
const order = (over: Partial<Shape> = {}): Shape => ({
  status: 'paid',
  awaitingAddress: false,
  amount: 180,
  refunded: 0,
  ...over,
})

describe('the order process table', () => {
  it('gives an admin what the admin pages offer: cancel or refund a paid order, refund a shipped one while money is left, resolve a dispute', () => {
    expect(adminOrderMoves(order())).toEqual(['cancel', 'refund'])
    expect(adminOrderMoves(order({ status: 'shipped' }))).toEqual(['refund'])
    expect(adminOrderMoves(order({ status: 'shipped', refunded: 179.99 }))).toEqual(['refund'])
    expect(adminOrderMoves(order({ status: 'shipped', refunded: 180 }))).toEqual([])
    expect(adminOrderMoves(order({ status: 'disputed' }))).toEqual(['resolve'])
    for (const status of ['completed', 'cancelled', 'refunded'] as const)
      expect(adminOrderMoves(order({ status }))).toEqual([])
  })

  it('lets the seller ship only once the address is known, and nobody make the shop’s own moves', () => {
    expect(orderMovesFor(orderFactsOf(order({ awaitingAddress: true })), ['seller'])).toEqual(['cancel'])
    for (const status of ORDER_STATUSES) {
      const moves = orderMovesFor(orderFactsOf(order({ status })), ['buyer', 'seller', 'admin'])
      expect(moves).not.toContain('shipDeadline')
      expect(moves).not.toContain('autoComplete')
    }
  })

  it('gives every person move a route, and every shop move a deadline', () => {
    for (const [move, t] of Object.entries(ORDER_PROCESS) as [string, OrderTransition][]) {
      const byTheShop = t.actors.includes('system')
      expect(byTheShop ? t.deadline !== undefined && !t.route : t.route !== undefined && !t.deadline, move).toBe(true)
    }
  })
})
