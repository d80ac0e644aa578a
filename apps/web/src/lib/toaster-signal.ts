// The toast container is mounted on demand, so pages that never toast (home) do not download react-hot-toast.
// `@/lib/toast` calls requestToaster() before the first toast is shown; AppProvider then mounts react-hot-toast's
// <Toaster /> (its defaults). Toasts fired before it mounts wait in react-hot-toast's store and show at once.

let requested = false
const listeners = new Set<() => void>()

export function requestToaster(): void {
  if (requested) return
  requested = true
  for (const listener of listeners) listener()
}

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const isToasterRequested = (): boolean => requested
