import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import { Bell } from 'lucide-react'
import { NavLink } from 'react-router'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { useUnreadCount } from '../api/notifications'

/**
 * The header's bell (docs/product/notifications.md): for a signed-in user, a link to the notifications page with the unread
 * count on it, kept current by the live stream and, while that is down, by polling. Nothing for visitors.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useSession()
  const unread = useUnreadCount(Boolean(user)).data?.unread ?? 0
  if (!user) return null
  const shown = unread > 99 ? '99+' : String(unread)
  return (
    <NavLink
      to={paths.dashboard.notifications()}
      aria-label={t.bellUnread(unread)}
      title={t.bell}
      className={({ isActive }) => cn('btn btn-ghost btn-square relative', isActive && 'text-primary', className)}
    >
      <Bell aria-hidden="true" className="size-6" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="badge badge-primary badge-sm absolute -top-0.5 -right-0.5 min-w-5 px-1 font-semibold tabular-nums"
        >
          {shown}
        </span>
      ) : null}
    </NavLink>
  )
}
