import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { Footer } from './footer'
import { Header } from './header'

/** Header, page, footer; the page is the matched route's, or a route's error screen given as `children`. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-field focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-content"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  )
}
