import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  commissionOf,
  type OrderLedger,
  type OrderMoney,
  paymentEntries,
  refundEntries,
  SHOP,
  sharesAfter,
} from './ledger.ts'

/** The refund arithmetic of docs/money.md#refunds, as plain functions: the ledger written entry by entry, then summed. */
const SELLER = 'seller-1'

const order = fc
  .record({
    priceCents: fc.integer({ min: 0, max: 2_000_000 }),
    shippingCents: fc.integer({ min: 0, max: 100_000 }),
    commissionPercent: fc.integer({ min: 0, max: 100 }),
    discounted: fc.boolean(),
  })
  .map(
    ({ priceCents, shippingCents, commissionPercent, discounted }): OrderMoney & { id: string; sellerId: string } => {
      const discountCents = discounted ? Math.round(priceCents * 0.15) : 0
      return {
        id: 'order-1',
        sellerId: SELLER,
        priceCents,
        shippingCents,
        discountCents,
        commissionPercent,
        amountPaidCents: priceCents + shippingCents - discountCents,
      }
    },
  )

function sums(entries: { account: string; kind: string; amountCents: number }[]): OrderLedger {
  const out: OrderLedger = {
    sellerGrossCents: 0,
    sellerCommissionCents: 0,
    shopCommissionCents: 0,
    shopDiscountCents: 0,
    totalCents: 0,
    sellerCents: 0,
  }
  for (const e of entries) {
    out.totalCents += e.amountCents
    if (e.account === SELLER) {
      out.sellerCents += e.amountCents
      if (e.kind === 'commission') out.sellerCommissionCents += e.amountCents
      else out.sellerGrossCents += e.amountCents
    } else if (e.kind === 'commission') out.shopCommissionCents += e.amountCents
    else out.shopDiscountCents += e.amountCents
  }
  return out
}

describe('the ledger of an order', () => {
  it('at payment: sale and shipping to the seller, commission on the price only, the discount the shop’s cost', () => {
    const o = {
      id: 'o',
      sellerId: SELLER,
      priceCents: 20_000,
      shippingCents: 1_000,
      discountCents: 3_000,
      commissionPercent: 12,
      amountPaidCents: 18_000,
    }
    const entries = paymentEntries(o, new Date(0))
    expect(entries.map((e) => [e.account, e.kind, e.amountCents])).toEqual([
      [SELLER, 'sale', 20_000],
      [SELLER, 'shipping', 1_000],
      [SELLER, 'commission', -2_400],
      [SHOP, 'commission', 2_400],
      [SHOP, 'discount_cost', -3_000],
    ])
  })

  it('a refund takes its fraction of the price, the shipping and the discount cost; a full refund reverses everything', () => {
    // paid under older rules: the discount ($15) is more than the commission ($12), so the seller's price gives way
    const o = {
      priceCents: 10_000,
      shippingCents: 500,
      discountCents: 1_500,
      commissionPercent: 12,
      amountPaidCents: 9_000,
    }
    // $30 of $90 back keeps 2/3: price ⌊6,666.7⌋ = 6,666, shipping ⌊333.3⌋ = 333, discount cost 6,666 + 333 − 6,000 =
    // 999 > commission ⌈799.92⌉ = 800: the price is lowered by 226 to 6,440 (discount cost 773, commission ⌈772.8⌉ = 773)
    expect(sharesAfter(o, 3_000)).toEqual({
      grossCents: 6_440,
      shippingCents: 333,
      commissionCents: 773,
      sellerCents: 6_000,
      discountCostCents: 773,
    })
    // $1 kept: price ⌊111.1⌋ = 111, shipping ⌊5.6⌋ = 5, discount cost 16 > ⌈13.32⌉ = 14: the price gives way to 108
    expect(sharesAfter(o, 8_900)).toMatchObject({ grossCents: 108, shippingCents: 5 })
    expect(sharesAfter(o, 9_000)).toEqual({
      grossCents: 0,
      shippingCents: 0,
      commissionCents: 0,
      sellerCents: 0,
      discountCostCents: 0,
    })
    expect(commissionOf(1_050, 12)).toBe(126)
  })

  it('holds the invariant after any sequence of partial refunds (property)', () => {
    fc.assert(
      fc.property(order, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 6 }), (o, asks) => {
        const entries: { account: string; kind: string; amountCents: number }[] = [...paymentEntries(o, new Date(0))]
        let refunded = 0
        for (const [i, ask] of asks.entries()) {
          const left = o.amountPaidCents - refunded
          if (left <= 0) break
          const r = Math.min(ask, left)
          refunded += r
          entries.push(...refundEntries(o, sums(entries), refunded, `refund-${i}`, new Date(0)))
          const s = sums(entries)
          // buyer paid = refunds + seller's share + commission − discount cost
          expect(refunded + s.sellerCents + s.shopCommissionCents + s.shopDiscountCents).toBe(o.amountPaidCents)
          expect(s.totalCents).toBe(o.amountPaidCents - refunded)
          const target = sharesAfter(o, refunded)
          expect(s.sellerCents).toBe(target.sellerCents)
          expect(s.shopCommissionCents).toBe(target.commissionCents)
          expect(s.shopDiscountCents + target.discountCostCents).toBe(0)
          // the seller's share never grows with a refund, and commission is never taken on shipping
          expect(target.commissionCents).toBe(commissionOf(target.grossCents, o.commissionPercent))
        }
        if (refunded === o.amountPaidCents) expect(sums(entries).totalCents).toBe(0)
      }),
      { numRuns: 300, seed: 20261125 },
    )
  })
})
