import { MessagesSquare } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useOrderConversation } from '../api/conversations'
import { messageTime, preview } from '../format'

/**
 * On the admin's dispute page: the buyer's and the seller's messages about the order, which an admin may
 * read while it is disputed. Nothing when they never wrote.
 */
export function DisputeConversation({ orderId }: { orderId: string }) {
  const { data: c } = useOrderConversation(orderId)
  if (!c) return null
  const last = c.lastMessage
  return (
    <section
      aria-labelledby="dispute-messages"
      className="mt-5 flex max-w-5xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <h2 id="dispute-messages" className="flex items-center gap-2 font-display text-xl font-semibold">
        <MessagesSquare aria-hidden="true" className="size-5 text-primary" />
        Messages between {c.buyer.name} and {c.seller.name}
      </h2>
      {last ? (
        <p className="text-sm text-base-content/80">
          <span className="font-medium text-base-content">
            {last.senderId === c.buyer._id ? c.buyer.name : c.seller.name}
          </span>{' '}
          ({messageTime(last.createdAt)}): {preview(last.text, 160)}
        </p>
      ) : null}
      <ButtonLink to={paths.dashboard.conversation(c._id)} variant="outline" size="sm" className="self-start">
        Read the conversation
      </ButtonLink>
    </section>
  )
}
