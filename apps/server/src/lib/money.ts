/** Integer cents inside, dollars with two decimals in JSON. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100

/**
 * Whole cents of dollars that the money parser let through (moneyField in @preloved/shared/money, decision 031). Any
 * other number (an exponent form such as 5e-9 or 1e21, NaN) is a programming error here: a RangeError, never NaN.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('amount must be a finite number')
  // shift the decimal point in the number's text form, so 1.005 becomes 100.5 (not 100.49999…)
  const cents = Math.round(Number(`${dollars}e2`))
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount ${dollars} has no whole number of cents`)
  return cents
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
/** Cents as the shop writes dollars in messages: $5,057.50. */
export const formatUsd = (cents: number): string => usd.format(cents / 100)
