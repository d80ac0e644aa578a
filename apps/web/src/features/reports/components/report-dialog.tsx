import { zodResolver } from '@hookform/resolvers/zod'
import { REPORT_REASONS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { type CreateReportBody, createReportBodySchema, REPORT_REASON_LABELS } from '@preloved/shared/reports'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { useCreateReport } from '../api/reports'

const NOTE_MAX = 1000

type ReportDialogProps = { open: boolean; onClose: () => void; productId: string; title: string }

function ReportForm({ productId, onClose }: { productId: string; onClose: () => void }) {
  const create = useCreateReport()
  const id = useId()
  // the API's own schema: a missing reason or a long note reads as the server would answer it, before any request
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof createReportBodySchema>, unknown, CreateReportBody>({
    resolver: zodResolver(createReportBodySchema),
    defaultValues: { product_id: productId, note: '' },
  })
  const reason = watch('reason')
  const noteLength = watch('note')?.length ?? 0
  const error = errors.reason?.message ?? errors.note?.message ?? errors.product_id?.message ?? errors.root?.message

  const submit = handleSubmit(({ note, ...body }) =>
    create.mutate(
      { ...body, ...(note ? { note } : {}) },
      {
        onSuccess: () => {
          toast.success(messages.reports.thanks)
          onClose()
        },
        onError: (failure) => setError('root', { message: failure.message }),
      },
    ),
  )

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <input type="hidden" {...register('product_id')} />
      <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">What is wrong with this listing?</legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2.5 hover:bg-base-200/60',
              reason === value && 'border-primary bg-primary/5',
            )}
          >
            <input type="radio" value={value} className="radio radio-sm radio-primary" {...register('reason')} />
            <span>{REPORT_REASON_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          Note <span className="font-normal text-base-content/70">(optional)</span>
        </label>
        <textarea
          id={`${id}-note`}
          className="textarea w-full bg-base-100 text-base"
          rows={4}
          maxLength={NOTE_MAX}
          aria-describedby={`${id}-count`}
          aria-invalid={errors.note ? true : undefined}
          placeholder="Anything that helps our team review it"
          {...register('note')}
        />
        <p id={`${id}-count`} className="self-end text-xs text-base-content/70 tabular-nums">
          {noteLength.toLocaleString('en-US')} / {NOTE_MAX.toLocaleString('en-US')}
        </p>
      </div>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="rounded-field bg-error/10 px-3 py-2 text-sm font-medium text-error"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="subtle" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          Submit report
        </Button>
      </div>
    </form>
  )
}

/** 'Report this Listing': a reason, an optional note; the server's answer as a toast or under the form. */
export function ReportDialog({ open, onClose, productId, title }: ReportDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Report this Listing" description={`“${title}”`}>
      <ReportForm productId={productId} onClose={onClose} />
    </Modal>
  )
}
