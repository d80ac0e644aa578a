import type {
  Block,
  ChatMessage,
  Conversation,
  MessageReport,
  ResolveMessageReportBody,
} from '@preloved/shared/conversations'
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'
import { liveConnected, useLiveEvent } from '@/lib/live-events'

// Answers are checked with the shared schemas, imported when a request starts (zod stays out of the first chunk).
const shared = () => import('@preloved/shared/conversations')
const conversationSchema = () => shared().then((m) => m.conversationSchema)
const nullableConversationSchema = () => shared().then((m) => m.conversationSchema.nullable())
const conversationListSchema = () => shared().then((m) => m.conversationSchema.array())
const messageSchema = () => shared().then((m) => m.chatMessageSchema)
const messageListSchema = () => shared().then((m) => m.chatMessageSchema.array())
const unreadSchema = () => shared().then((m) => m.unreadMessagesSchema)
const blockSchema = () => shared().then((m) => m.blockSchema)
const blockListSchema = () => shared().then((m) => m.blockSchema.array())
const reportListSchema = () => shared().then((m) => m.messageReportSchema.array())
const reportSchema = () => shared().then((m) => m.messageReportSchema)
const reportedSchema = () =>
  import('zod').then(({ z }) =>
    z.object({ acknowledged: z.literal(true), insertedId: z.string(), message: z.string() }),
  )
const unblockedSchema = () => import('zod').then(({ z }) => z.object({ deletedCount: z.number() }))

export type { Block, ChatMessage, Conversation, MessageReport }

/** Conversations per page of the inbox, and messages per page of a thread. */
export const CONVERSATIONS_PAGE_SIZE = 20
export const MESSAGES_PAGE_SIZE = 30
/** While the live stream is down, lists and threads are read again this often (ms). */
export const POLL_MS = 10_000
/** The thread is read this often even with the live stream up: a reply never waits long. */
const pollInterval = () => (liveConnected() ? 30_000 : POLL_MS)

const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`

/** GET /api/conversations: own conversations, newest activity first, a page at a time; `productId` narrows to a bag. */
export const conversationsQueryOptions = (productId?: string) =>
  infiniteQueryOptions({
    queryKey: ['conversations', 'list', { productId: productId ?? null }],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `/conversations?${new URLSearchParams({
          limit: String(CONVERSATIONS_PAGE_SIZE),
          ...(productId ? { productId } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        })}`,
        conversationListSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

/**
 * The inbox's list: a failed first load shows the route's error screen; `quiet` (a panel on another page, the order's)
 * keeps the page and shows nothing instead.
 */
export const useConversations = (productId?: string, { quiet = false }: { quiet?: boolean } = {}) =>
  useInfiniteQuery({
    ...conversationsQueryOptions(productId),
    refetchInterval: pollInterval,
    throwOnError: (_error, query) => !quiet && query.state.data === undefined,
  })

/** GET /api/conversations/{id}: the thread's header (bag, parties, block, order). */
export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['conversations', 'detail', id],
    queryFn: ({ signal }) => api.get(conversationPath(id), conversationSchema(), { signal }),
    retry: retryServerErrors, // someone else's (404) stays so
  })

export const useConversation = (id: string) =>
  useQuery({ ...conversationQueryOptions(id), throwOnError: (_error, query) => query.state.data === undefined })

/** GET /api/orders/{id}/conversation: an order's conversation, null before its first message. */
export const orderConversationQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['conversations', 'order', orderId],
    queryFn: ({ signal }) =>
      api.get(`/orders/${encodeURIComponent(orderId)}/conversation`, nullableConversationSchema(), { signal }),
    retry: retryServerErrors,
  })

export const useOrderConversation = (orderId: string) => useQuery(orderConversationQueryOptions(orderId))

/** GET /api/conversations/{id}/messages: newest first, older pages by cursor; reading the newest page marks it read. */
export const messagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['conversations', 'messages', id],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `${conversationPath(id)}/messages?${new URLSearchParams({
          limit: String(MESSAGES_PAGE_SIZE),
          ...(pageParam ? { cursor: pageParam } : {}),
        })}`,
        messageListSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    retry: retryServerErrors,
  })

export const useMessages = (id: string) =>
  useInfiniteQuery({
    ...messagesQueryOptions(id),
    refetchInterval: pollInterval,
    throwOnError: (_error, query) => query.state.data === undefined,
  })

/** GET /api/conversations/unread: the count beside "Messages" in the menu. */
export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: ['conversations', 'unread'],
    queryFn: ({ signal }) => api.get('/conversations/unread', unreadSchema(), { signal }),
  })

/**
 * Reads the conversations again when a message arrives or a thread is read (live), so no page needs a reload. The
 * menu's unread count listens for itself (useUnreadMessages), on every dashboard page.
 */
export function useMessagesLive(enabled = true) {
  const queryClient = useQueryClient()
  const refresh = (data: Record<string, unknown>) => {
    const id = typeof data.conversationId === 'string' ? data.conversationId : undefined
    void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] })
    if (id) {
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'messages', id] })
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'detail', id] })
    }
  }
  useLiveEvent('message', refresh, enabled)
  useLiveEvent('conversation_read', refresh, enabled)
}

/**
 * The unread count beside "Messages" in the menu, on every dashboard page: read again at once when a message arrives
 * or a thread is read (live, on the tab's one stream, which the header's bell shares), and every 10 s while the
 * stream is down.
 */
export function useUnreadMessages(enabled = true) {
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadMessagesQueryOptions().queryKey })
  useLiveEvent('message', refresh, enabled)
  useLiveEvent('conversation_read', refresh, enabled)
  const { data } = useQuery({
    ...unreadMessagesQueryOptions(),
    enabled,
    refetchInterval: () => (liveConnected() ? false : POLL_MS),
  })
  return data?.unread ?? 0
}

/** After a message is sent: the thread, the lists and the counts are read again. */
function settleMessage(queryClient: QueryClient, message: ChatMessage) {
  void queryClient.invalidateQueries({ queryKey: ['conversations', 'messages', message.conversationId] })
  void queryClient.invalidateQueries({ queryKey: ['conversations', 'detail', message.conversationId] })
  void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] })
  void queryClient.invalidateQueries({ queryKey: ['conversations', 'unread'] })
}

/** POST /api/conversations/{id}/messages */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => api.post(`${conversationPath(id)}/messages`, { text }, messageSchema()),
    onSuccess: (message) => settleMessage(queryClient, message),
  })
}

/** POST /api/conversations: the first message about a bag (or the next, in the same conversation). */
export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { productId: string; text: string }) => api.post('/conversations', body, messageSchema()),
    onSuccess: (message) => settleMessage(queryClient, message),
  })
}

/** POST /api/orders/{id}/conversation: a party of an order writes in its conversation. */
export function useMessageAboutOrder(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) =>
      api.post(`/orders/${encodeURIComponent(orderId)}/conversation`, { text }, messageSchema()),
    onSuccess: (message) => settleMessage(queryClient, message),
  })
}

/** POST /api/messages/{id}/report */
export function useReportMessage() {
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: string; reason: string }) =>
      api.post(`/messages/${encodeURIComponent(messageId)}/report`, { reason }, reportedSchema()),
  })
}

/** GET /api/blocks */
export const blocksQueryOptions = () =>
  queryOptions({ queryKey: ['blocks'], queryFn: ({ signal }) => api.get('/blocks', blockListSchema(), { signal }) })

/** POST|DELETE /api/blocks/{userId}: the thread shows the block at once. */
export function useBlock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block
        ? api.post(`/blocks/${encodeURIComponent(userId)}`, undefined, blockSchema()).then(() => true)
        : api.delete(`/blocks/${encodeURIComponent(userId)}`, unblockedSchema()).then(() => false),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['blocks'] }),
        queryClient.invalidateQueries({ queryKey: ['conversations'] }),
      ]),
  })
}

export type ReportStatus = 'open' | 'resolved'

/** GET /api/message-reports?status= (admin): the moderation queue, newest first. */
export const messageReportsQueryOptions = (status: ReportStatus) =>
  queryOptions({
    queryKey: ['message-reports', { status }],
    queryFn: ({ signal }) =>
      api.get(`/message-reports?${new URLSearchParams({ status, limit: '100' })}`, reportListSchema(), { signal }),
  })

export const useMessageReports = (status: ReportStatus) =>
  useQuery({
    ...messageReportsQueryOptions(status),
    throwOnError: (_error, query) => query.state.data === undefined,
  })

/** POST /api/message-reports/{id}/resolve (admin) */
export function useResolveMessageReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ResolveMessageReportBody) =>
      api.post(`/message-reports/${encodeURIComponent(id)}/resolve`, body, reportSchema()),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['message-reports'] }),
        queryClient.invalidateQueries({ queryKey: ['conversations'] }),
      ]),
  })
}
