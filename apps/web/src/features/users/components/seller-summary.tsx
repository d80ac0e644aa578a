import { Loading } from '@/components/ui/loading'
import { formatDay } from '@/lib/format-date'
import { useUserSummary } from '../api/get-user-summary'

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * What an admin weighs before verifying or unverifying a seller: when they joined, their listings in the
 * shop, the bags they sold and the reports on their listings.
 */
export function SellerSummary({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useUserSummary(userId)
  if (isPending) return <Loading label="Loading the seller's record" className="py-6" />
  if (isError) {
    return (
      <p role="alert" className="text-sm text-error">
        {error.message}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Seller record">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <Figure term="Joined" value={formatDay(data.joined)} compact />
          <Figure term="Listings" value={String(data.listings)} detail="in the shop" />
          <Figure term="Sales" value={String(data.sales)} detail="bags sold" />
          <Figure
            term="Reports"
            value={String(data.reports)}
            detail={data.openReports > 0 ? count(data.openReports, 'open', 'open') : 'none open'}
            warn={data.openReports > 0}
          />
        </dl>
      </section>
      {data.unverifiedReason ? (
        <p className="rounded-field bg-base-200 px-3 py-2 text-sm break-words">
          <span className="font-semibold">Last unverified because:</span> {data.unverifiedReason}
        </p>
      ) : null}
    </div>
  )
}

type FigureProps = { term: string; value: string; detail?: string; warn?: boolean; compact?: boolean }

function Figure({ term, value, detail, warn, compact }: FigureProps) {
  return (
    <div className="flex flex-col rounded-field border border-base-300 px-3 py-2">
      <dt className="text-xs font-medium text-base-content/70">{term}</dt>
      <dd className={compact ? 'py-0.5 font-semibold whitespace-nowrap' : 'text-lg font-semibold tabular-nums'}>
        {value}
      </dd>
      {detail ? (
        <dd className={warn ? 'text-xs font-medium text-error' : 'text-xs text-base-content/70'}>{detail}</dd>
      ) : null}
    </div>
  )
}
