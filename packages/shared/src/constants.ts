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
/** How a condition reads on screen (the API keeps SPEC's lower-case words). */
export const CONDITION_LABELS: Record<Condition, string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair' }
export const ROLES = ['customer', 'seller', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const PRODUCT_STATUSES = ['available', 'sold', 'removed'] as const
export const BOOKING_STATUSES = ['held', 'paid', 'expired', 'cancelled'] as const
export const REPORT_REASONS = ['counterfeit', 'misleading', 'prohibited', 'scam', 'other'] as const
export const REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const
export const FIRST_ORDER_DISCOUNT_PERCENT = 15
export const PASSWORD_MIN = 6
export const PASSWORD_SPECIALS = '!@#$&*'
export const MAX_PAGE_SIZE = 100
