const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Money travels as dollars (docs/product/storefront.md#api-rules: currency $). */
export const formatPrice = (dollars: number): string => usd.format(dollars)
