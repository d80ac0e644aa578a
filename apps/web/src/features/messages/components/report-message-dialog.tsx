import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Modal } from '@/components/ui/modal'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { type ChatMessage, useReportMessage } from '../api/conversations'
import { preview } from '../format'

function ReportForm({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const id = useId()
  const report = useReportMessage()
  const [reason, setReason] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason) return setError('Choose what is wrong with this message.')
    report.mutate(
      { messageId: message._id, reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message)
          onClose()
        },
        onError: (failure) => setError(failure.message),
      },
    )
  }
  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">What is wrong with this message?</legend>
        {t.reportReasons.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2.5 hover:bg-base-200/60',
              reason === value && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value)
                setError(null)
              }}
              className="radio radio-sm radio-primary"
            />
            <span>{value}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <FormAlert>
          <span id={`${id}-error`}>{error}</span>
        </FormAlert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="subtle" onClick={onClose} disabled={report.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={report.isPending} aria-busy={report.isPending || undefined}>
          Send report
        </Button>
      </div>
    </form>
  )
}

/** Report a message to the moderators: a reason; they may then read the conversation. */
export function ReportMessageDialog({ message, onClose }: { message: ChatMessage | null; onClose: () => void }) {
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title="Report this message"
      description={message ? `“${preview(message.text, 120)}”` : undefined}
    >
      {message ? <ReportForm message={message} onClose={onClose} /> : null}
    </Modal>
  )
}
