import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react'
import { HeaderBellContext, HeaderSearchContext } from '@/components/layouts/header'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { HeaderSearch } from '@/features/search/components/header-search'
import { createQueryClient, queryClient } from '@/lib/query-client'
import { isToasterRequested, subscribeToToaster } from '@/lib/toaster-signal'

const Toaster = lazy(() => import('@/lib/toast').then((module) => ({ default: module.ToastLayer })))

// Where toasts show: at the top they covered the logo and the page heading. Phones: bottom
// centre, above the home indicator; wider screens: bottom right, clear of the header and of the page's heading.
const WIDE = '(min-width: 640px)'
const subscribeToWidth = (onChange: () => void) => {
  const query = matchMedia(WIDE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const isWide = () => matchMedia(WIDE).matches
const toasterStyle = { bottom: 'calc(1rem + env(safe-area-inset-bottom))' }

/** react-hot-toast's <Toaster /> with its defaults (docs/product/storefront.md#feedback) but for its place, mounted once some page can toast. */
function OnDemandToaster() {
  const requested = useSyncExternalStore(subscribeToToaster, isToasterRequested, () => false)
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => false)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster position={wide ? 'bottom-right' : 'bottom-center'} containerStyle={toasterStyle} />
    </Suspense>
  )
}

/**
 * App-wide providers: server state (TanStack Query), toasts and the header's search box. The browser has one cache for the app's life; on the
 * server each render gets its own, so that no visitor's answers reach another's page.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => (typeof document === 'undefined' ? createQueryClient() : queryClient))
  return (
    <QueryClientProvider client={client}>
      <HeaderSearchContext value={HeaderSearch}>
        <HeaderBellContext value={NotificationBell}>{children}</HeaderBellContext>
      </HeaderSearchContext>
      <OnDemandToaster />
    </QueryClientProvider>
  )
}
