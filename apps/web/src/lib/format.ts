const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Money travels as dollars (SPEC §9: currency $). */
export const formatPrice = (dollars: number): string => usd.format(dollars)
