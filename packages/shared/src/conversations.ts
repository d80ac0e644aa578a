import { z } from 'zod'
import { pageQuerySchema } from './common.ts'
import { conversationsMessages } from './messages/conversations.ts'
import './zod-config.ts'

// Buyer–seller messages (docs/product/messages.md): the shared contract of server and web.

export const MESSAGE_MAX = 2000

export const messageTextSchema = z
  .string({ error: 'text is required' })
  .trim()
  .min(1, 'text is required')
  .max(MESSAGE_MAX, `text must be at most ${MESSAGE_MAX} characters`)

/** POST /api/conversations: the first message about a bag (or the next, in the existing conversation). */
export const startConversationBodySchema = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required'),
  text: messageTextSchema,
})
export type StartConversationBody = z.infer<typeof startConversationBodySchema>

/** POST /api/conversations/{id}/messages */
export const sendMessageBodySchema = z.object({ text: messageTextSchema })
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>

/** POST /api/messages/{id}/report */
export const reportMessageBodySchema = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(500, 'reason must be at most 500 characters'),
})
export type ReportMessageBody = z.infer<typeof reportMessageBodySchema>

/** What the report dialog offers (the reason travels as its words; any other text is accepted too). */
export const MESSAGE_REPORT_REASONS = conversationsMessages.reportReasons

export const chatMessageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  /** 1, 2, 3… within the conversation. */
  seq: z.number(),
  senderId: z.string(),
  text: z.string(),
  /** Contact details were replaced by [hidden] before storing. */
  masked: z.boolean(),
  createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

export const conversationSchema = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), title: z.string(), img: z.string(), price: z.number() }),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  seller: z.object({ _id: z.string(), name: z.string() }),
  lastMessage: chatMessageSchema.nullable(),
  /** Messages from the other party the caller has not read. */
  unread: z.number(),
  /** The order of this bag and buyer, when there is one (its page links here). */
  orderId: z.string().nullable(),
  /** The caller blocked the other party (they are not told). */
  blocked: z.boolean(),
  lastMessageAt: z.string(),
})
export type Conversation = z.infer<typeof conversationSchema>

/** GET /api/conversations: own conversations, newest activity first; `productId` narrows to one bag's. */
export const conversationsQuerySchema = pageQuerySchema.extend({
  productId: z.string().max(64, 'productId is not a listing id').optional(),
})

/** GET /api/conversations/unread: messages from the other parties not read yet, over all one's conversations. */
export const unreadMessagesSchema = z.object({ unread: z.number() })

/** POST /api/message-reports/{id}/resolve (admin): dismiss the report, or remove the message (its text is kept in the audit log). */
export const resolveMessageReportBodySchema = z.object({
  action: z.enum(['dismiss', 'remove'], { error: 'action must be dismiss or remove' }),
  note: z.string().trim().max(500, 'note must be at most 500 characters').optional(),
})
export type ResolveMessageReportBody = z.infer<typeof resolveMessageReportBodySchema>

export const MESSAGE_REPORT_STATUSES = ['open', 'resolved'] as const

/** GET /api/message-reports (admin): the moderation queue, newest report first. */
export const messageReportSchema = z.object({
  _id: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: z.object({ _id: z.string(), name: z.string() }),
  message: chatMessageSchema,
  sender: z.object({ _id: z.string(), name: z.string() }),
  conversation: conversationSchema.pick({ _id: true, product: true, buyer: true, seller: true }),
  /** dismissed | removed, once resolved. */
  resolution: z.enum(['dismissed', 'removed']).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
})
export type MessageReport = z.infer<typeof messageReportSchema>

/** GET /api/blocks: the members the caller blocked, newest first. */
export const blockSchema = z.object({ _id: z.string(), name: z.string(), createdAt: z.string() })
export type Block = z.infer<typeof blockSchema>
