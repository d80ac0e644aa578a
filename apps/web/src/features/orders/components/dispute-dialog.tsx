import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { DISPUTE_REASONS, type DisputeReason, MAX_DISPUTE_PHOTOS, NOTE_MAX } from '@preloved/shared/orders'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { TextareaField } from '@/components/ui/form-controls'
import { Modal } from '@/components/ui/modal'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { useAnswerDispute, useDisputeOrder } from '../api/orders'
import { PhotoPicker } from './photo-picker'

type FormProps = { orderId: string; onClose: () => void }

/** The form's buttons: Cancel, and the send button waiting while a photo uploads or the move runs. */
function Buttons({ label, busy, onClose }: { label: string; busy: boolean; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="subtle" onClick={onClose}>
        {t.actions.close}
      </Button>
      <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
        {label}
      </Button>
    </div>
  )
}

/** The form's photos (at most MAX_DISPUTE_PHOTOS), whether one still uploads, and the picker's props. */
function usePhotos() {
  const [photos, setPhotos] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const picker = {
    photos,
    onChange: (added: string[]) => setPhotos((list) => [...list, ...added].slice(0, MAX_DISPUTE_PHOTOS)),
    onRemove: (url: string) => setPhotos((list) => list.filter((p) => p !== url)),
    onBusyChange: setUploading,
  }
  return { photos, uploading, picker }
}

function DisputeForm({ orderId, onClose }: FormProps) {
  const dispute = useDisputeOrder(orderId)
  const id = useId()
  const [reason, setReason] = useState<DisputeReason>()
  const [note, setNote] = useState('')
  const { photos, uploading, picker } = usePhotos()
  const [errors, setErrors] = useState<{ reason?: string; note?: string; root?: string }>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = {
      reason: reason ? undefined : t.actions.reasonRequired,
      note: note.trim() ? undefined : t.actions.noteRequired,
    }
    setErrors(found)
    if (!reason || found.note) return
    dispute.mutate(
      { reason, note: note.trim(), photos },
      {
        onSuccess: () => {
          toast.success(t.actions.disputed)
          onClose()
        },
        onError: (error) => setErrors({ root: error.message }),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{t.actions.reason}</legend>
        {DISPUTE_REASONS.map((value) => (
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
              className="radio radio-sm radio-primary"
              onChange={() => {
                setReason(value)
                setErrors((e) => ({ ...e, reason: undefined }))
              }}
            />
            <span>{t.disputeReason[value]}</span>
          </label>
        ))}
        <FieldError id={`${id}-reason-error`} error={errors.reason} />
      </fieldset>
      <TextareaField
        label={t.actions.note}
        placeholder={t.actions.notePlaceholder}
        size="sm"
        maxLength={NOTE_MAX}
        required
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <PhotoPicker {...picker} />
      {errors.root ? <FormAlert>{errors.root}</FormAlert> : null}
      <Buttons label={t.actions.disputeSend} busy={uploading || dispute.isPending} onClose={onClose} />
    </form>
  )
}

/** "Report a problem" (buyer, shipped): a reason, a note, up to 4 photos. */
export function DisputeDialog({ open, orderId, onClose }: FormProps & { open: boolean }) {
  return (
    <Modal open={open} onClose={onClose} title={t.actions.disputeTitle} description={t.actions.disputeMessage}>
      <DisputeForm orderId={orderId} onClose={onClose} />
    </Modal>
  )
}

function AnswerForm({ orderId, onClose }: FormProps) {
  const answer = useAnswerDispute(orderId)
  const [note, setNote] = useState('')
  const { photos, uploading, picker } = usePhotos()
  const [errors, setErrors] = useState<{ note?: string; root?: string }>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!note.trim()) {
      setErrors({ note: t.actions.answerRequired })
      return
    }
    setErrors({})
    answer.mutate(
      { note: note.trim(), photos },
      {
        onSuccess: () => {
          toast.success(t.actions.answered)
          onClose()
        },
        onError: (error) => setErrors({ root: error.message }),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextareaField
        label={t.actions.answerNote}
        size="sm"
        maxLength={NOTE_MAX}
        required
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <PhotoPicker {...picker} />
      {errors.root ? <FormAlert>{errors.root}</FormAlert> : null}
      <Buttons label={t.actions.answerSend} busy={uploading || answer.isPending} onClose={onClose} />
    </form>
  )
}

/** "Answer" (seller, disputed): the seller's side, with up to 4 photos. */
export function AnswerDialog({ open, orderId, onClose }: FormProps & { open: boolean }) {
  return (
    <Modal open={open} onClose={onClose} title={t.actions.answerTitle} description={t.actions.answerMessage}>
      <AnswerForm orderId={orderId} onClose={onClose} />
    </Modal>
  )
}
