/** The texts of listing details (docs/product/listings.md). */
export const listingsMessages = {
  priceDropped: 'Price dropped',
  /** 429 of POST /api/categoryDetails: new listings per seller and hour (decision 033). */
  tooManyListings: (max: number, verified: boolean, wait: string) =>
    `You can list at most ${max} bags an hour${verified ? '' : ' until your account is verified'}. Please try again in ${wait}.`,
  previousPrice: 'Was',
  /** Beside a card's price when it is not the struck one (the original category card lists the original price). */
  originalPrice: 'Original price',
  notStated: 'Not stated',
  photoNotOurs: 'photos must be photos uploaded to this site (POST /api/images)',
  photoTwice: 'photos lists the same photo twice',
  coverNotFirst: 'img must be the first of photos (the cover)',
  soldNoEdit: 'This bag has been sold: its listing can no longer be changed.',
  /** A held bag's deal is frozen for its buyer (docs/decisions/035): only a lower price may go through. */
  heldNoEdit: (until: string, fields: string[]) =>
    `This bag is held for a buyer until ${until}: its ${fields.join(', ')} cannot change while it is held. You can still lower its price.`,
  shippingTooHigh: (max: string) => `shipping must be at most ${max}`,
  sellerNotFound: 'Seller not found',
} as const
