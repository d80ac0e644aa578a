import { messages } from '@preloved/shared/messages'
import type { ReactNode } from 'react'
import { NavLink, Outlet } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { cn } from '@/lib/cn'
import { type DashboardMenu, dashboardMenus } from './dashboard-menu'
import { Header } from './header'
import { MenuCount } from './menu-counts'
import { SkipLink } from './skip-link'

export type { DashboardMenu } from './dashboard-menu'

type DashboardLayoutProps = {
  /** What the page area shows: the matched page by default, or a route's error screen. */
  children?: ReactNode
  /** Which role's links the side menu shows; undefined while the role is being looked up. */
  menu: DashboardMenu | undefined
}

/**
 * The dashboard: site header, then the side menu beside the page. On phones the side menu is not shown: the header's
 * one menu holds the same links, so a phone has a single menu.
 */
export function DashboardLayout({ menu, children }: DashboardLayoutProps) {
  const items = menu ? dashboardMenus[menu] : []
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* printing (an order's receipt) shows the page alone: no header, no side menu */}
      <div className="contents print:hidden">
        <Header dashboardMenu={menu} />
      </div>
      <div className="flex flex-1">
        <nav
          aria-label="Dashboard"
          className="hidden w-60 shrink-0 border-r border-base-300 bg-base-200 px-4 py-6 md:block lg:w-72 print:hidden!"
        >
          <p className="mb-3 px-3 font-display text-lg font-semibold">{messages.nav.dashboard}</p>
          {menu ? null : <Loading size="sm" className="py-4" />}
          <ul className="menu w-full gap-1 p-0">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => cn('text-base', isActive && 'menu-active')}>
                  {item.label}
                  <MenuCount of={item.count} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-8 lg:py-12 print:p-0"
        >
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  )
}
