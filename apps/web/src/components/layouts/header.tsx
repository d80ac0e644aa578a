import { CATEGORY_LABELS, CATEGORY_SLUGS, COMPANY_NAME } from '@preloved/shared/constants'
import { navMessages } from '@preloved/shared/site-messages'
import { Menu, X } from 'lucide-react'
import { type ComponentType, createContext, useContext, useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { buttonClass } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { dashboardHome, paths } from '@/config/paths'
import { type SessionUser, signOut, useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { type DashboardMenu, dashboardMenus } from './dashboard-menu'
import { LogoMark } from './logo-mark'
import { MenuCount } from './menu-counts'

type NavItem = { to: string; label: string }

/**
 * The search box the header shows on every page (docs/product/search.md). It belongs to features/search, which
 * components may not import: the app provides it here (app/provider.tsx).
 */
export const HeaderSearchContext = createContext<ComponentType<{ className?: string }> | null>(null)

/**
 * The notifications bell: it belongs to features/notifications, provided by the app (app/provider.tsx); it
 * shows for signed-in users only.
 */
export const HeaderBellContext = createContext<ComponentType<{ className?: string }> | null>(null)

const shop: NavItem = { to: paths.categories(), label: navMessages.shop }
const navItems: NavItem[] = [
  { to: paths.home(), label: navMessages.home },
  shop,
  { to: paths.blogs(), label: navMessages.blogs },
]
const categoryItems: NavItem[] = CATEGORY_SLUGS.map((slug) => ({
  to: paths.category(slug),
  label: CATEGORY_LABELS[slug],
}))

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200',
    isActive ? 'text-primary underline decoration-2 underline-offset-8' : 'text-base-content',
  )

type AccountLinksProps = {
  user: SessionUser | null
  pending: boolean
  variant: 'desktop' | 'phone'
  /** Phones: the dashboard links listed under Dashboard (the dashboard's own role lookup, else the session's role). */
  dashboardMenu?: DashboardMenu
  onNavigate?: () => void
}

const phoneLinkClass = ({ isActive }: { isActive: boolean }) => cn('text-base', isActive && 'menu-active')

/**
 * docs/product/storefront.md#header-and-menus: a signed-in user gets Dashboard (myOrders; a seller's myProducts; the admin's allSellers) and
 * Log Out, a visitor gets Login. On phones Dashboard also lists the role's dashboard links, so that the phone has one
 * menu. While the session is read, a quiet placeholder holds the place.
 */
function AccountLinks({ user, pending, variant, dashboardMenu, onNavigate }: AccountLinksProps) {
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)
  const phone = variant === 'phone'
  // on phones the account links sit under a rule, below the site's links
  const firstClass = phone ? 'mt-1 border-t border-base-300 pt-2' : ''
  const itemClass = phone ? '' : 'ml-2'

  if (pending) {
    return (
      <li className={cn(firstClass, itemClass)}>
        <Skeleton className={phone ? 'h-8 w-full' : 'h-8 w-20'} />
      </li>
    )
  }
  if (!user) {
    return (
      <li className={cn(firstClass, itemClass)}>
        <NavLink
          to={paths.login()}
          onClick={onNavigate}
          className={buttonClass({ variant: 'primary', size: 'sm', block: phone, className: phone ? '' : 'px-5' })}
        >
          {navMessages.login}
        </NavLink>
      </li>
    )
  }

  const logOut = async () => {
    setSigningOut(true)
    await signOut()
    setSigningOut(false)
    onNavigate?.()
    navigate(paths.home())
  }

  const dashboardLinks = phone ? dashboardMenus[dashboardMenu ?? user.role] : []
  return (
    <>
      <li className={firstClass}>
        <NavLink
          to={dashboardHome(user.role)}
          end
          onClick={onNavigate}
          className={phone ? 'text-base' : desktopLinkClass}
        >
          {navMessages.dashboard}
        </NavLink>
        {dashboardLinks.length > 0 ? (
          <ul aria-label={navMessages.dashboard}>
            {dashboardLinks.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={onNavigate} className={phoneLinkClass}>
                  {item.label}
                  <MenuCount of={item.count} />
                </NavLink>
              </li>
            ))}
          </ul>
        ) : null}
      </li>
      <li className={cn(itemClass, phone && 'mt-2')}>
        <button
          type="button"
          onClick={logOut}
          disabled={signingOut}
          className={buttonClass({ variant: 'outline', size: 'sm', block: phone, className: phone ? '' : 'px-5' })}
        >
          {navMessages.logOut}
        </button>
      </li>
    </>
  )
}

/**
 * The site header. Desktop: Home, Shop, Blogs and the account links in the bar. Phones: the logo, Shop and one menu
 * button; the menu (a disclosure: Escape or a tap outside closes it, focus returns to its button) holds the site's
 * links, the categories and, for a signed-in user, the dashboard links of their role. On a page that hydrates on
 * intent (app/hydrate-on-intent.ts) a tap on the button before the scripts ran is replayed once they have.
 */
export function Header({ dashboardMenu }: { dashboardMenu?: DashboardMenu } = {}) {
  const session = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  const HeaderSearch = useContext(HeaderSearchContext)
  const HeaderBell = useContext(HeaderBellContext)

  // a link followed from the menu (or anywhere) closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path changing is the event
  useEffect(() => setMenuOpen(false), [pathname])

  useEffect(() => {
    if (!menuOpen) return
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setMenuOpen(false)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('pointerdown', closeOnOutsideClick)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [menuOpen])

  const closeMenu = () => setMenuOpen(false)

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur supports-[backdrop-filter]:bg-base-100/85">
      <nav
        aria-label="Main"
        className="navbar mx-auto min-h-16 max-w-7xl flex-wrap gap-1 px-4 max-md:pb-2.5 sm:gap-2 sm:px-6 md:flex-nowrap lg:px-8"
      >
        <div className="min-w-0 flex-1 md:flex-none">
          <Link
            to={paths.home()}
            className="inline-flex min-w-0 items-center gap-2 rounded-field py-1 pr-1 font-display text-lg font-semibold tracking-tight text-base-content min-[400px]:text-xl sm:gap-2.5 sm:pr-2 sm:text-2xl"
          >
            <LogoMark className="size-8 shrink-0 sm:size-9" />
            <span className="truncate">{COMPANY_NAME}</span>
          </Link>
        </div>

        {/* phones: a row of its own under the logo; wider: between the logo and the links */}
        {HeaderSearch ? (
          <HeaderSearch className="order-last w-full md:order-none md:mx-4 md:max-w-md md:flex-1 lg:mx-8" />
        ) : null}

        <ul className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item !== shop} className={desktopLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {HeaderBell && session.user ? (
            <li>
              <HeaderBell />
            </li>
          ) : null}
          <AccountLinks user={session.user} pending={session.isPending} variant="desktop" />
        </ul>

        {/* phones: Shop stays in the bar, beside the bell and the menu button */}
        <NavLink to={shop.to} className={(state) => cn(desktopLinkClass(state), 'px-2.5 md:hidden')}>
          {shop.label}
        </NavLink>
        {HeaderBell && session.user ? <HeaderBell className="md:hidden" /> : null}

        <div ref={containerRef} className="md:hidden">
          <button
            ref={toggleRef}
            type="button"
            className={buttonClass({ variant: 'ghost', className: 'btn-square' })}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
          {/* the panel hangs from the header (its positioned ancestor), full width, scrolling when it is long */}
          <div
            id={menuId}
            hidden={!menuOpen}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-base-300 bg-base-100 shadow-lg"
          >
            <ul className="menu w-full gap-0.5 px-4 py-3">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end onClick={closeMenu} className={phoneLinkClass}>
                    {item.label}
                  </NavLink>
                  {item === shop ? (
                    <ul aria-label={navMessages.shop}>
                      {categoryItems.map((category) => (
                        <li key={category.to}>
                          <NavLink to={category.to} onClick={closeMenu} className={phoneLinkClass}>
                            {category.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
              <AccountLinks
                user={session.user}
                pending={session.isPending}
                variant="phone"
                dashboardMenu={dashboardMenu}
                onNavigate={closeMenu}
              />
            </ul>
          </div>
        </div>
      </nav>
    </header>
  )
}
