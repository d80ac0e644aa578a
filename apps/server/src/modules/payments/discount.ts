import { FIRST_ORDER_DISCOUNT_PERCENT } from '@preloved/shared/constants'

/** The login page's asterisk: 15 % off the customer's first paid order, applied at checkout, in whole cents. */
export function amountDue(priceCents: number, isFirstOrder: boolean): { amountCents: number; discountCents: number } {
  const discountCents = isFirstOrder ? Math.round((priceCents * FIRST_ORDER_DISCOUNT_PERCENT) / 100) : 0
  return { amountCents: priceCents - discountCents, discountCents }
}
