import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { PackageOpen } from 'lucide-react'
import { Link } from 'react-router'
import { OrderStatusBadge } from '@/components/orders/order-status-badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { type Column, DataTable, TableThumb } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { useMyOrdersPages } from '../api/orders'
import { orderDeadline } from '../order-state'
import { DeadlineCountdown } from './deadline-countdown'

const c = t.salesColumns

function State({ order }: { order: Order }) {
  const deadline = order.status === 'paid' ? orderDeadline(order) : null
  return (
    <div className="flex flex-col items-start gap-1">
      <OrderStatusBadge order={order} />
      {deadline ? <DeadlineCountdown label={deadline.label} at={deadline.at} className="text-xs" /> : null}
    </div>
  )
}

const columns: Column<Order>[] = [
  { header: 'Image', cell: (o) => <TableThumb src={o.product.img} />, unlabelledWhenStacked: true },
  {
    header: c.bag,
    cell: (o) => (
      <Link to={paths.dashboard.order(o._id)} className="link link-hover font-medium">
        {o.product.title}
      </Link>
    ),
    rowHeader: true,
    className: 'min-w-36 max-w-72',
  },
  { header: c.buyer, cell: (o) => o.buyer.name },
  {
    header: c.paid,
    cell: (o) => <span className="whitespace-nowrap">{formatPrice(o.amount)}</span>,
    className: 'tabular-nums',
  },
  { header: c.state, cell: (o) => <State order={o} />, className: 'min-w-48' },
  {
    header: c.order,
    cell: (o) => (
      <ButtonLink
        to={paths.dashboard.order(o._id)}
        variant="subtle"
        size="sm"
        className="whitespace-nowrap"
        aria-label={`${t.viewOrder}: ${o.product.title}`}
      >
        {t.viewOrder}
      </ButtonLink>
    ),
    unlabelledWhenStacked: true,
  },
]

/** My Sales: the seller's orders, newest first, with "Load more" while the `Link` header has a next page. */
export function MySalesList() {
  const sales = useMyOrdersPages('seller')
  if (sales.isError && !sales.data) throw sales.error
  if (!sales.data) return <Loading className="py-12" />
  const rows = sales.data.pages.flatMap((page) => page.data)
  return (
    <div className="flex flex-col gap-4">
      <DataTable
        caption={t.mySales}
        columns={columns}
        rows={rows}
        rowKey={(o) => o._id}
        stackOnPhone
        empty={
          <EmptyState
            headingLevel="h2"
            icon={<PackageOpen className="size-7" />}
            title={t.noSales}
            description={t.noSalesHint}
            action={
              <ButtonLink to={paths.dashboard.addProducts()} variant="primary" size="sm">
                Add a bag
              </ButtonLink>
            }
          />
        }
      />
      {sales.hasNextPage ? (
        <Button
          variant="subtle"
          className="self-center"
          disabled={sales.isFetchingNextPage}
          aria-busy={sales.isFetchingNextPage || undefined}
          onClick={() => void sales.fetchNextPage()}
        >
          {sales.isFetchingNextPage ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          {t.loadMore}
        </Button>
      ) : null}
    </div>
  )
}
