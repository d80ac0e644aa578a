export const COMPANY_NAME = 'Preloved Bags Co.'
export const CATEGORY_SLUGS = ['Shoulder', 'Tote', 'Backpacks'] as const
export type CategorySlug = (typeof CATEGORY_SLUGS)[number]
export const CATEGORY_LABELS: Record<CategorySlug, string> = {
  Shoulder: 'Shoulder Bags',
  Tote: 'Tote Bags',
  Backpacks: 'Backpacks',
}
export const CONDITIONS = ['excellent', 'good', 'fair'] as const
export type Condition = (typeof CONDITIONS)[number]
/** How a condition reads on screen (the API keeps the original lower-case words). */
export const CONDITION_LABELS: Record<Condition, string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair' }
export const ROLES = ['customer', 'seller', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const PRODUCT_STATUSES = ['available', 'sold', 'removed'] as const
export const BOOKING_STATUSES = ['held', 'paid', 'expired', 'cancelled'] as const
/**
 * A bag cools down for HOLD_MINUTES after an unpaid hold on it ran out (docs/decisions/034): Book Now then gives a
 * payment hold of this many minutes at most (never longer than HOLD_MINUTES), shared with every other buyer.
 */
export const PAYMENT_HOLD_MINUTES = 5
/** A bag held and released unpaid this many times within a day is flagged to the admin. */
export const HOLD_CYCLING_LAPSES = 3
export const REPORT_REASONS = ['counterfeit', 'misleading', 'prohibited', 'scam', 'other'] as const
export const REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const
export const FIRST_ORDER_DISCOUNT_PERCENT = 15
/** The most the first-order discount is worth by default, in dollars (FIRST_ORDER_DISCOUNT_MAX; docs/decisions/029). */
export const FIRST_ORDER_DISCOUNT_MAX_DOLLARS = 50
/** The first-order discount's rate and cap, as a receipt line names them. */
export const FIRST_ORDER_DISCOUNT_RATE = `${FIRST_ORDER_DISCOUNT_PERCENT} %, up to $${FIRST_ORDER_DISCOUNT_MAX_DOLLARS}`
/** How every screen advertises the first-order discount: its rate and its cap. */
export const FIRST_ORDER_DISCOUNT_TEXT = `${FIRST_ORDER_DISCOUNT_PERCENT} % off your first order, up to $${FIRST_ORDER_DISCOUNT_MAX_DOLLARS}`
export const PASSWORD_MIN = 6
export const PASSWORD_SPECIALS = '!@#$&*'
export const MAX_PAGE_SIZE = 100

/** What a condition means, shown wherever a condition appears (docs/product/listings.md#fields, as Vestiaire defines its grades). */
export const CONDITION_DEFINITIONS: Record<Condition, string> = {
  excellent: 'Barely used: no visible signs of wear, like new on close inspection.',
  good: 'Used with care: light signs of wear such as faint scratches or softened corners.',
  fair: 'Visibly used: noticeable wear such as scuffs, marks or worn corners, and fully working.',
}

/** Listing fields of docs/product/listings.md#fields; the API accepts exactly these words. */
export const COLOURS = [
  'black',
  'white',
  'beige',
  'brown',
  'tan',
  'grey',
  'red',
  'pink',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'gold',
  'silver',
  'multicolour',
] as const
export type Colour = (typeof COLOURS)[number]
/** How a colour, material, wear area or included item reads on screen (the API keeps the lower-case words). */
const sentenceCase = <T extends string>(words: readonly T[]) =>
  Object.fromEntries(words.map((w) => [w, w.charAt(0).toUpperCase() + w.slice(1)])) as Record<T, string>
export const COLOUR_LABELS: Record<Colour, string> = sentenceCase(COLOURS)
/** The swatch shown beside each colour (multicolour is drawn as a gradient of these). */
export const COLOUR_SWATCHES: Record<Colour, string> = {
  black: '#1c1c1c',
  white: '#f7f5f0',
  beige: '#d9c6a5',
  brown: '#6b4423',
  tan: '#c08a55',
  grey: '#8a8a8a',
  red: '#b3202a',
  pink: '#e8a0b4',
  orange: '#e0782b',
  yellow: '#e9c73b',
  green: '#2f6b45',
  blue: '#2b4f8f',
  purple: '#6a3d8f',
  gold: '#c9a23f',
  silver: '#b9bcc0',
  multicolour: 'linear-gradient(135deg, #b3202a, #e9c73b, #2f6b45, #2b4f8f)',
}
export const MATERIALS = [
  'leather',
  'patent leather',
  'suede',
  'canvas',
  'coated canvas',
  'nylon',
  'denim',
  'straw',
  'fabric',
  'exotic',
  'synthetic',
  'other',
] as const
export type Material = (typeof MATERIALS)[number]
export const MATERIAL_LABELS: Record<Material, string> = sentenceCase(MATERIALS)
export const WEAR_AREAS = ['exterior', 'interior', 'corners', 'handles', 'hardware'] as const
export type WearArea = (typeof WEAR_AREAS)[number]
export const WEAR_AREA_LABELS: Record<WearArea, string> = sentenceCase(WEAR_AREAS)
export const WEAR_NOTE_MAX = 300
export const INCLUDES = ['dust bag', 'box', 'receipt', 'authenticity card', 'strap', 'lock & key'] as const
export type Include = (typeof INCLUDES)[number]
export const INCLUDE_LABELS: Record<Include, string> = sentenceCase(INCLUDES)
export const MEASUREMENTS = ['width', 'height', 'depth', 'strapDrop'] as const
export type Measurement = (typeof MEASUREMENTS)[number]
export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  width: 'Width',
  height: 'Height',
  depth: 'Depth',
  strapDrop: 'Strap drop',
}
/** Measurements are in centimetres, 1–200. */
export const MEASUREMENT_MIN_CM = 1
export const MEASUREMENT_MAX_CM = 200
export const MAX_PHOTOS = 10
/** The suggested photo slots of the Add Product form, in order. */
export const PHOTO_SLOTS = ['Front', 'Back', 'Base', 'Inside', 'Hardware', 'Date code'] as const
/** How a listing without a brand, colour or material reads. */
export const NOT_STATED = 'Not stated'
export const UNBRANDED_SLUG = 'unbranded'
export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
}
export const SEARCH_DEFAULT_LIMIT = 24
export const SEARCH_MAX_LIMIT = 60
/** Longest `q` a search accepts (longer → 400). */
export const SEARCH_Q_MAX = 200
