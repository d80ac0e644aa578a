import { z } from 'zod'
import './zod-config.ts'

// Buyer–seller messages (MARKETPLACE.md §5; issue 17): the shared contract of server and web.

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
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required').max(500),
})

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
