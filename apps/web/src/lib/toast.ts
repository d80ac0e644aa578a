// Import toasts from here, never from 'react-hot-toast' directly (lint enforces it). Usage is react-hot-toast's own:
// toast.success('...'). The first toast shown mounts the <Toaster /> (see toaster-signal.ts): a page that can toast
// but has not yet does not pay for rendering it on its first load. A page that toasts only after a user action imports
// `@/lib/notify` instead (the same calls), which downloads this module and react-hot-toast with the first toast.
import hotToast, { Toaster } from 'react-hot-toast'
import { requestToaster } from './toaster-signal'

type HotToast = typeof hotToast

/** react-hot-toast's `toast` (same calls), asking for the <Toaster /> before each one. */
const toast = ((...args: Parameters<HotToast>) => {
  requestToaster()
  return hotToast(...args)
}) as HotToast
for (const key of Object.keys(hotToast) as (keyof HotToast)[]) {
  const method = hotToast[key] as (...args: unknown[]) => unknown
  ;(toast as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
    requestToaster()
    return method(...args)
  }
}

export { Toaster, toast }
