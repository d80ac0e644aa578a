/** The texts of issue 15's listing details (MARKETPLACE.md §2). */
export const listingsMessages = {
  priceDropped: 'Price dropped',
  previousPrice: 'Was',
  /** Beside a card's price when it is not the struck one (SPEC's category card lists the original price). */
  originalPrice: 'Original price',
  notStated: 'Not stated',
} as const
