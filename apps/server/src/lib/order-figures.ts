/** What a stored payment records, in cents (the payment row's columns). */
export interface PaymentAmounts {
  /** What the buyer's card was charged. */
  amountCents: number
  /** The first-order discount taken off the listing price for this order. */
  discountCents: number
  /** A discount charged although another paid order of the customer already had it (flagged to the admin). */
  discountConflictCents: number
  /** Shipping the charge included (the order's; 0 for orders without shipping). */
  shippingCents?: number | null
}

/** Every figure any screen shows of a paid order, in cents. */
export interface OrderFigures {
  /** The listing price the bag was booked at. */
  priceCents: number
  /** The first-order discount, shown as its own line (0 when none). */
  discountCents: number
  /** What was charged: price + shipping − discount. */
  paidCents: number
  /** Shipping the buyer paid on top of the price. */
  shippingCents: number
  /**
   * What the seller is owed before commission: the listing price and the shipping; the first-order discount is the
   * shop's cost, not the seller's.
   */
  sellerOwedCents: number
  /** What the discount costs the shop (docs/money.md#the-first-order-discount). */
  shopDiscountCostCents: number
  /** The part of that cost the shop should not have borne: a discount used twice (0 unless flagged). */
  discountConflictCents: number
}

/**
 * The one place a paid order's figures are computed: My Orders, the payment page, the
 * seller's and the admin's summaries all read these, so that one order shows one set of numbers everywhere.
 */
export function orderFigures(p: PaymentAmounts): OrderFigures {
  const shippingCents = p.shippingCents ?? 0
  const priceCents = p.amountCents + p.discountCents - shippingCents
  return {
    priceCents,
    discountCents: p.discountCents,
    paidCents: p.amountCents,
    shippingCents,
    sellerOwedCents: priceCents + shippingCents,
    shopDiscountCostCents: p.discountCents,
    discountConflictCents: p.discountConflictCents,
  }
}

/** Sums of the figures of several orders (dashboards), each order computed by orderFigures. */
export function sumOrderFigures(rows: PaymentAmounts[]): OrderFigures & { orders: number; flaggedOrders: number } {
  const total = {
    orders: 0,
    flaggedOrders: 0,
    priceCents: 0,
    discountCents: 0,
    paidCents: 0,
    shippingCents: 0,
    sellerOwedCents: 0,
    shopDiscountCostCents: 0,
    discountConflictCents: 0,
  }
  for (const row of rows) {
    const f = orderFigures(row)
    total.orders += 1
    if (f.discountConflictCents > 0) total.flaggedOrders += 1
    total.priceCents += f.priceCents
    total.discountCents += f.discountCents
    total.paidCents += f.paidCents
    total.shippingCents += f.shippingCents
    total.sellerOwedCents += f.sellerOwedCents
    total.shopDiscountCostCents += f.shopDiscountCostCents
    total.discountConflictCents += f.discountConflictCents
  }
  return total
}
