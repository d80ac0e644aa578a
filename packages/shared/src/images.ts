// A listing photo is stored twice: a 320 px thumbnail and an 800 px image (docs/product/listings.md#photos). Where it shows, `sizes` tells
// the browser how wide it will be so that it picks one. The web app's <img> and the server's <link rel="preload">
// for a page's first photo (apps/server/src/modules/pages) must say exactly the same, or the browser fetches twice.

/** srcset of a listing photo. */
export const photoSrcSet = (img: string, thumb: string): string => `${thumb} 320w, ${img} 800w`

/** A card of the category page (2 or 3 columns). */
export const LISTING_CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw'
/** A card of the home page's advertised items (1, 2 or 4 columns). */
export const PRODUCT_CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw'
/** The photo of a product page. */
export const PRODUCT_PAGE_SIZES = '(min-width: 1280px) 700px, (min-width: 1024px) 58vw, 100vw'
