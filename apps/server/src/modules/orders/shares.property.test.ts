import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountDue } from '../payments/discount.ts'
import { commissionOf, sharesAfter } from './ledger.ts'

/**
 * The refund arithmetic over every price, shipping, discount setting and refund (docs/decisions/029): whatever is given
 * back, the order's lines add up to what the buyer paid less the refunds, and the shop never pays out more on an
 * order than it took in (seller's share + refunds ≤ what the buyer paid).
 */
const order = fc.record({
  priceCents: fc.integer({ min: 0, max: 100_000_000 }),
  shippingCents: fc.integer({ min: 0, max: 10_000 }),
  commissionPercent: fc.integer({ min: 0, max: 100 }),
  discountMaxCents: fc.integer({ min: 0, max: 10_000_000 }),
  firstOrder: fc.boolean(),
})

describe('shares after refunds', () => {
  it('never pay out more than was taken in, and always add up', () => {
    fc.assert(
      fc.property(order, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (o, parts) => {
        const due = amountDue(o.priceCents, o.firstOrder, o.shippingCents, o)
        const money = { ...o, discountCents: due.discountCents, amountPaidCents: due.amountCents }
        expect(due.discountCents).toBeLessThanOrEqual(commissionOf(o.priceCents, o.commissionPercent))
        let refunded = 0
        for (const part of [0, ...parts]) {
          refunded = Math.min(money.amountPaidCents, refunded + Math.floor((money.amountPaidCents - refunded) * part))
          const s = sharesAfter(money, refunded)
          for (const v of Object.values(s)) {
            expect(Number.isInteger(v)).toBe(true)
            expect(v).toBeGreaterThanOrEqual(0)
          }
          // the order's lines: buyer paid = refunds + seller's share + commission − discount cost
          expect(refunded + s.sellerCents + s.commissionCents - s.discountCostCents).toBe(money.amountPaidCents)
          // out never more than in
          expect(s.sellerCents + refunded).toBeLessThanOrEqual(money.amountPaidCents)
          expect(s.discountCostCents).toBeLessThanOrEqual(s.commissionCents)
          // the seller's lines shrink with the refund, never grow
          expect(s.grossCents).toBeLessThanOrEqual(o.priceCents)
          expect(s.shippingCents).toBeLessThanOrEqual(o.shippingCents)
          if (refunded === 0) {
            expect(s).toMatchObject({ grossCents: o.priceCents, shippingCents: o.shippingCents })
            expect(s.discountCostCents).toBe(due.discountCents)
          }
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('reduces price, shipping and discount cost by the refunded fraction, rounded the shop’s way', () => {
    // $100 bag + $10 shipping, $15 off a first order: paid $95; $19 back is a fifth of it
    const o = {
      priceCents: 10_000,
      shippingCents: 1_000,
      discountCents: 1_500,
      amountPaidCents: 9_500,
      commissionPercent: 15,
    }
    expect(sharesAfter(o, 1_900)).toEqual({
      grossCents: 8_000,
      shippingCents: 800,
      commissionCents: 1_200,
      sellerCents: 7_600,
      discountCostCents: 1_200,
    })
    // a third of $95.00 back: ⌊10,000 × ⅔⌋ = 6,666 of the price, ⌊666.67⌋ = 666 of shipping, commission ⌈999.9⌉
    expect(sharesAfter(o, 3_167)).toEqual({
      grossCents: 6_666,
      shippingCents: 666,
      commissionCents: 1_000,
      sellerCents: 6_332,
      discountCostCents: 999,
    })
    // everything back: nothing left, the discount given back to the buyer
    expect(sharesAfter(o, 9_500)).toEqual({
      grossCents: 0,
      shippingCents: 0,
      commissionCents: 0,
      sellerCents: 0,
      discountCostCents: 0,
    })
  })

  it('keeps the shop whole on an order paid under older rules (a discount above the commission)', () => {
    // 12 % commission, 15 % discount: the old arithmetic paid the seller $88 of the $85 taken in
    const o = {
      priceCents: 10_000,
      shippingCents: 0,
      discountCents: 1_500,
      amountPaidCents: 8_500,
      commissionPercent: 12,
    }
    const s = sharesAfter(o, 100)
    expect(s.sellerCents + 100).toBeLessThanOrEqual(8_500)
    expect(s.discountCostCents).toBeLessThanOrEqual(s.commissionCents)
  })
})
