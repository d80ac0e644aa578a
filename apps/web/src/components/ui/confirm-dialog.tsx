import { messages } from '@preloved/shared/messages'
import { TriangleAlert } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { Button } from './button'

type ConfirmDialogProps = {
  /** Open while there is something to confirm. */
  open: boolean
  /** The name in 'If you delete {name}. It cannot be undone.'. */
  name: string
  /** The action button's words. */
  confirmLabel?: string
  /** True while the action runs: both buttons wait, Escape does nothing. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The confirmation modal of docs/product/storefront.md#feedback: 'Are you sure you want to delete?', 'If you delete {name}. It cannot be
 * undone.', the action button and Cancel. A native modal <dialog>: the page behind is inert, focus starts on
 * Cancel (the safe choice), Escape cancels, and focus goes back to the button that opened it.
 */
export function ConfirmDialog({
  open,
  name,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const messageId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      cancelRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      const target = returnFocusTo.current
      returnFocusTo.current = null
      // the opener may be gone (its row was deleted): then focus stays where the browser puts it
      if (target?.isConnected) target.focus()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        // Escape: the dialog stays open while the action runs; otherwise it is a Cancel
        event.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <div className="modal-box flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-error/10 text-error"
          >
            <TriangleAlert className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <h2 id={titleId} className="font-display text-xl font-semibold">
              {messages.confirm.title}
            </h2>
            <p id={messageId} className="break-words text-base-content/80">
              {messages.confirm.message(name)}
            </p>
          </div>
        </div>
        <div className="modal-action mt-2">
          <Button ref={cancelRef} variant="subtle" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <button
            type="button"
            className="btn btn-error"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  )
}
