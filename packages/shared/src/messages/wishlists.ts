/** The texts of wishlists. */
export const wishlistsMessages = {
  added: 'Added to wishlist',
  removed: 'Removed from your wishlist',
  alreadySaved: 'Already in your wishlist',
  ownItem: 'You cannot add your own bag to your wishlist.',
  empty: 'You have no products in wishlist',
  entryNotFound: 'Wishlist entry not found',
} as const
