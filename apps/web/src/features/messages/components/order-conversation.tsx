import { MessageCircle } from 'lucide-react'
import { useNavigate } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useConversations, useMessageAboutOrder } from '../api/conversations'
import { messageTime, preview } from '../format'
import { Composer } from './composer'

type OrderConversationProps = {
  orderId: string
  productId: string
  buyerId: string
  /** Who reads the order page: its buyer or its seller (an admin reads a disputed order's messages from Disputes). */
  viewer: 'buyer' | 'seller'
}

/**
 * The order page's messages: a link to the conversation of this bag and buyer, with its last message and
 * unread count; before anyone wrote, a box to write the first message.
 */
export function OrderConversation({ orderId, productId, buyerId, viewer }: OrderConversationProps) {
  const navigate = useNavigate()
  const { data, isPending, isError } = useConversations(productId, { quiet: true })
  const write = useMessageAboutOrder(orderId)
  const c = data?.pages.flatMap((p) => p.data).find((x) => x.orderId === orderId || x.buyer._id === buyerId)
  const other = viewer === 'buyer' ? 'the seller' : 'the buyer'
  // the order page stands without its messages panel when they cannot be read
  if (isError && !data) return null
  return (
    <section
      aria-labelledby="order-messages"
      className="flex max-w-5xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-messages" className="flex items-center gap-2 font-display text-xl font-semibold">
        <MessageCircle aria-hidden="true" className="size-5 text-primary" />
        Messages
      </h2>
      {isPending ? (
        <Loading size="sm" className="py-2" />
      ) : c ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="min-w-0 text-sm text-base-content/80">
            {c.lastMessage ? (
              <>
                <span className="font-medium text-base-content">
                  {c.lastMessage.senderId === buyerId ? c.buyer.name : c.seller.name}
                </span>{' '}
                ({messageTime(c.lastMessage.createdAt)}): {preview(c.lastMessage.text, 120)}
              </>
            ) : null}
          </p>
          <ButtonLink to={paths.dashboard.conversation(c._id)} variant="outline" size="sm" className="shrink-0">
            Open the conversation
            {c.unread > 0 ? <span className="badge badge-sm badge-primary">{c.unread} unread</span> : null}
          </ButtonLink>
        </div>
      ) : (
        <>
          <p className="text-sm text-base-content/80">No messages yet. Questions about this order? Write to {other}.</p>
          <Composer
            busy={write.isPending}
            label={`Message to ${other}`}
            onSend={async (text) => {
              const message = await write.mutateAsync(text)
              navigate(paths.dashboard.conversation(message.conversationId))
            }}
          />
        </>
      )}
    </section>
  )
}
