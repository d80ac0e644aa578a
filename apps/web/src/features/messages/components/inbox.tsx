import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { MessagesSquare } from 'lucide-react'
import { cn } from '@/lib/cn'
import { useMessagesLive } from '../api/conversations'
import { ConversationList } from './conversation-list'
import { Thread } from './thread'

/**
 * The inbox: the conversation list beside the open conversation. On a phone one at a time: the list at
 * /dashboard/messages, the conversation at /dashboard/messages/:id with a link back.
 */
export function Inbox({ selectedId }: { selectedId?: string }) {
  useMessagesLive()
  return (
    <div className="grid gap-4 md:h-[calc(100dvh-15rem)] md:min-h-[32rem] md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
      <section
        aria-label="Conversations"
        className={cn(
          'min-h-0 overflow-y-auto rounded-box border border-base-300 bg-base-100 shadow-sm',
          selectedId && 'max-md:hidden',
        )}
      >
        <ConversationList selectedId={selectedId} />
      </section>
      <section
        aria-label="Conversation"
        className={cn(
          'flex min-h-0 flex-col rounded-box border border-base-300 bg-base-100 shadow-sm',
          selectedId ? 'max-md:h-[calc(100dvh-9rem)] max-md:min-h-[28rem]' : 'max-md:hidden',
        )}
      >
        {selectedId ? (
          <Thread key={selectedId} id={selectedId} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-base-content/75">
            <MessagesSquare aria-hidden="true" className="size-10 text-primary/70" />
            <p>{t.chooseConversation}</p>
          </div>
        )}
      </section>
    </div>
  )
}
