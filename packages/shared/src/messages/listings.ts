/** The texts of issue 15's listing details (MARKETPLACE.md §2). */
export const listingsMessages = {
  priceDropped: 'Price dropped',
  previousPrice: 'Was',
  notStated: 'Not stated',
} as const
