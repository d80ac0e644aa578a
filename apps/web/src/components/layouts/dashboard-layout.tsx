import { messages } from '@preloved/shared/messages'
import { PanelLeftOpen, X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { NavLink, Outlet } from 'react-router'
import { buttonClass } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { Header } from './header'

type MenuItem = { to: string; label: string }

export type DashboardMenu = 'customer' | 'seller' | 'admin'

// SPEC §2 side menu: ordinary users, admin and sellers each see their own links (the admin also reads the outbox,
// DESIGN §7). The route guards allow the same: myOrders and wishlist are open to any signed-in user.
const menus = {
  customer: [
    { to: paths.dashboard.myOrders(), label: messages.nav.myOrders },
    { to: paths.dashboard.wishlist(), label: messages.nav.myWishlist },
  ],
  admin: [
    { to: paths.dashboard.allCustomers(), label: messages.nav.allCustomers },
    { to: paths.dashboard.allSellers(), label: messages.nav.allSellers },
    { to: paths.dashboard.reportedItems(), label: messages.nav.reportedItems },
    { to: paths.dashboard.outbox(), label: messages.nav.outbox },
    { to: paths.dashboard.posts(), label: messages.nav.posts },
    { to: paths.dashboard.settings(), label: messages.nav.settings },
  ],
  seller: [
    { to: paths.dashboard.addProducts(), label: messages.nav.addProduct },
    { to: paths.dashboard.myProducts(), label: messages.nav.myProducts },
  ],
} satisfies Record<DashboardMenu, MenuItem[]>

type DashboardLayoutProps = {
  /** What the page area shows: the matched page by default, or a route's error screen. */
  children?: ReactNode
  /** Which role's links the side menu shows; undefined while the role is being looked up. */
  menu: DashboardMenu | undefined
}

/** The dashboard: site header, then a side drawer menu that collapses on phones (DESIGN §5). */
export function DashboardLayout({ menu, children }: DashboardLayoutProps) {
  const items = menu ? menus[menu] : []
  const [drawerOpen, setDrawerOpen] = useState(false)
  const drawerId = useId()
  const menuId = useId()
  const openButtonRef = useRef<HTMLButtonElement>(null)
  const closeButtonRef = useRef<HTMLButtonElement>(null)

  // On phones the drawer is a dialog-like panel: focus moves in when it opens and Escape closes it.
  useEffect(() => {
    if (!drawerOpen) return
    // The panel becomes visible (and focusable) a frame or two after it opens: try until focus lands.
    let frame = 0
    let tries = 0
    const focusClose = () => {
      const button = closeButtonRef.current
      button?.focus()
      if (button && document.activeElement !== button && ++tries < 30) frame = requestAnimationFrame(focusClose)
    }
    frame = requestAnimationFrame(focusClose)
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setDrawerOpen(false)
      openButtonRef.current?.focus()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [drawerOpen])

  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <div className="drawer flex-1 lg:drawer-open">
        <input
          id={drawerId}
          type="checkbox"
          className="drawer-toggle"
          tabIndex={-1}
          aria-hidden="true"
          checked={drawerOpen}
          onChange={(event) => setDrawerOpen(event.target.checked)}
        />
        <div className="drawer-content flex flex-col">
          <div className="border-b border-base-300 px-4 py-2 lg:hidden">
            <button
              ref={openButtonRef}
              type="button"
              className={buttonClass({ variant: 'ghost', size: 'sm', className: 'gap-2' })}
              aria-expanded={drawerOpen}
              aria-controls={menuId}
              onClick={() => setDrawerOpen(true)}
            >
              <PanelLeftOpen aria-hidden="true" className="size-5" />
              Dashboard links
            </button>
          </div>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-8 lg:py-12">
            {children ?? <Outlet />}
          </main>
        </div>
        <div className="drawer-side z-50 lg:z-auto">
          {/* Pointer users close the drawer by tapping beside it; keyboard users have the Close button and Escape. */}
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="drawer-overlay lg:hidden"
            onClick={() => setDrawerOpen(false)}
          />
          <nav
            id={menuId}
            aria-label="Dashboard"
            className="min-h-full w-72 border-r border-base-300 bg-base-200 px-4 py-6"
          >
            <div className="mb-3 flex items-center justify-between gap-2 px-3">
              <p className="font-display text-lg font-semibold">{messages.nav.dashboard}</p>
              <button
                ref={closeButtonRef}
                type="button"
                aria-label="Close panel"
                className={buttonClass({ variant: 'ghost', size: 'sm', className: 'btn-square lg:hidden' })}
                onClick={() => {
                  setDrawerOpen(false)
                  openButtonRef.current?.focus()
                }}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            {menu ? null : <Loading size="sm" className="py-4" />}
            <ul className="menu w-full gap-1 p-0">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onClick={() => setDrawerOpen(false)}
                    className={({ isActive }) => cn('text-base', isActive && 'menu-active')}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  )
}
