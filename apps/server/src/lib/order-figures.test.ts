import { describe, expect, it } from 'vitest'
import { orderFigures, sumOrderFigures } from './order-figures.ts'

describe('orderFigures', () => {
  it('derives every figure of a paid order from what was charged and the discount', () => {
    expect(orderFigures({ amountCents: 505_750, discountCents: 89_250, discountConflictCents: 0 })).toEqual({
      priceCents: 595_000,
      discountCents: 89_250,
      paidCents: 505_750,
      sellerOwedCents: 595_000,
      shopDiscountCostCents: 89_250,
      discountConflictCents: 0,
    })
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
