import { createContext, useContext } from 'react'
import type { MenuCountKey } from './dashboard-menu'

/**
 * The counts shown beside dashboard menu links (unread messages). The numbers come from features the
 * layout may not import: the dashboard's route (app/routes/dashboard/dashboard-root.tsx) provides them.
 */
export const MenuCountsContext = createContext<Partial<Record<MenuCountKey, number>>>({})

/** The badge beside a menu link: nothing at zero, "99+" beyond; read as "3 unread". */
export function MenuCount({ of }: { of: MenuCountKey | undefined }) {
  const counts = useContext(MenuCountsContext)
  const n = of ? (counts[of] ?? 0) : 0
  if (n <= 0) return null
  return (
    <span className="badge badge-sm badge-primary ml-auto font-semibold tabular-nums" data-testid={`menu-count-${of}`}>
      {n > 99 ? '99+' : n}
      <span className="sr-only"> unread</span>
    </span>
  )
}
