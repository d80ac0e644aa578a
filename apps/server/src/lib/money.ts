/** Integer cents inside, dollars with two decimals in JSON. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100

export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('amount must be a finite number')
  // shift the decimal point in the number's text form, so 1.005 becomes 100.5 (not 100.49999…)
  return Math.round(Number(`${dollars}e2`))
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
/** Cents as the shop writes dollars in messages: $5,057.50. */
export const formatUsd = (cents: number): string => usd.format(cents / 100)
