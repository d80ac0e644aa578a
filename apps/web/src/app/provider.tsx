import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'
import { queryClient } from '@/lib/query-client'
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

/** App-wide providers: server state (TanStack Query) and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <OnDemandToaster />
    </QueryClientProvider>
  )
}
