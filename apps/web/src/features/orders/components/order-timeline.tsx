import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { formatDateTime } from '@/lib/format-date'

/**
 * An order's history as a vertical timeline, oldest first as the API gives it: what happened, when, who did it, and
 * their note.
 */
export function OrderTimeline({ timeline }: { timeline: Order['timeline'] }) {
  return (
    <ol className="flex flex-col" aria-label={t.timelineHeading}>
      {timeline.map((entry, index) => {
        const last = index === timeline.length - 1
        // the state again (the address added to a paid order, an answer to a dispute): an update, told by its note
        const update = index > 0 && timeline[index - 1]?.status === entry.status
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is append-only (entries never move), and two may share a moment
          <li key={index} className="relative flex gap-3 pb-5 last:pb-0">
            {last ? null : (
              <span aria-hidden="true" className="absolute top-4 bottom-0 left-[0.4375rem] w-px bg-base-300" />
            )}
            <span
              aria-hidden="true"
              className={`relative mt-1 size-3.5 shrink-0 rounded-full border-2 ${last ? 'border-primary bg-primary' : 'border-base-content/40 bg-base-100'}`}
            />
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="font-medium">
                {update ? t.timelineUpdate : t.timelineEvent[entry.status]}{' '}
                <span className="font-normal text-base-content/75">{t.actor[entry.actor]}</span>
              </p>
              <time dateTime={entry.at} suppressHydrationWarning className="text-sm text-base-content/75 tabular-nums">
                {formatDateTime(entry.at)}
              </time>
              {/* a note that only repeats the event ("Paid") is left out */}
              {entry.note && entry.note !== t.timelineEvent[entry.status] ? (
                <p className="text-sm break-words whitespace-pre-line">{entry.note}</p>
              ) : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
