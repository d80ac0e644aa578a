import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react'
import { createQueryClient, queryClient } from '@/lib/query-client'
import { isToasterRequested, subscribeToToaster } from '@/lib/toaster-signal'

const Toaster = lazy(() => import('@/lib/toast').then((module) => ({ default: module.Toaster })))

/** react-hot-toast's <Toaster /> with its defaults (SPEC §9), mounted once some page can toast. */
function OnDemandToaster() {
  const requested = useSyncExternalStore(subscribeToToaster, isToasterRequested, () => false)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

/**
 * App-wide providers: server state (TanStack Query) and toasts. The browser has one cache for the app's life; on the
 * server each render gets its own, so that no visitor's answers reach another's page.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => (typeof document === 'undefined' ? createQueryClient() : queryClient))
  return (
    <QueryClientProvider client={client}>
      {children}
      <OnDemandToaster />
    </QueryClientProvider>
  )
}
