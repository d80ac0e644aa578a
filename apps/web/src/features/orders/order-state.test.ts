import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { ORDER_STATUSES, type Order } from '@preloved/shared/orders'
import { describe, expect, it } from 'vitest'
import { orderActions, orderDeadline, orderNextStep, orderViewer } from './order-state'

type Shape = Pick<Order, 'status' | 'awaitingAddress' | 'shipBy' | 'autoCompleteAt' | 'dispute' | 'amount' | 'refunded'>

const SHIP_BY = '2026-12-01T17:00:00.000Z'
const AUTO = '2026-12-04T09:30:00.000Z'
const order = (over: Partial<Shape> = {}): Shape => ({
  status: 'paid',
  awaitingAddress: false,
  shipBy: SHIP_BY,
  autoCompleteAt: null,
  dispute: null,
  amount: 180,
  refunded: 0,
  ...over,
})
const dispute = (answer: string | null): Order['dispute'] => ({
  reason: 'damaged',
  note: 'The strap is torn',
  photos: [],
  answer,
  answerPhotos: [],
})

describe('orderViewer', () => {
  const parties = { buyer: { _id: 'u-buyer', name: 'B' }, seller: { _id: 'u-seller', name: 'S' } }
  it('is the buyer, the seller, an admin, or nobody', () => {
    expect(orderViewer(parties, { id: 'u-buyer', role: 'customer' })).toBe('buyer')
    expect(orderViewer(parties, { id: 'u-seller', role: 'seller' })).toBe('seller')
    expect(orderViewer(parties, { id: 'u-admin', role: 'admin' })).toBe('admin')
    expect(orderViewer(parties, { id: 'u-other', role: 'seller' })).toBeNull()
    // an admin who bought the bag sees it as its buyer (their own moves)
    expect(orderViewer(parties, { id: 'u-buyer', role: 'admin' })).toBe('buyer')
  })
})

describe('orderActions: only what each party may do now', () => {
  it('the seller ships or cancels a paid order; without the address only cancels', () => {
    expect(orderActions(order(), 'seller')).toEqual(['ship', 'cancel'])
    expect(orderActions(order({ awaitingAddress: true, shipBy: null }), 'seller')).toEqual(['cancel'])
  })

  it('the buyer adds a missing address to a paid order, or changes it until the bag ships', () => {
    expect(orderActions(order({ awaitingAddress: true, shipBy: null }), 'buyer')).toEqual(['address'])
    expect(orderActions(order(), 'buyer')).toEqual(['address'])
    expect(orderActions(order({ status: 'shipped', autoCompleteAt: AUTO }), 'buyer')).not.toContain('address')
  })

  it('the buyer confirms or reports a problem with a shipped order; the seller waits', () => {
    const shipped = order({ status: 'shipped', autoCompleteAt: AUTO })
    expect(orderActions(shipped, 'buyer')).toEqual(['confirm', 'dispute'])
    expect(orderActions(shipped, 'seller')).toEqual([])
  })

  it('the seller answers a dispute, and may add to the answer while it is open; the buyer waits', () => {
    expect(orderActions(order({ status: 'disputed', dispute: dispute(null) }), 'seller')).toEqual(['answer'])
    expect(orderActions(order({ status: 'disputed', dispute: dispute('It left intact') }), 'seller')).toEqual([
      'answer',
    ])
    expect(orderActions(order({ status: 'disputed', dispute: dispute(null) }), 'buyer')).toEqual([])
  })

  it('nobody acts on a closed order, and an admin acts from the admin pages', () => {
    for (const status of ['completed', 'cancelled', 'refunded'] as const) {
      expect(orderActions(order({ status }), 'buyer')).toEqual([])
      expect(orderActions(order({ status }), 'seller')).toEqual([])
    }
    for (const status of ORDER_STATUSES) expect(orderActions(order({ status }), 'admin')).toEqual([])
  })
})

describe('orderNextStep', () => {
  it('names the ship-by date for a paid order, to each party in their words', () => {
    expect(orderNextStep(order(), 'seller', 'UTC')).toBe(t.next.paidSeller('Tue 1 Dec, 17:00'))
    expect(orderNextStep(order(), 'buyer', 'UTC')).toContain('The seller ships your bag by Tue 1 Dec, 17:00.')
    expect(orderNextStep(order(), 'admin', 'UTC')).toContain('Tue 1 Dec, 17:00')
  })

  it('asks the buyer for the address, and tells the seller it is awaited', () => {
    const waiting = order({ awaitingAddress: true, shipBy: null })
    expect(orderNextStep(waiting, 'buyer')).toBe(t.next.awaitingAddressBuyer)
    expect(orderNextStep(waiting, 'seller')).toBe(t.next.awaitingAddressSeller)
  })

  it('names the automatic completion date of a shipped order', () => {
    const shipped = order({ status: 'shipped', autoCompleteAt: AUTO })
    expect(orderNextStep(shipped, 'buyer', 'UTC')).toContain('before Fri 4 Dec, 09:30')
    expect(orderNextStep(shipped, 'seller', 'UTC')).toContain('on Fri 4 Dec, 09:30')
  })

  it('has a line for every state and party', () => {
    for (const status of ORDER_STATUSES)
      for (const viewer of ['buyer', 'seller', 'admin'] as const)
        expect(orderNextStep(order({ status, autoCompleteAt: AUTO }), viewer, 'UTC')).not.toBe('')
  })
})

describe('orderDeadline', () => {
  it('is the ship-by date while paid, the completion date while shipped, and none otherwise', () => {
    expect(orderDeadline(order())).toEqual({ label: 'Ship by', at: SHIP_BY })
    expect(orderDeadline(order({ awaitingAddress: true }))).toBeNull()
    expect(orderDeadline(order({ status: 'shipped', autoCompleteAt: AUTO }))).toEqual({
      label: 'Completes on its own',
      at: AUTO,
    })
    expect(orderDeadline(order({ status: 'completed' }))).toBeNull()
  })
})
