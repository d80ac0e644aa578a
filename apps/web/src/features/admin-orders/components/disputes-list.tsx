import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { Scale } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { type Column, DataTable, TableThumb } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { formatDay } from '@/lib/format-date'
import { formatAge } from '@/lib/money'
import { type Order, useDisputes } from '../api/admin-orders'
import { disputedAt, oldestDisputesFirst } from '../money-checks'

const t = moneyPagesMessages.disputes

/** Admin "Disputes": the disputed orders, the longest-waiting first, with the buyer's reason and how long it is open. */
export function DisputesList({ now = Date.now() }: { now?: number }) {
  const { data, isPending } = useDisputes()
  if (isPending) return <Loading className="py-12" />
  const disputes = oldestDisputesFirst(data ?? [])

  const columns: Column<Order>[] = [
    {
      header: 'Order',
      rowHeader: true,
      unlabelledWhenStacked: true,
      cell: (order) => (
        <div className="flex min-w-48 items-center gap-3 max-sm:min-w-0">
          <TableThumb src={order.product.img} />
          <div className="flex min-w-0 flex-col">
            <Link to={paths.dashboard.dispute(order._id)} className="link link-hover font-medium break-words">
              {order.product.title}
            </Link>
            <span className="text-sm font-normal text-base-content/70">
              {order.buyer.name} → {order.seller.name}
            </span>
          </div>
        </div>
      ),
    },
    {
      header: 'Reason',
      cell: (order) =>
        order.dispute ? (
          <div className="flex max-w-64 min-w-0 flex-col gap-1">
            <Badge tone="accent" className="self-start whitespace-nowrap">
              {moneyPagesMessages.disputeReasons[order.dispute.reason]}
            </Badge>
            <span className="line-clamp-2 text-sm break-words text-base-content/80">{order.dispute.note}</span>
          </div>
        ) : null,
    },
    {
      header: t.age,
      cell: (order) => {
        const at = disputedAt(order)
        return (
          <div className="flex flex-col text-sm whitespace-nowrap tabular-nums">
            <span className="font-semibold">{formatAge(at, now)}</span>
            <span className="text-base-content/70">
              since <time dateTime={at}>{formatDay(at)}</time>
            </span>
          </div>
        )
      },
    },
    {
      header: 'Paid',
      cell: (order) => <span className="font-semibold tabular-nums">{formatPrice(order.amount)}</span>,
    },
    {
      header: 'Seller answered',
      cell: (order) => (order.dispute?.answer ? 'Yes' : 'Not yet'),
    },
    {
      header: 'Actions',
      unlabelledWhenStacked: true,
      cell: (order) => (
        <ButtonLink
          to={paths.dashboard.dispute(order._id)}
          size="sm"
          variant="outline"
          className="gap-1.5"
          aria-label={`${t.open}: ${order.product.title}`}
        >
          <Scale aria-hidden="true" className="size-4" />
          {t.open}
        </ButtonLink>
      ),
    },
  ]

  return (
    <DataTable
      stackOnPhone
      caption={t.caption}
      columns={columns}
      rows={disputes}
      rowKey={(order) => order._id}
      empty={
        <EmptyState headingLevel="h2" icon={<Scale className="size-7" />} title={t.empty} description={t.emptyHint} />
      }
    />
  )
}
