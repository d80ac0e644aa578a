import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Ban, Flag, Package, ShieldAlert } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { type SessionUser, useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/notify'
import {
  type ChatMessage,
  type Conversation,
  useBlock,
  useConversation,
  useMessages,
  useSendMessage,
} from '../api/conversations'
import { messageDateTime, messageTime } from '../format'
import { Composer } from './composer'
import { otherParty } from './conversation-list'
import { ReportMessageDialog } from './report-message-dialog'

function ThreadHeader({ c, user, party }: { c: Conversation; user: SessionUser; party: boolean }) {
  const other = otherParty(c, user.id)
  const block = useBlock()
  const [confirming, setConfirming] = useState(false)
  const setBlocked = (blocked: boolean) =>
    block.mutate(
      { userId: other._id, block: blocked },
      {
        onSuccess: () => toast.success(blocked ? t.blockedToast(other.name) : t.unblockedToast(other.name)),
        onError: (error) => toast.error(error.message),
        onSettled: () => setConfirming(false),
      },
    )
  return (
    <div className="flex flex-col gap-3 border-b border-base-300 p-3 sm:p-4">
      <Link
        to={paths.dashboard.messages()}
        className="link link-hover inline-flex items-center gap-1.5 self-start text-sm font-medium md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All messages
      </Link>
      <div className="flex items-start gap-3">
        <img
          src={c.product.img}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-field border border-base-300 bg-base-200 object-cover"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 className="font-display text-lg leading-snug font-semibold break-words sm:text-xl">
            {party ? other.name : `${c.buyer.name} and ${c.seller.name}`}
          </h2>
          <p className="text-sm text-base-content/80">
            <Link to={paths.product(c.product._id)} className="link link-hover">
              {c.product.title}
            </Link>{' '}
            · {formatPrice(c.product.price)}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1">
            {c.orderId && party ? (
              <Link
                to={paths.dashboard.order(c.orderId)}
                className="link link-hover inline-flex items-center gap-1 text-sm font-medium text-primary"
              >
                <Package aria-hidden="true" className="size-4" />
                View the order
              </Link>
            ) : null}
            {party && !c.blocked ? (
              <Button
                variant="ghost"
                size="sm"
                className="-ml-2 text-base-content/80"
                onClick={() => setConfirming(true)}
              >
                <Ban aria-hidden="true" className="size-4" />
                Block {other.name}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {party && c.blocked ? (
        <FormAlert tone="info">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t.youBlockedNote(other.name)}</span>
            <Button size="sm" variant="outline" disabled={block.isPending} onClick={() => setBlocked(false)}>
              Unblock {other.name}
            </Button>
          </div>
        </FormAlert>
      ) : null}
      {!party ? (
        <FormAlert tone="info">
          <span className="inline-flex items-center gap-1.5">
            <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
            {t.adminReadOnly}
          </span>
        </FormAlert>
      ) : null}
      <ActionDialog
        open={confirming}
        title={`Block ${other.name}?`}
        message={`${other.name} will not be able to message you or make offers on your bags, and you cannot message them. They are not told. You can unblock them here at any time.`}
        confirmLabel="Block"
        tone="danger"
        busy={block.isPending}
        onConfirm={() => setBlocked(true)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}

function Bubble({
  m,
  c,
  user,
  party,
  onReport,
}: {
  m: ChatMessage
  c: Conversation
  user: SessionUser
  party: boolean
  onReport: (m: ChatMessage) => void
}) {
  const mine = m.senderId === user.id
  const sender = m.senderId === c.buyer._id ? c.buyer : c.seller
  const removed = m.text === t.removedByModerator
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      {!party ? <span className="px-1 text-xs font-semibold text-base-content/75">{sender.name}</span> : null}
      <div className={cn('flex max-w-[85%] items-end gap-1 sm:max-w-[75%]', mine && 'flex-row-reverse')}>
        <div
          className={cn(
            'rounded-box px-3.5 py-2 text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap',
            mine ? 'rounded-br-sm bg-primary text-primary-content' : 'rounded-bl-sm bg-base-200 text-base-content',
            removed && 'italic opacity-80',
          )}
        >
          <span className="sr-only">{mine ? 'You' : sender.name}: </span>
          {m.text}
        </div>
        {party && !mine && !removed ? (
          <button
            type="button"
            onClick={() => onReport(m)}
            className="btn btn-ghost btn-xs btn-square shrink-0 text-base-content/60 hover:text-error"
            title="Report this message"
          >
            <Flag aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Report this message</span>
          </button>
        ) : null}
      </div>
      <time
        dateTime={m.createdAt}
        title={messageDateTime(m.createdAt)}
        className="px-1 text-xs text-base-content/70"
        suppressHydrationWarning
      >
        {messageTime(m.createdAt)}
      </time>
      {m.masked ? (
        <p className={cn('max-w-[85%] px-1 text-xs text-base-content/80 sm:max-w-[75%]', mine && 'text-right')}>
          {t.maskedNote}
        </p>
      ) : null}
    </li>
  )
}

/**
 * One conversation: its bag and the other party, the messages (oldest at the top, earlier ones on demand), and the
 * composer. New messages arrive by the live stream, or by reading again every few seconds without it.
 */
export function Thread({ id }: { id: string }) {
  const { user } = useSession()
  const conversation = useConversation(id)
  const messages = useMessages(id)
  const send = useSendMessage(id)
  const [reporting, setReporting] = useState<ChatMessage | null>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const ordered = (messages.data?.pages.flatMap((p) => p.data) ?? []).slice().reverse()
  const newest = ordered.at(-1)?._id

  // the newest message in view: at first, and whenever one arrives (loading earlier ones keeps the place)
  useLayoutEffect(() => {
    const list = listRef.current
    if (list && newest) list.scrollTop = list.scrollHeight
  }, [newest])
  // reading the newest page marked it read: the inbox's and the menu's counts are read again
  const queryClient = useQueryClient()
  const readAt = messages.dataUpdatedAt
  useEffect(() => {
    if (!readAt) return
    void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] })
    void queryClient.invalidateQueries({ queryKey: ['conversations', 'unread'] })
  }, [readAt, queryClient])

  const c = conversation.data
  if (!c || !user || messages.isPending) return <Loading className="py-16" />
  const party = c.buyer._id === user.id || c.seller._id === user.id

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ThreadHeader c={c} user={user} party={party} />
      <ol
        ref={listRef}
        aria-label="Messages"
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-3 py-4 sm:px-4"
        // a scrolling region must be reachable by keyboard
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list of messages, read with the arrow keys
        tabIndex={0}
      >
        {messages.hasNextPage ? (
          <li className="self-center">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void messages.fetchNextPage()}
              disabled={messages.isFetchingNextPage}
            >
              {messages.isFetchingNextPage ? 'Loading…' : 'Show earlier messages'}
            </Button>
          </li>
        ) : null}
        {ordered.map((m) => (
          <Bubble key={m._id} m={m} c={c} user={user} party={party} onReport={setReporting} />
        ))}
      </ol>
      {party && !c.blocked ? (
        <div className="border-t border-base-300 p-3 sm:p-4">
          <Composer
            busy={send.isPending}
            label={`Message to ${otherParty(c, user.id).name}`}
            onSend={(text) => send.mutateAsync(text)}
          />
        </div>
      ) : null}
      <ReportMessageDialog message={reporting} onClose={() => setReporting(null)} />
    </div>
  )
}
