/** The texts of wishlists. */
export const wishlistsMessages = {
  added: 'Added to wishlist',
  empty: 'You have no products in wishlist',
  entryNotFound: 'Wishlist entry not found',
} as const
