// `toast.success('...')` and `toast.error('...')` for pages that toast only after a user action (Add to your wishlist,
// Book Now, Report this Listing): react-hot-toast (its CSS-in-JS injects its styles when imported, a long task on a
// slow phone) downloads with the first toast instead of with the page. The toast shows once it is in (a few ms
// after the answer that caused it); pages that toast on their first render import `@/lib/toast` itself.
// Like `@/lib/toast`'s, a toast that names no `id` replaces the outcome on screen (one outcome at a time).
import type { toast as hotToast } from './toast'

type Toast = typeof hotToast

let loading: Promise<Toast> | undefined

function loadToast(): Promise<Toast> {
  if (!loading) {
    loading = import('./toast').then((module) => module.toast)
    // a failed download is not kept: the next toast tries again
    loading.catch(() => {
      loading = undefined
    })
  }
  return loading
}

function show(kind: 'success' | 'error', args: Parameters<Toast['success']>): void {
  loadToast().then(
    (loaded) => loaded[kind](...args),
    (error: unknown) => console.error('Could not show a toast', args[0], error),
  )
}

/** The `success` and `error` calls of `@/lib/toast` (react-hot-toast's own), loading it on first use. */
export const toast = {
  success: (...args: Parameters<Toast['success']>) => show('success', args),
  error: (...args: Parameters<Toast['error']>) => show('error', args),
}
