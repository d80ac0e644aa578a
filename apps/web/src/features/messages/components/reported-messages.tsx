import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { CheckCircle2, EyeOff, Flag, MessagesSquare } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { type MessageReport, type ReportStatus, useMessageReports, useResolveMessageReport } from '../api/conversations'
import { messageDateTime } from '../format'

const tabs: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
]

function ReportCard({
  report,
  busy,
  onDismiss,
  onRemove,
}: {
  report: MessageReport
  busy: boolean
  onDismiss: () => void
  onRemove: () => void
}) {
  const c = report.conversation
  const headingId = `report-${report._id}`
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
      >
        <div className="flex items-start gap-3">
          <img
            src={c.product.img}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 shrink-0 rounded-field border border-base-300 bg-base-200 object-cover"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <h2 id={headingId} className="font-semibold break-words">
              {report.sender.name}’s message to {report.sender._id === c.buyer._id ? c.seller.name : c.buyer.name}
            </h2>
            <p className="text-sm text-base-content/80">
              About{' '}
              <Link to={paths.product(c.product._id)} className="link link-hover">
                {c.product.title}
              </Link>
            </p>
            <p className="text-xs text-base-content/75">
              Reported by {report.reporter.name},{' '}
              <time dateTime={report.createdAt}>{messageDateTime(report.createdAt)}</time>
            </p>
          </div>
        </div>
        <blockquote className="rounded-field border-l-4 border-error/60 bg-base-200 px-3 py-2 break-words whitespace-pre-wrap">
          {report.message.text}
        </blockquote>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Flag aria-hidden="true" className="size-4 text-error" />
          <span>
            <span className="font-medium">Reason:</span> {report.reason}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to={paths.dashboard.conversation(c._id)} variant="subtle" size="sm">
            <MessagesSquare aria-hidden="true" className="size-4" />
            Read the conversation
          </ButtonLink>
          {report.resolution ? (
            <Badge tone={report.resolution === 'removed' ? 'accent' : 'success'} className="gap-1">
              {report.resolution === 'removed' ? (
                <EyeOff aria-hidden="true" className="size-3.5" />
              ) : (
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
              )}
              {report.resolution === 'removed' ? 'Message removed' : 'Dismissed'}
              {report.resolvedBy ? ` by ${report.resolvedBy}` : ''}
            </Badge>
          ) : (
            <>
              <Button variant="outline" size="sm" disabled={busy} onClick={onDismiss}>
                Dismiss
              </Button>
              <Button variant="primary" size="sm" className="btn-error" disabled={busy} onClick={onRemove}>
                <EyeOff aria-hidden="true" className="size-4" />
                Remove message
              </Button>
            </>
          )}
        </div>
      </article>
    </li>
  )
}

/**
 * Reported messages (admin): each report with its message and reason; the conversation opens for reading (reported
 * ones only), and the report is dismissed or the message removed (its text is kept in the audit log).
 */
export function ReportedMessages() {
  const [status, setStatus] = useState<ReportStatus>('open')
  const { data: reports, isPending } = useMessageReports(status)
  const resolve = useResolveMessageReport()
  const [toRemove, setToRemove] = useState<MessageReport | null>(null)

  const act = (report: MessageReport, action: 'dismiss' | 'remove', note?: string) =>
    resolve.mutate(
      { id: report._id, action, ...(note ? { note } : {}) },
      {
        onSuccess: () => toast.success(action === 'remove' ? t.removedToast : t.dismissedToast),
        onError: (error) => toast.error(error.message),
        onSettled: () => setToRemove(null),
      },
    )

  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Show reports</legend>
        <div className="join self-start">
          {tabs.map((tab) => (
            <label
              key={tab.value}
              className={cn(
                'btn join-item btn-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
                status === tab.value ? 'btn-primary' : 'border-base-300 bg-base-100',
              )}
            >
              <input
                type="radio"
                name="message-report-status"
                value={tab.value}
                className="sr-only"
                checked={status === tab.value}
                onChange={() => setStatus(tab.value)}
              />
              {tab.label}
            </label>
          ))}
        </div>
      </fieldset>
      {isPending ? (
        <Loading className="py-12" />
      ) : !reports || reports.length === 0 ? (
        <EmptyState icon={<Flag className="size-7" />} title={t.reportedMessagesEmpty} headingLevel="h2" />
      ) : (
        <ul aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'} className="flex flex-col gap-4">
          {reports.map((report) => (
            <ReportCard
              key={report._id}
              report={report}
              busy={resolve.isPending}
              onDismiss={() => act(report, 'dismiss')}
              onRemove={() => setToRemove(report)}
            />
          ))}
        </ul>
      )}
      <ActionDialog
        open={toRemove !== null}
        title="Remove this message?"
        message="Both parties will see that a moderator removed it. Its text is kept in the audit log."
        confirmLabel="Remove message"
        tone="danger"
        busy={resolve.isPending}
        reason={{ label: 'Note for the audit log', required: 'Say why the message is removed.' }}
        onConfirm={(note) => toRemove && act(toRemove, 'remove', note)}
        onCancel={() => setToRemove(null)}
      />
    </div>
  )
}
