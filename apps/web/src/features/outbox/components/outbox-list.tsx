import { messages } from '@preloved/shared/messages'
import { ChevronDown, Inbox, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { type OutboxMail, useOutbox } from '../api/get-outbox'

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** An ISO timestamp as "Nov 22, 2026, 2:28 AM" in the visitor's time zone. */
function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

function MailItem({ mail }: { mail: OutboxMail }) {
  return (
    <li>
      <article className="rounded-box border border-base-300 bg-base-100 shadow-sm">
        <details className="group">
          <summary className="flex cursor-pointer list-none flex-col gap-1 rounded-box px-5 py-4 hover:bg-base-200/60 sm:flex-row sm:items-baseline sm:gap-4 [&::-webkit-details-marker]:hidden">
            <h2 className="min-w-0 flex-1 font-sans text-base font-semibold tracking-normal break-words">
              {mail.subject}
            </h2>
            <span className="min-w-0 text-sm break-all text-base-content/75">
              <span className="sr-only">To </span>
              {mail.to}
            </span>
            <time dateTime={mail.date} className="shrink-0 text-sm text-base-content/70 tabular-nums">
              {formatDateTime(mail.date)}
            </time>
            <ChevronDown
              aria-hidden="true"
              className="hidden size-4 shrink-0 self-center text-base-content/60 transition-transform group-open:rotate-180 sm:block"
            />
          </summary>
          <div className="border-t border-base-300 px-5 py-4">
            <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">To</dt>
              <dd className="break-all">{mail.to}</dd>
              <dt className="text-base-content/70">Subject</dt>
              <dd>{mail.subject}</dd>
              {/* List-Unsubscribe and List-Unsubscribe-Post, as sent */}
              {Object.entries(mail.headers ?? {}).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-base-content/70">{name}</dt>
                  <dd className="break-all font-mono text-xs">{value}</dd>
                </div>
              ))}
            </dl>
            <pre className="overflow-x-auto rounded-field bg-base-200 p-4 font-mono text-sm leading-relaxed whitespace-pre-wrap break-words">
              {mail.text}
            </pre>
          </div>
        </details>
      </article>
    </li>
  )
}

/** '/dashboard/outbox' (admin): every mail the site sent while no SMTP server is configured, newest first. */
export function OutboxList() {
  const { data: mails, isPending, isFetching, refetch } = useOutbox()

  return (
    <section aria-labelledby="outbox-title" className="flex max-w-4xl flex-col gap-6">
      <title>{`${messages.nav.outbox} | Preloved Bags Co.`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="outbox-title" className="text-3xl font-semibold sm:text-4xl">
            {messages.nav.outbox}
          </h1>
          <p className="text-base-content/75">
            Mail the site sent while no mail server is set up: welcome notes, password resets, sale notices. Open one to
            read it.
          </p>
        </div>
        <Button variant="subtle" size="sm" className="gap-2" onClick={() => refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'size-4 animate-spin' : 'size-4'} />
          Refresh
        </Button>
      </div>
      {isPending ? (
        <Loading className="py-12" />
      ) : !mails || mails.length === 0 ? (
        <EmptyState icon={<Inbox className="size-7" />} title={messages.mail.outboxEmpty} headingLevel="h2" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Mails, newest first">
          {mails.map((mail) => (
            <MailItem key={mail._id} mail={mail} />
          ))}
        </ul>
      )}
    </section>
  )
}
