import { z } from 'zod'
import './zod-config.ts'
import { pageQuerySchema } from './common.ts'
import { NOTIFICATION_KINDS } from './notification-kinds.ts'

export {
  ALWAYS_MAILED_KINDS,
  isAlwaysMailed,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from './notification-kinds.ts'

// Notifications, mail preferences and saved searches (docs/product/notifications.md).

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

export type ReadNotificationsBody = z.infer<typeof readNotificationsBodySchema>

export const unreadSchema = z.object({ unread: z.number() })

/** The answer of POST /api/notifications/read: how many it marked (the caller's own only), and the unread left. */
export const readNotificationsResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() })
export type ReadNotificationsResult = z.infer<typeof readNotificationsResultSchema>

/** GET /api/notifications: newest first, keyset-paged (`Link`), with `X-Unread-Count`. */
export const notificationsQuerySchema = pageQuerySchema
export const notificationListSchema = z.array(notificationSchema)

/** GET /api/notification-settings: mail on or off for every kind, and the kinds that are always mailed. */
export const notificationSettingsSchema = z.object({
  mail: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
  always: z.array(z.enum(NOTIFICATION_KINDS)),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

/** PUT /api/notification-settings: the kinds it names change, the others stay (answers the settings in full). */
export const updateNotificationSettingsBodySchema = z.object({
  mail: z.partialRecord(z.enum(NOTIFICATION_KINDS, { error: 'mail names an unknown kind' }), z.boolean(), {
    error: 'mail must map kinds to true or false',
  }),
})
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>

/**
 * What a signed unsubscribe link turns off: one kind (the mail it came in was that kind's), or `all`: every kind that
 * can be turned off (from a mail that cannot itself be turned off: a receipt, a password reset).
 */
export const UNSUBSCRIBE_SCOPES = [...NOTIFICATION_KINDS, 'all'] as const
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number]

/** A signed unsubscribe token, from a mail's link or its List-Unsubscribe header. */
export const unsubscribeTokenSchema = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(600, 'token is not a valid unsubscribe link')
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema.optional() })
/** POST /api/unsubscribe from the confirmation page (a mail client's one-click POST sends the form field instead). */
export const unsubscribeBodySchema = z.object({ token: unsubscribeTokenSchema.optional() }).nullish()

/** What a valid link would turn off (GET /api/unsubscribe/preview), or did (POST /api/unsubscribe). */
export const unsubscribeResultSchema = z.object({
  scope: z.enum(UNSUBSCRIBE_SCOPES),
  /** The kinds it covers, by their labels ("Price drops on wishlisted bags"). */
  labels: z.array(z.string()),
  /** Whether those mails are off now. */
  off: z.boolean(),
})
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>

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
export const savedSearchListSchema = z.array(savedSearchSchema)
