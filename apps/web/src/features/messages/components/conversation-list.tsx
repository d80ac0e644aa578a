import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { MessagesSquare } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { type Conversation, useConversations } from '../api/conversations'
import { messageDateTime, messageTime, preview } from '../format'

/** The other party of a conversation, as the viewer sees it. */
export const otherParty = (c: Pick<Conversation, 'buyer' | 'seller'>, viewerId: string | undefined) =>
  c.buyer._id === viewerId ? c.seller : c.buyer

function ConversationItem({ c, viewerId, selected }: { c: Conversation; viewerId: string; selected: boolean }) {
  const other = otherParty(c, viewerId)
  const last = c.lastMessage
  const mine = last?.senderId === viewerId
  const unread = c.unread > 0
  return (
    <li>
      <Link
        to={paths.dashboard.conversation(c._id)}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 rounded-field px-3 py-3 transition-colors hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary',
          selected && 'bg-base-200',
        )}
      >
        <img
          src={c.product.img}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-field border border-base-300 bg-base-200 object-cover"
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', unread ? 'font-bold' : 'font-semibold')}>{other.name}</span>
            {last ? (
              <time
                dateTime={last.createdAt}
                title={messageDateTime(last.createdAt)}
                className="shrink-0 text-xs text-base-content/70"
                suppressHydrationWarning
              >
                {messageTime(last.createdAt)}
              </time>
            ) : null}
          </span>
          <span className="truncate text-sm text-base-content/75">{c.product.title}</span>
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-medium text-base-content' : 'text-base-content/75')}>
              {last ? `${mine ? 'You: ' : ''}${preview(last.text)}` : ''}
            </span>
            {unread ? (
              <span className="badge badge-sm badge-primary shrink-0 font-semibold tabular-nums">
                {c.unread > 99 ? '99+' : c.unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  )
}

/** The inbox: one's conversations, newest activity first, with the bag's photo, the last message and unread counts. */
export function ConversationList({ selectedId }: { selectedId?: string }) {
  const { user } = useSession()
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useConversations()
  if (isPending || !user) return <Loading className="py-12" />
  const conversations = data?.pages.flatMap((p) => p.data) ?? []
  if (conversations.length === 0) {
    return (
      <EmptyState
        icon={<MessagesSquare className="size-7" />}
        title={t.inboxEmpty}
        description={t.inboxEmptyHint}
        headingLevel="h2"
        className="m-3"
      />
    )
  }
  return (
    <div className="flex min-h-0 flex-col">
      <ul aria-label="Conversations" className="flex flex-col divide-y divide-base-200 p-1.5">
        {conversations.map((c) => (
          <ConversationItem key={c._id} c={c} viewerId={user.id} selected={c._id === selectedId} />
        ))}
      </ul>
      {hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="m-2"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? 'Loading…' : 'Load more conversations'}
        </Button>
      ) : null}
    </div>
  )
}
