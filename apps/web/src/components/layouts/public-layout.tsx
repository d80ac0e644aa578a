import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { Footer } from './footer'
import { Header } from './header'
import { SkipLink } from './skip-link'

/** Header, page, footer; the page is the matched route's, or a route's error screen given as `children`. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  )
}
