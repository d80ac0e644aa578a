import { FIRST_ORDER_DISCOUNT_PERCENT } from '@preloved/shared/constants'
import type { Config } from '../../plugins/config.ts'
import { commissionOf } from '../orders/ledger.ts'

/**
 * What decides the first-order discount (docs/decisions/029): the shop pays it out of its commission, so it is 15 %
 * of the bag's price, at most FIRST_ORDER_DISCOUNT_MAX, and never more than the order's commission. However the two
 * settings are set, the shop never pays out more on an order than it took in.
 */
export interface DiscountRules {
  commissionPercent: number
  discountMaxCents: number
}

export const discountRulesOf = (
  config: Pick<Config, 'COMMISSION_PERCENT' | 'FIRST_ORDER_DISCOUNT_MAX'>,
): DiscountRules => ({
  commissionPercent: config.COMMISSION_PERCENT,
  discountMaxCents: config.FIRST_ORDER_DISCOUNT_MAX * 100,
})

/** The first-order discount on a price, in whole cents (rounded down: the shop's cost). */
export const firstOrderDiscount = (priceCents: number, rules: DiscountRules): number =>
  Math.max(
    0,
    Math.min(
      Math.floor((priceCents * FIRST_ORDER_DISCOUNT_PERCENT) / 100),
      rules.discountMaxCents,
      commissionOf(priceCents, rules.commissionPercent),
    ),
  )

/**
 * What a payment asks: the price, less the first-order discount when it is the customer's first order, plus the
 * shipping agreed when the bag was held (the discount is taken off the price only).
 */
export function amountDue(
  priceCents: number,
  isFirstOrder: boolean,
  shippingCents: number,
  rules: DiscountRules,
): { amountCents: number; discountCents: number } {
  const discountCents = isFirstOrder ? firstOrderDiscount(priceCents, rules) : 0
  return { amountCents: priceCents + shippingCents - discountCents, discountCents }
}
