import { FIRST_ORDER_DISCOUNT_PERCENT } from '@preloved/shared/constants'

/**
 * The login page's asterisk: 15 % off the customer's first paid order, applied at checkout, in whole cents. The
 * discount is taken off the price only; the listing's shipping (issue 16) is paid on top.
 */
export function amountDue(
  priceCents: number,
  isFirstOrder: boolean,
  shippingCents = 0,
): { amountCents: number; discountCents: number } {
  const discountCents = isFirstOrder ? Math.round((priceCents * FIRST_ORDER_DISCOUNT_PERCENT) / 100) : 0
  return { amountCents: priceCents + shippingCents - discountCents, discountCents }
}
