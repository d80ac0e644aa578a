import { messages } from '@preloved/shared/messages'
import { REPORT_REASON_LABELS } from '@preloved/shared/reports'
import { Ban, CheckCircle2, EyeOff, Flag, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Email } from '@/components/ui/email'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { type Column, DataTable } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/toast'
import { type ReportedItem, type ReportStatus, useReportedItems, useResolveReport } from '../api/reports'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function formatDate(iso: string, withTime = false): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return (withTime ? dateTimeFormat : dateFormat).format(date)
}

const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason

function ListingCell({ item }: { item: ReportedItem }) {
  return (
    <div className="flex min-w-48 items-center gap-3">
      <img
        src={item.img}
        alt=""
        width={56}
        height={42}
        loading="lazy"
        className="aspect-[4/3] w-14 shrink-0 rounded-field bg-base-200 object-cover"
      />
      {item.status === 'removed' ? (
        <span className="font-medium">{item.title}</span>
      ) : (
        <Link to={paths.product(item.product_id)} className="link link-hover font-medium">
          {item.title}
        </Link>
      )}
    </div>
  )
}

function ReasonsCell({ item }: { item: ReportedItem }) {
  const unique = [...new Set(item.reasons)]
  return (
    <div className="flex min-w-36 flex-col gap-1.5">
      <ul className="flex flex-wrap gap-1" aria-label="Reasons">
        {unique.map((reason) => (
          <li key={reason}>
            <Badge tone="neutral" className="whitespace-nowrap">
              {reasonLabel(reason)}
            </Badge>
          </li>
        ))}
      </ul>
      {item.notes.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-base-content/75">
            {item.notes.length === 1 ? '1 note' : `${item.notes.length} notes`}
          </summary>
          <ul className="mt-1 flex max-w-64 flex-col gap-1">
            {item.notes.map((note, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and do not move
              <li key={index} className="rounded-field bg-base-200 px-2 py-1 break-words">
                {note}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}

function OutcomeCell({ item }: { item: ReportedItem }) {
  const removed = item.status === 'removed'
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <Badge tone={removed ? 'accent' : 'success'} className="gap-1">
        {removed ? (
          <EyeOff aria-hidden="true" className="size-3.5" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
        )}
        {removed ? 'Listing removed' : 'Dismissed'}
      </Badge>
      <span className="text-xs text-base-content/75">
        {item.resolvedBy ? `by ${item.resolvedBy}` : null}
        {item.resolvedAt ? (
          <>
            {item.resolvedBy ? ', ' : null}
            <time dateTime={item.resolvedAt}>{formatDate(item.resolvedAt, true)}</time>
          </>
        ) : null}
      </span>
      {removed && item.resolutionNote ? (
        <span className="max-w-64 text-xs break-words text-base-content/85">Reason: {item.resolutionNote}</span>
      ) : null}
    </div>
  )
}

const tabs: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
]

/** Reported Items (admin): reports grouped by listing; open ones can be removed (after a confirmation) or dismissed. */
export function ReportedItems() {
  const [status, setStatus] = useState<ReportStatus>('open')
  const { data: items, isPending, isFetching, refetch } = useReportedItems(status)
  const resolve = useResolveReport()
  const [toRemove, setToRemove] = useState<ReportedItem | null>(null)
  const [toDismiss, setToDismiss] = useState<ReportedItem | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  const act = (item: ReportedItem, action: 'remove' | 'dismiss', reason?: string) => {
    setBusyId(item.product_id)
    resolve.mutate(
      { productId: item.product_id, action, ...(reason ? { reason } : {}) },
      {
        onSuccess: () =>
          toast.success(
            action === 'remove'
              ? `${item.title} was removed from the shop.`
              : `Reports on ${item.title} were dismissed.`,
          ),
        onError: (error) => toast.error(error.message),
        onSettled: () => {
          setBusyId(null)
          setToRemove(null)
          setToDismiss(null)
        },
      },
    )
  }

  const columns: Column<ReportedItem>[] = [
    { header: 'Listing', cell: (item) => <ListingCell item={item} />, rowHeader: true },
    {
      header: 'Seller',
      cell: (item) => (
        <div className="flex min-w-40 flex-col">
          <span className="font-medium">{item.seller}</span>
          <Email address={item.email} className="text-sm text-base-content/75" />
        </div>
      ),
    },
    {
      header: 'Reports',
      cell: (item) => <span className="font-semibold tabular-nums">{item.count}</span>,
      className: 'text-center',
    },
    { header: 'Reasons', cell: (item) => <ReasonsCell item={item} /> },
    {
      header: 'Reported',
      cell: (item) => (
        <dl className="grid grid-cols-[auto_auto] gap-x-2 text-sm whitespace-nowrap tabular-nums">
          <dt className="text-base-content/70">First</dt>
          <dd>
            <time dateTime={item.first}>{formatDate(item.first)}</time>
          </dd>
          <dt className="text-base-content/70">Latest</dt>
          <dd>
            <time dateTime={item.latest}>{formatDate(item.latest)}</time>
          </dd>
        </dl>
      ),
    },
    status === 'open'
      ? {
          header: 'Actions',
          unlabelledWhenStacked: true,
          cell: (item) => {
            const busy = busyId === item.product_id
            return (
              <div className="flex flex-col gap-2">
                <Button
                  size="sm"
                  variant="subtle"
                  className="justify-start gap-1.5 whitespace-nowrap text-error hover:border-error/40"
                  aria-label={`Remove listing ${item.title}`}
                  disabled={busy}
                  onClick={() => setToRemove(item)}
                >
                  <Ban aria-hidden="true" className="size-4" />
                  Remove listing
                </Button>
                <Button
                  size="sm"
                  variant="subtle"
                  className="justify-start gap-1.5 whitespace-nowrap"
                  aria-label={`Dismiss reports on ${item.title}`}
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => setToDismiss(item)}
                >
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                  Dismiss
                </Button>
              </div>
            )
          },
        }
      : { header: 'Outcome', cell: (item) => <OutcomeCell item={item} /> },
  ]

  return (
    <section aria-labelledby="reported-title" className="flex max-w-6xl flex-col gap-6">
      <title>{`${messages.nav.reportedItems} | Preloved Bags Co.`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="reported-title" className="text-3xl font-semibold sm:text-4xl">
            {messages.nav.reportedItems}
          </h1>
          <p className="text-base-content/75">
            Listings customers reported, grouped by listing. Removing one hides it everywhere and tells its seller.
          </p>
        </div>
        <Button variant="subtle" size="sm" className="gap-2" onClick={() => refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'size-4 animate-spin' : 'size-4'} />
          Refresh
        </Button>
      </div>
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
                name="report-status"
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
      ) : (
        <DataTable
          stackOnPhone
          caption={status === 'open' ? 'Open reports' : 'Resolved reports'}
          columns={columns}
          rows={items ?? []}
          rowKey={(item) => `${item.product_id}-${item.status}-${item.resolvedAt ?? ''}`}
          empty={<EmptyState icon={<Flag className="size-7" />} title={messages.reports.empty} headingLevel="h2" />}
        />
      )}
      {/* a removal has its own words and a reason for the seller; a dismissal asks first */}
      <ActionDialog
        open={toRemove !== null}
        title="Remove this listing?"
        message={`The seller is told why. “${toRemove?.title ?? ''}” leaves the shop and its unpaid bookings are cancelled.`}
        confirmLabel="Remove listing"
        tone="danger"
        reason={{
          label: 'Reason for the seller',
          hint: 'Mailed to the seller with the listing’s name.',
          required: 'Reason is required: the seller is told why.',
        }}
        busy={toRemove !== null && busyId === toRemove.product_id}
        onConfirm={(reason) => toRemove && act(toRemove, 'remove', reason)}
        onCancel={() => setToRemove(null)}
      />
      <ActionDialog
        open={toDismiss !== null}
        title="Dismiss these reports?"
        message={`“${toDismiss?.title ?? ''}” stays in the shop, and its ${
          toDismiss?.count === 1 ? 'report is' : `${toDismiss?.count ?? 0} reports are`
        } closed.`}
        confirmLabel="Dismiss reports"
        busy={toDismiss !== null && busyId === toDismiss.product_id}
        onConfirm={() => toDismiss && act(toDismiss, 'dismiss')}
        onCancel={() => setToDismiss(null)}
      />
    </section>
  )
}
