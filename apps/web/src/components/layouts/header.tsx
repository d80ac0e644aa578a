import { COMPANY_NAME } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink } from 'react-router'
import { buttonClass } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { LogoMark } from './logo-mark'

type NavItem = { to: string; label: string }

// TODO(auth): logged-in users get Dashboard (by role) and Log Out instead of Login (SPEC §2 Header and menu).
const navItems: NavItem[] = [
  { to: paths.home(), label: messages.nav.home },
  { to: paths.blogs(), label: messages.nav.blogs },
]

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200',
    isActive ? 'text-primary underline decoration-2 underline-offset-8' : 'text-base-content',
  )

export function Header() {
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
          <li className="ml-2">
            <NavLink to={paths.login()} className={buttonClass({ variant: 'primary', size: 'sm', className: 'px-5' })}>
              {messages.nav.login}
            </NavLink>
          </li>
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
            <li className="mt-1 border-t border-base-300 pt-2">
              <NavLink
                to={paths.login()}
                onClick={closeMenu}
                className={buttonClass({ variant: 'primary', size: 'sm', block: true })}
              >
                {messages.nav.login}
              </NavLink>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  )
}
