// Import toasts from here, never from 'react-hot-toast' directly (lint enforces it). Usage is react-hot-toast's own:
// toast.success('...'). The first toast shown mounts the <Toaster /> (see toaster-signal.ts): a page that can toast
// but has not yet does not pay for rendering it on its first load. A page that toasts only after a user action imports
// `@/lib/notify` instead (the same calls), which downloads this module and react-hot-toast with the first toast.
//
// One outcome at a time (issue 14, item 8): a success, error or plain toast that names no `id` takes OUTCOME_TOAST_ID,
// so the next outcome replaces the one on screen (an error is not left beside the success that followed it) instead
// of stacking. A call that must stand beside the others passes its own stable `id` (one per form or action).
import hotToast, { Toaster, type ToastOptions } from 'react-hot-toast'
import { requestToaster } from './toaster-signal'

type HotToast = typeof hotToast

/** The id of the toast that shows the latest outcome of a form or action. */
export const OUTCOME_TOAST_ID = 'outcome'

/** The calls whose toast reports an outcome (its options are the second argument). */
const outcomes = new Set<PropertyKey>(['success', 'error'])

const withOutcomeId = (args: unknown[]): unknown[] => {
  const [message, options] = args as [unknown, ToastOptions | undefined]
  return options?.id ? args : [message, { ...options, id: OUTCOME_TOAST_ID }, ...args.slice(2)]
}

/** react-hot-toast's `toast` (same calls), asking for the <Toaster /> before each one. */
const toast = ((...args: Parameters<HotToast>) => {
  requestToaster()
  return hotToast(...(withOutcomeId(args) as Parameters<HotToast>))
}) as HotToast
for (const key of Object.keys(hotToast) as (keyof HotToast)[]) {
  const method = hotToast[key] as (...args: unknown[]) => unknown
  ;(toast as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
    requestToaster()
    return method(...(outcomes.has(key) ? withOutcomeId(args) : args))
  }
}

export { Toaster, toast }
