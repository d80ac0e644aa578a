import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { cn } from '@/lib/cn'
import { Button } from './button'
import { FormAlert } from './form-alert'
import { TextareaField } from './form-controls'
import { Modal } from './modal'

type ReasonField = {
  /** The field's visible label. */
  label: string
  /** A line under the field, e.g. who reads the reason. */
  hint?: ReactNode
  /** The message when it is left empty; without it the field is optional (a note the action may go without). */
  required?: string
}

type ActionDialogProps = {
  open: boolean
  title: string
  /** What happens, read with the title. */
  message: ReactNode
  /** The action button's words. */
  confirmLabel: string
  /** danger: the action takes something away (red button). */
  tone?: 'danger' | 'primary'
  /** With a reason: a text field (required unless told otherwise) whose trimmed value `onConfirm` receives. */
  reason?: ReasonField
  /** Why the action failed, shown above the buttons (the dialog stays open to try again or cancel). */
  error?: string
  /** True while the action runs: the buttons wait and the dialog stays open. */
  busy?: boolean
  /** Other things to show between the message and the buttons. */
  children?: ReactNode
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/**
 * A confirmation for an action other than a delete (components/ui/confirm-dialog keeps the original delete wording): its own
 * title and message, and, where the action needs one, a required reason (or an optional note), and the error of a
 * failed attempt. Focus starts on a required reason, or on Cancel (the safe choice); Escape, Close and Cancel do
 * nothing while the action runs.
 */
export function ActionDialog({
  open,
  title,
  message,
  confirmLabel,
  tone = 'primary',
  reason,
  busy = false,
  error,
  children,
  onConfirm,
  onCancel,
}: ActionDialogProps) {
  const close = () => {
    if (!busy) onCancel()
  }
  return (
    <Modal open={open} onClose={close} title={title} description={message}>
      <ActionForm
        tone={tone}
        confirmLabel={confirmLabel}
        reason={reason}
        busy={busy}
        failure={error}
        onConfirm={onConfirm}
        onCancel={close}
      >
        {children}
      </ActionForm>
    </Modal>
  )
}

type ActionFormProps = Pick<
  ActionDialogProps,
  'tone' | 'confirmLabel' | 'reason' | 'busy' | 'children' | 'onConfirm'
> & {
  failure: string | undefined
  onCancel: () => void
}

/** The dialog's body: mounted while it is open, so the reason starts empty each time. */
function ActionForm({ tone, confirmLabel, reason, busy, failure, children, onConfirm, onCancel }: ActionFormProps) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const reasonRef = useRef<HTMLTextAreaElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const required = reason?.required !== undefined

  useEffect(() => {
    // after the dialog has opened (its effect runs after this one): a required reason, or the safe choice (an optional
    // note does not open a phone's keyboard over the message)
    const id = window.setTimeout(() => (required ? reasonRef.current : cancelRef.current)?.focus(), 0)
    return () => window.clearTimeout(id)
  }, [required])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = text.trim()
    if (reason?.required && !value) {
      setError(reason.required)
      reasonRef.current?.focus()
      return
    }
    onConfirm(value)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {children}
      {reason ? (
        <TextareaField
          ref={reasonRef}
          label={reason.label}
          hint={reason.hint}
          error={error}
          value={text}
          maxLength={1000}
          required={reason.required !== undefined}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(undefined)
          }}
        />
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="subtle" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <button
          type="submit"
          className={cn('btn', tone === 'danger' ? 'btn-error' : 'btn-primary')}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {confirmLabel}
        </button>
      </div>
    </form>
  )
}
