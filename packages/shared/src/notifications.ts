import { z } from 'zod'
import './zod-config.ts'

// Notifications, mail preferences and saved searches (MARKETPLACE.md §6 and §7; issue 17).

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

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

/** POST /api/notifications/read: some, or all. */
export const readNotificationsBodySchema = z.union([
  z.object({ ids: z.array(z.string()).min(1, 'ids must name at least one notification').max(100) }),
  z.object({ all: z.literal(true) }),
])

export const unreadSchema = z.object({ unread: z.number() })

/** GET|PUT /api/notification-settings: mail on or off per kind. */
export const notificationSettingsSchema = z.object({
  mail: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

export const SAVED_SEARCHES_MAX = 20

/** POST /api/saved-searches */
export const savedSearchBodySchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
  /** The /search query string (`q=tote&brand=gucci`), without the cursor. */
  query: z.string({ error: 'query is required' }).max(1000, 'query must be at most 1000 characters'),
})
export type SavedSearchBody = z.infer<typeof savedSearchBodySchema>

/** PATCH /api/saved-searches/{id}: rename. */
export const renameSavedSearchBodySchema = savedSearchBodySchema.pick({ name: true })

export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
})
export type SavedSearch = z.infer<typeof savedSearchSchema>
