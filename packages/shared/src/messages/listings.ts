/** The texts of issue 15's listing details (MARKETPLACE.md §2). */
export const listingsMessages = {
  priceDropped: 'Price dropped',
  previousPrice: 'Was',
  notStated: 'Not stated',
  photoNotOurs: 'photos must be photos uploaded to this site (POST /api/images)',
  photoTwice: 'photos lists the same photo twice',
  coverNotFirst: 'img must be the first of photos (the cover)',
  soldNoEdit: 'This bag has been sold: its listing can no longer be changed.',
  sellerNotFound: 'Seller not found',
} as const
