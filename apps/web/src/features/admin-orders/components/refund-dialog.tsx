import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { TextareaField } from '@/components/ui/form-controls'
import { Modal } from '@/components/ui/modal'
import { cn } from '@/lib/cn'
import { checkRefund, type RefundChoice, type RefundErrors } from '../money-checks'

type Labels = {
  amount: string
  amountHint?: ReactNode
  reason: string
  reasonHint?: ReactNode
  reasonRequired: string
}

type RefundDialogProps = {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  /** Most that may be refunded (what the buyer paid less earlier refunds), in dollars. */
  max: number
  /** True for a partial refund (the amount must be given); false when an empty amount means "all of it". */
  amountRequired: boolean
  labels: Labels
  busy: boolean
  onConfirm: (choice: RefundChoice) => void
  onCancel: () => void
}

/**
 * A refund's confirmation: an amount in dollars (checked in cents against what is left to refund) and a required
 * reason for the audit log. Focus starts on the amount; nothing closes the dialog while the refund runs.
 */
export function RefundDialog({ open, title, message, busy, onCancel, ...form }: RefundDialogProps) {
  const close = () => {
    if (!busy) onCancel()
  }
  return (
    <Modal open={open} onClose={close} title={title} description={message}>
      <RefundForm busy={busy} onCancel={close} {...form} />
    </Modal>
  )
}

type RefundFormProps = Omit<RefundDialogProps, 'open' | 'title' | 'message'>

/** Mounted while the dialog is open: each opening starts empty. */
function RefundForm({ confirmLabel, max, amountRequired, labels, busy, onConfirm, onCancel }: RefundFormProps) {
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<RefundErrors>({})
  const amountRef = useRef<HTMLInputElement>(null)
  const reasonRef = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    const id = window.setTimeout(() => amountRef.current?.focus(), 0)
    return () => window.clearTimeout(id)
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkRefund({ amount, reason }, { max, amountRequired, reasonRequired: labels.reasonRequired })
    if (!checked.ok) {
      setErrors(checked.errors)
      ;(checked.errors.amount ? amountRef.current : reasonRef.current)?.focus()
      return
    }
    setErrors({})
    onConfirm(checked.value)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        ref={amountRef}
        label={labels.amount}
        hint={labels.amountHint}
        error={errors.amount}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        required={amountRequired}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value)
          if (errors.amount) setErrors((e) => ({ ...e, amount: undefined }))
        }}
      />
      <TextareaField
        ref={reasonRef}
        size="sm"
        label={labels.reason}
        hint={labels.reasonHint}
        error={errors.reason}
        name="reason"
        maxLength={2000}
        required
        value={reason}
        onChange={(event) => {
          setReason(event.target.value)
          if (errors.reason) setErrors((e) => ({ ...e, reason: undefined }))
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="subtle" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <button type="submit" className={cn('btn btn-error')} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {confirmLabel}
        </button>
      </div>
    </form>
  )
}
