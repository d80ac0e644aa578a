// Import toasts from here, never from 'react-hot-toast' directly (lint enforces it). Usage is react-hot-toast's own:
// toast.success('...'). The first toast shown mounts the <Toaster /> (see toaster-signal.ts): a page that can toast
// but has not yet does not pay for rendering it on its first load. A page that toasts only after a user action imports
// `@/lib/notify` instead (the same calls), which downloads this module and react-hot-toast with the first toast.
//
// One outcome at a time: a success, error or plain toast that names no `id` takes OUTCOME_TOAST_ID,
// so the next outcome replaces the one on screen (an error is not left beside the success that followed it) instead
// of stacking. A call that must stand beside the others passes its own stable `id` (one per form or action).
import { createElement, useEffect, useRef, useState } from 'react'
import hotToast, { Toaster, type ToasterProps, type ToastOptions, useToasterStore } from 'react-hot-toast'
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

/**
 * react-hot-toast's <Toaster /> in a layer of its own above every other layer: a manual popover, shown again (so
 * raised to the top of the browser's top layer) whenever a toast appears. A modal dialog (the booking form, a bottom
 * sheet on phones) is in the top layer too, and would otherwise hide the toast that reports its outcome.
 */
export function ToastLayer(props: ToasterProps) {
  const layer = useRef<HTMLDivElement>(null)
  const [overSheet, setOverSheet] = useState(false)
  const { toasts } = useToasterStore()
  const shown = toasts
    .filter((t) => t.visible)
    .map((t) => `${t.id}@${t.createdAt}`)
    .join(' ')
  useEffect(() => {
    const element = layer.current
    if (!shown || !element || typeof element.showPopover !== 'function') return
    // a modal dialog is a bottom sheet on phones: a toast at the bottom would lie on its buttons, so it shows at the
    // top, over the page the dialog hides
    setOverSheet(document.querySelector('dialog:modal') !== null)
    if (element.matches(':popover-open')) element.hidePopover()
    element.showPopover()
    // react-hot-toast measures a toast when it mounts and again when its content changes: one measured while the
    // layer was hidden has no height (and stays transparent), so touch each toast's content to have it measured again
    for (const toast of element.querySelectorAll('[data-rht-toaster] > div')) {
      toast.append(document.createComment(''))
      toast.lastChild?.remove()
    }
  }, [shown])
  return createElement(
    'div',
    {
      ref: layer,
      popover: 'manual',
      className:
        'pointer-events-none fixed inset-0 m-0 size-full max-h-none max-w-none overflow-visible border-0 bg-transparent p-0',
    },
    createElement(Toaster, {
      ...props,
      position: overSheet && props.position === 'bottom-center' ? 'top-center' : props.position,
    }),
  )
}

export { toast }
