import { COMPANY_NAME } from '@preloved/shared/constants'
import { navMessages } from '@preloved/shared/site-messages'
import { Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useNavigate } from 'react-router'
import { buttonClass } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { dashboardHome, paths } from '@/config/paths'
import { type SessionUser, signOut, useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { LogoMark } from './logo-mark'

type NavItem = { to: string; label: string }

const navItems: NavItem[] = [
  { to: paths.home(), label: navMessages.home },
  { to: paths.blogs(), label: navMessages.blogs },
]

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200',
    isActive ? 'text-primary underline decoration-2 underline-offset-8' : 'text-base-content',
  )

type AccountLinksProps = {
  user: SessionUser | null
  pending: boolean
  variant: 'desktop' | 'phone'
  onNavigate?: () => void
}

/**
 * SPEC §2 Header: a signed-in user gets Dashboard (myOrders; a seller's myProducts; the admin's allSellers) and
 * Log Out, a visitor gets Login. While the session is read, a quiet placeholder holds the place.
 */
function AccountLinks({ user, pending, variant, onNavigate }: AccountLinksProps) {
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)
  const phone = variant === 'phone'
  // on phones the account links sit under a rule, below Home and Blogs
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

  return (
    <>
      <li className={firstClass}>
        <NavLink to={dashboardHome(user.role)} onClick={onNavigate} className={phone ? 'text-base' : desktopLinkClass}>
          {navMessages.dashboard}
        </NavLink>
      </li>
      <li className={itemClass}>
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

export function Header() {
  const session = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)

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
      <nav aria-label="Main" className="navbar mx-auto min-h-16 max-w-7xl gap-2 px-4 sm:px-6 lg:px-8">
        <div className="flex-1">
          <Link
            to={paths.home()}
            className="inline-flex items-center gap-2.5 rounded-field py-1 pr-2 font-display text-xl font-semibold tracking-tight text-base-content sm:text-2xl"
          >
            <LogoMark className="size-9 shrink-0" />
            <span>{COMPANY_NAME}</span>
          </Link>
        </div>

        <ul className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={desktopLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <AccountLinks user={session.user} pending={session.isPending} variant="desktop" />
        </ul>

        <div ref={containerRef} className="relative md:hidden">
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
          <ul
            id={menuId}
            hidden={!menuOpen}
            className="menu absolute right-0 mt-2 w-56 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
          >
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end onClick={closeMenu} className="text-base">
                  {item.label}
                </NavLink>
              </li>
            ))}
            <AccountLinks user={session.user} pending={session.isPending} variant="phone" onNavigate={closeMenu} />
          </ul>
        </div>
      </nav>
    </header>
  )
}
