import { describe, expect, it } from 'vitest'
import { offerFromState, offerRefusal, offerRoutesFor } from './offer-process.ts'
import { OFFER_STATUSES } from './offers.ts'

describe('the offer process table', () => {
  it('gives the seller a pending offer to accept, counter or decline, and the buyer a counter to accept or decline', () => {
    expect(offerRoutesFor('pending', ['seller'])).toEqual(['accept', 'counter', 'decline'])
    expect(offerRoutesFor('pending', ['buyer'])).toEqual(['withdraw'])
    expect(offerRoutesFor('countered', ['buyer'])).toEqual(['accept', 'decline'])
    expect(offerRoutesFor('countered', ['seller'])).toEqual([])
    for (const status of ['accepted', 'declined', 'withdrawn', 'expired'] as const) {
      expect(offerRoutesFor(status, ['buyer'])).toEqual([])
      expect(offerRoutesFor(status, ['seller'])).toEqual([])
    }
  })

  it('refuses the other party in words that say whose move it is, and leaves a closed offer to the state', () => {
    expect(offerRefusal('accept', 'pending', ['buyer'])).toBe('sellerDecides')
    expect(offerRefusal('decline', 'countered', ['seller'])).toBe('buyerDecides')
    expect(offerRefusal('accept', 'expired', ['buyer'])).toBeUndefined()
    for (const status of OFFER_STATUSES) {
      expect(offerRefusal('counter', status, ['buyer'])).toBe('onlySeller')
      expect(offerRefusal('withdraw', status, ['seller'])).toBe('onlyBuyer')
    }
  })

  it('knows which state a party accepts or declines from', () => {
    expect(offerFromState('accept', ['seller'])).toBe('pending')
    expect(offerFromState('accept', ['buyer'])).toBe('countered')
    expect(offerFromState('decline', ['buyer'])).toBe('countered')
  })
})
