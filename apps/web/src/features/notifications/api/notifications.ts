import type {
  NotificationSettings,
  ReadNotificationsBody,
  UnsubscribeResult,
  UpdateNotificationSettingsBody,
} from '@preloved/shared/notifications'
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { api, type ResponseParser, retryServerErrors } from '@/lib/api-client'
import { liveConnected, useLiveEvent } from '@/lib/live-events'

// Notifications (docs/product/notifications.md): the bell's count, the list, read marks, mail settings and the unsubscribe page.
// The bell is on every signed-in page: its count is checked by hand (no zod in the first chunk); the rest imports the
// shared schemas when a request starts.
const shared = () => import('@preloved/shared/notifications')
const listSchema = () => shared().then((m) => m.notificationListSchema)
const readResultSchema = () => shared().then((m) => m.readNotificationsResultSchema)
const settingsSchema = () => shared().then((m) => m.notificationSettingsSchema)
const unsubscribeSchema = () => shared().then((m) => m.unsubscribeResultSchema)

const unreadParser: ResponseParser<{ unread: number }> = {
  safeParse: (data) =>
    typeof data === 'object' && data !== null && typeof (data as { unread?: unknown }).unread === 'number'
      ? { success: true, data: { unread: (data as { unread: number }).unread } }
      : { success: false, error: 'unread is not a number' },
}

/** Notifications per page of the notifications page. */
export const NOTIFICATIONS_PAGE_SIZE = 20

/** How often the count and the list are read again: often while the live stream is down, rarely while it is up. */
const refetchInterval = () => (liveConnected() ? 60_000 : 10_000)

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: ({ signal }) => api.get('/notifications/unread', unreadParser, { signal }),
    retry: retryServerErrors,
  })

/** GET /api/notifications: the caller's own, newest first, a page at a time (`Link` paging). */
export const notificationsPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `/notifications?${new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
        listSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

/**
 * A new notification (or read marks made on another page) arrives live: the count takes the event's, and the list
 * is read again. Pages also refetch on an interval, so nothing depends on the stream.
 */
function useNotificationEvents(enabled: boolean) {
  const queryClient = useQueryClient()
  useLiveEvent(
    'notification',
    (data) => {
      if (typeof data.unread === 'number')
        queryClient.setQueryData(unreadQueryOptions().queryKey, { unread: data.unread })
      else void queryClient.invalidateQueries({ queryKey: unreadQueryOptions().queryKey })
      void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] })
    },
    enabled,
  )
}

/** The bell's count (signed-in only), live, with a polling fallback. */
export function useUnreadCount(enabled: boolean) {
  useNotificationEvents(enabled)
  return useQuery({ ...unreadQueryOptions(), enabled, refetchInterval })
}

export function useNotificationPages() {
  useNotificationEvents(true)
  return useInfiniteQuery({
    ...notificationsPagesQueryOptions(),
    refetchInterval,
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

function settleRead(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData(unreadQueryOptions().queryKey, { unread })
  void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] })
}

/** POST /api/notifications/read: some by id, or all. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ReadNotificationsBody) => api.post('/notifications/read', body, readResultSchema()),
    onSuccess: (result) => settleRead(queryClient, result.unread),
  })
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['notification-settings'],
    queryFn: ({ signal }) => api.get('/notification-settings', settingsSchema(), { signal }),
  })

export const useMailSettings = () =>
  useQuery({ ...settingsQueryOptions(), throwOnError: (_error, query) => query.state.data === undefined })

/** PUT /api/notification-settings: the kinds named change; answers every kind. */
export function useUpdateMailSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsBody) => api.put('/notification-settings', body, settingsSchema()),
    onSuccess: (settings: NotificationSettings) => queryClient.setQueryData(settingsQueryOptions().queryKey, settings),
  })
}

/** GET /api/unsubscribe/preview: what a signed link turns off (a 400 for a forged or expired one stays so). */
export const unsubscribePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      api.get(`/unsubscribe/preview?${new URLSearchParams({ token })}`, unsubscribeSchema(), {
        signal,
        withoutToken: true,
      }),
    retry: retryServerErrors,
  })

export const useUnsubscribePreview = (token: string) =>
  useQuery({ ...unsubscribePreviewQueryOptions(token), enabled: token !== '' })

/** POST /api/unsubscribe { token }: no sign-in needed. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/unsubscribe', { token }, unsubscribeSchema(), { withoutToken: true }),
    onSuccess: (result: UnsubscribeResult) => {
      queryClient.setQueryData(unsubscribePreviewQueryOptions(token).queryKey, result)
      void queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey })
    },
  })
}
