import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import type { Notification, NotificationKind } from '@preloved/shared/notifications'
import {
  Bell,
  BellOff,
  CheckCheck,
  Handshake,
  Heart,
  type LucideIcon,
  MessageSquare,
  Package,
  Search,
  Star,
  Tag,
} from 'lucide-react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { formatDay, formatTime } from '@/lib/format-date'
import { useMarkRead, useNotificationPages } from '../api/notifications'

const ICONS: Record<NotificationKind, LucideIcon> = {
  offer_received: Handshake,
  offer_countered: Handshake,
  offer_accepted: Handshake,
  offer_declined: Handshake,
  offer_expired: Handshake,
  message: MessageSquare,
  order: Package,
  price_drop: Tag,
  wishlist_sold: Heart,
  saved_search: Search,
  review: Star,
}

/** A link inside the shop, or the notifications page for anything else (a stored link is never followed off-site). */
const safeLink = (link: string) =>
  link.startsWith('/') && !link.startsWith('//') ? link : paths.dashboard.notifications()

function NotificationItem({
  n,
  onOpen,
  onRead,
  busy,
}: {
  n: Notification
  onOpen: () => void
  onRead: () => void
  busy: boolean
}) {
  const Icon = ICONS[n.kind] ?? Bell
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-box border px-4 py-3 sm:gap-4 sm:px-5',
        n.read ? 'border-base-300 bg-base-100' : 'border-primary/30 bg-primary/5',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 grid size-9 shrink-0 place-items-center rounded-full',
          n.read ? 'bg-base-200 text-base-content/70' : 'bg-primary text-primary-content',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={safeLink(n.link)}
          onClick={onOpen}
          className={cn('link link-hover break-words', n.read ? 'font-normal' : 'font-semibold')}
        >
          {n.read ? null : <span className="sr-only">{`${t.unreadBadge}: `}</span>}
          {n.text}
        </Link>
        <time dateTime={n.createdAt} className="text-xs text-base-content/70 tabular-nums">
          {formatDay(n.createdAt)}, {formatTime(n.createdAt)}
        </time>
      </div>
      {n.read ? null : (
        <div className="flex shrink-0 items-center gap-2">
          <span aria-hidden="true" className="badge badge-primary badge-sm max-sm:hidden">
            {t.unreadBadge}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={`${t.markRead}: ${n.text}`}
            title={t.markRead}
            disabled={busy}
            onClick={onRead}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </li>
  )
}

/**
 * '/dashboard/notifications': the user's notifications, newest first, unread ones marked; opening one marks it read
 * and follows its link; "Mark all as read"; "Load more". Live: a new one appears without a reload.
 */
export function NotificationsList({ unread }: { unread: number | undefined }) {
  const pages = useNotificationPages()
  const markRead = useMarkRead()
  const items = pages.data?.pages.flatMap((p) => p.data) ?? []

  if (!pages.data) return <Loading className="py-12" />

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/75" aria-live="polite">
          {unread === undefined ? '' : unread === 0 ? t.allRead : `${unread} unread`}
        </p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.dashboard.notificationSettings()} variant="subtle" size="sm">
            {t.settingsTitle}
          </ButtonLink>
          <Button
            variant="outline"
            size="sm"
            className="gap-2"
            disabled={!unread || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t.markAllRead}
          </Button>
        </div>
      </div>
      {items.length === 0 ? (
        <EmptyState headingLevel="h2" icon={<BellOff className="size-7" />} title={t.empty} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t.pageTitle}>
          {items.map((n) => (
            <NotificationItem
              key={n._id}
              n={n}
              busy={markRead.isPending}
              onRead={() => markRead.mutate({ ids: [n._id] })}
              onOpen={() => {
                // the link itself navigates
                if (!n.read) markRead.mutate({ ids: [n._id] })
              }}
            />
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <div className="flex justify-center pt-2">
          <Button
            variant="outline"
            className="min-w-48"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" /> : null}
            {t.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
