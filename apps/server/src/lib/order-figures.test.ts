import { describe, expect, it } from 'vitest'
import { orderFigures, sumOrderFigures } from './order-figures.ts'

describe('orderFigures', () => {
  it('derives every figure of a paid order from what was charged and the discount', () => {
    expect(orderFigures({ amountCents: 505_750, discountCents: 89_250, discountConflictCents: 0 })).toEqual({
      priceCents: 595_000,
      discountCents: 89_250,
      paidCents: 505_750,
      shippingCents: 0,
      sellerOwedCents: 595_000,
      shopDiscountCostCents: 89_250,
      discountConflictCents: 0,
    })
  })

  it('keeps the shipping apart from the price: the seller is owed both, the discount is on the price', () => {
    expect(
      orderFigures({ amountCents: 18_000, discountCents: 3_000, discountConflictCents: 0, shippingCents: 1_000 }),
    ).toMatchObject({ priceCents: 20_000, shippingCents: 1_000, paidCents: 18_000, sellerOwedCents: 21_000 })
  })

  it('sums orders figure by figure and counts the flagged ones', () => {
    const total = sumOrderFigures([
      { amountCents: 8_500, discountCents: 1_500, discountConflictCents: 0 },
      { amountCents: 25_500, discountCents: 4_500, discountConflictCents: 4_500 },
      { amountCents: 10_000, discountCents: 0, discountConflictCents: 0 },
    ])
    expect(total).toMatchObject({
      orders: 3,
      flaggedOrders: 1,
      paidCents: 44_000,
      discountCents: 6_000,
      sellerOwedCents: 50_000,
      discountConflictCents: 4_500,
    })
  })
})
