import { X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cn } from '@/lib/cn'

type ModalProps = {
  open: boolean
  /** Called when the dialog asks to close: Escape, the close button or a click beside the box. */
  onClose: () => void
  title: ReactNode
  /** A line under the title, read with it by screen readers. */
  description?: ReactNode
  children: ReactNode
  className?: string
}

/**
 * A modal dialog on the native `<dialog>` element opened with `showModal()`: the rest of the page is inert (focus
 * stays inside), Escape closes it, focus goes back to where it was. Its content mounts only while it is open, so a
 * form inside starts afresh each time.
 */
export function Modal({ open, onClose, title, description, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const openRef = useRef(open)
  openRef.current = open

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React state decides whether the dialog is open
        event.preventDefault()
        onCloseRef.current()
      }}
      onClose={() => {
        // the browser closed it on its own (a second Escape may skip `cancel`): tell the owner
        if (openRef.current) onCloseRef.current()
      }}
    >
      {open ? (
        <div className={cn('modal-box max-h-[92dvh] border border-base-300 p-0 sm:max-w-lg', className)}>
          <div className="flex items-start justify-between gap-4 border-b border-base-300 px-6 pt-5 pb-4">
            <div className="flex min-w-0 flex-col gap-1">
              <h2 id={titleId} className="font-display text-xl leading-snug font-semibold sm:text-2xl">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="text-sm text-base-content/75">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square -mr-2 shrink-0"
              aria-label="Close"
              onClick={() => onCloseRef.current()}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="px-6 py-5">{children}</div>
        </div>
      ) : null}
      {/* Pointer users close it by clicking beside the box; keyboard users have Escape and the Close button. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="modal-backdrop"
        onClick={() => onCloseRef.current()}
      />
    </dialog>
  )
}
