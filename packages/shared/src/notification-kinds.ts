// The kinds of notification and which can be turned off (docs/product/notifications.md), without zod: the web app's
// first chunk (the header's bell) and the mail preferences page read them. notifications.ts re-exports them.

export const NOTIFICATION_KINDS = [
  'offer_received',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'message',
  'order',
  'price_drop',
  'wishlist_sold',
  'saved_search',
  'review',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** What each kind is called on the mail preferences page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  offer_received: 'Offers on your bags',
  offer_countered: 'Counter-offers',
  offer_accepted: 'Accepted offers',
  offer_declined: 'Declined offers',
  offer_expired: 'Expired offers',
  message: 'New messages',
  order: 'Order updates',
  price_drop: 'Price drops on wishlisted bags',
  wishlist_sold: 'Wishlisted bags sold',
  saved_search: 'New bags for saved searches',
  review: 'Reviews and replies',
}

/**
 * Kinds whose mail cannot be turned off (decision 027): order updates are the receipt, the sale, the ship-by date,
 * refunds and disputes: money paid or owed and deadlines. Account mail (password reset, seller verification,
 * moderation, payouts) is no notification kind at all and is always sent too. Every other kind can be turned off.
 */
export const ALWAYS_MAILED_KINDS = ['order'] as const satisfies readonly NotificationKind[]
export const isAlwaysMailed = (kind: NotificationKind): boolean =>
  (ALWAYS_MAILED_KINDS as readonly NotificationKind[]).includes(kind)
