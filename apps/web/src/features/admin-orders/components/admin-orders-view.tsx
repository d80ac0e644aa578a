import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { adminOrderMoves } from '@preloved/shared/order-process'
import { Ban, PackageSearch, RotateCcw, Scale, Search, ShieldCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { OrderStatusBadge } from '@/components/orders/order-status-badge'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Field } from '@/components/ui/field'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { Loading } from '@/components/ui/loading'
import { type Column, DataTable, TableThumb } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { formatDay } from '@/lib/format-date'
import { refundableDollars, toCents } from '@/lib/money'
import { toast } from '@/lib/notify'
import {
  newIdempotencyKey,
  type Order,
  useAdminCancelOrder,
  useAdminOrders,
  useCloseChargeback,
  useRefundOrder,
} from '../api/admin-orders'
import { RefundDialog } from './refund-dialog'

const t = moneyPagesMessages.orders

/** Money on one order: what the buyer paid, what was refunded, what the seller gets. */
export function OrderAmounts({ order }: { order: Order }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-sm whitespace-nowrap tabular-nums">
      <dt className="text-base-content/70">Paid</dt>
      <dd className="font-semibold">{formatPrice(order.amount)}</dd>
      {toCents(order.refunded) > 0 ? (
        <>
          <dt className="text-base-content/70">Refunded</dt>
          <dd className="font-semibold text-error">−{formatPrice(order.refunded)}</dd>
        </>
      ) : null}
      <dt className="text-base-content/70">Seller gets</dt>
      <dd>{formatPrice(order.sellerAmount)}</dd>
    </dl>
  )
}

function OrderCell({ order }: { order: Order }) {
  return (
    <div className="flex max-w-72 min-w-44 items-center gap-3 max-sm:max-w-none max-sm:min-w-0">
      <TableThumb src={order.product.img} />
      <div className="flex min-w-0 flex-col">
        <Link to={paths.dashboard.order(order._id)} className="link link-hover font-medium break-words">
          {order.product.title}
        </Link>
        <span className="font-mono text-xs font-normal break-all text-base-content/70">
          <span className="sr-only">Order id </span>
          {order._id}
        </span>
        <span className="text-xs font-normal text-base-content/70">
          Paid <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>
        </span>
      </div>
    </div>
  )
}

/**
 * Admin "Orders": search by order id or email; on each order, the moves the order process table gives an admin now
 * (cancel a paid order, refund a paid or shipped one, open a dispute to resolve it), each after a confirmation.
 */
export function AdminOrdersView() {
  const [params, setParams] = useSearchParams()
  const q = (params.get('q') ?? '').trim()
  const [text, setText] = useState(q)
  const { data, isPending, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminOrders(q)
  const orders = data?.pages.flatMap((page) => page.data)
  const refund = useRefundOrder()
  const [toRefund, setToRefund] = useState<Order | null>(null)
  // one key per opened confirmation: a repeated request (a retry, a double submit) is the same refund
  const [refundKey, setRefundKey] = useState('')
  const cancel = useAdminCancelOrder()
  const [toCancel, setToCancel] = useState<Order | null>(null)
  const [cancelKey, setCancelKey] = useState('')
  const closeChargeback = useCloseChargeback()
  const [toClose, setToClose] = useState<Order | null>(null)
  const [closeKey, setCloseKey] = useState('')

  const search = (event: FormEvent) => {
    event.preventDefault()
    const next = text.trim()
    setParams(next ? { q: next } : {}, { replace: true })
  }

  const confirmRefund = (order: Order, amount: number | undefined, reason: string) =>
    refund.mutate(
      { id: order._id, idempotencyKey: refundKey, reason, ...(amount === undefined ? {} : { amount }) },
      {
        onSuccess: () => {
          toast.success(amount === undefined ? t.refundedAll : t.refunded(formatPrice(amount)))
          setToRefund(null)
        },
        onError: (error) => toast.error(error.message),
      },
    )

  const columns: Column<Order>[] = [
    { header: 'Order', rowHeader: true, unlabelledWhenStacked: true, cell: (order) => <OrderCell order={order} /> },
    {
      header: 'Buyer / seller',
      cell: (order) => (
        <div className="flex min-w-28 flex-col text-sm">
          <span>
            <span className="text-base-content/70">Buyer: </span>
            {order.buyer.name}
          </span>
          <span>
            <span className="text-base-content/70">Seller: </span>
            {order.seller.name}
          </span>
        </div>
      ),
    },
    {
      header: 'State',
      cell: (order) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge order={order} variant="admin" />
          {order.chargeback ? (
            <Badge tone="accent" className="whitespace-nowrap">
              {t.chargeback}
            </Badge>
          ) : null}
        </div>
      ),
    },
    { header: 'Amounts', cell: (order) => <OrderAmounts order={order} /> },
    {
      header: 'Actions',
      unlabelledWhenStacked: true,
      cell: (order) => {
        const moves = adminOrderMoves(order)
        if (moves.length === 0 && !order.chargeback) return null
        return (
          <div className="flex flex-wrap gap-2 whitespace-nowrap sm:flex-col">
            {moves.includes('resolve') ? (
              <ButtonLink
                to={paths.dashboard.dispute(order._id)}
                size="sm"
                variant="subtle"
                className="gap-1.5"
                aria-label={`${t.viewDispute}: ${order.product.title}`}
              >
                <Scale aria-hidden="true" className="size-4" />
                {t.viewDispute}
              </ButtonLink>
            ) : null}
            {order.chargeback ? (
              <Button
                size="sm"
                variant="subtle"
                className="gap-1.5"
                aria-label={`${t.closeChargeback}: ${order.product.title}`}
                onClick={() => {
                  setCloseKey(newIdempotencyKey())
                  setToClose(order)
                }}
              >
                <ShieldCheck aria-hidden="true" className="size-4" />
                {t.closeChargeback}
              </Button>
            ) : null}
            {moves.includes('cancel') ? (
              <Button
                size="sm"
                variant="subtle"
                className="gap-1.5"
                aria-label={`${t.cancel}: ${order.product.title}`}
                onClick={() => {
                  setCancelKey(newIdempotencyKey())
                  setToCancel(order)
                }}
              >
                <Ban aria-hidden="true" className="size-4" />
                {t.cancel}
              </Button>
            ) : null}
            {moves.includes('refund') ? (
              <Button
                size="sm"
                variant="subtle"
                className="gap-1.5 text-error hover:border-error/40"
                aria-label={`${t.refund}: ${order.product.title}`}
                onClick={() => {
                  setRefundKey(newIdempotencyKey())
                  setToRefund(order)
                }}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t.refund}
              </Button>
            ) : null}
          </div>
        )
      },
    },
  ]

  const max = toRefund ? refundableDollars(toRefund) : 0
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      {/* biome-ignore lint/a11y/useSemanticElements: the search landmark and its form in one element */}
      <form role="search" aria-label={t.search} onSubmit={search} noValidate className="flex items-start gap-2">
        <Field
          className="min-w-0 flex-1 sm:max-w-md"
          label={t.search}
          hint={t.searchHint}
          type="search"
          name="q"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className="mt-[1.625rem] gap-2" aria-busy={isFetching || undefined}>
          <Search aria-hidden="true" className="size-4" />
          {t.searchButton}
        </Button>
      </form>
      {isPending ? (
        <Loading className="py-12" />
      ) : (
        <DataTable
          stackOnPhone
          caption={q ? `${t.caption} matching “${q}”` : t.caption}
          columns={columns}
          rows={orders ?? []}
          rowKey={(order) => order._id}
          empty={
            <EmptyState
              headingLevel="h2"
              icon={<PackageSearch className="size-7" />}
              title={t.empty}
              description={t.emptyHint}
            />
          }
        />
      )}
      {hasNextPage ? (
        <LoadMoreButton busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
          {t.more}
        </LoadMoreButton>
      ) : null}
      <ActionDialog
        open={toClose !== null}
        title={t.closeChargebackTitle}
        message={t.closeChargebackMessage(toClose?.product.title ?? '')}
        confirmLabel={t.closeChargeback}
        reason={{ label: t.reason, hint: t.reasonHint, required: t.reasonRequired }}
        busy={closeChargeback.isPending}
        onConfirm={(reason) =>
          toClose &&
          closeChargeback.mutate(
            { id: toClose._id, idempotencyKey: closeKey, reason },
            {
              onSuccess: () => {
                toast.success(t.chargebackClosed)
                setToClose(null)
              },
              onError: (error) => toast.error(error.message),
            },
          )
        }
        onCancel={() => setToClose(null)}
      />
      <ActionDialog
        open={toCancel !== null}
        title={t.cancelTitle}
        message={t.cancelMessage(toCancel?.product.title ?? '')}
        confirmLabel={t.cancelConfirm}
        tone="danger"
        reason={{ label: t.reason, hint: t.reasonHint, required: t.reasonRequired }}
        busy={cancel.isPending}
        onConfirm={(reason) =>
          toCancel &&
          cancel.mutate(
            { id: toCancel._id, idempotencyKey: cancelKey, reason },
            {
              onSuccess: () => {
                toast.success(t.cancelled)
                setToCancel(null)
              },
              onError: (error) => toast.error(error.message),
            },
          )
        }
        onCancel={() => setToCancel(null)}
      />
      <RefundDialog
        open={toRefund !== null}
        title={t.refundTitle}
        message={t.refundMessage(toRefund?.product.title ?? '', formatPrice(max))}
        confirmLabel={t.refundConfirm}
        max={max}
        amountRequired={false}
        labels={{
          amount: t.refundAmount,
          amountHint: t.refundAmountHint(formatPrice(max)),
          reason: t.reason,
          reasonHint: t.reasonHint,
          reasonRequired: t.reasonRequired,
        }}
        busy={refund.isPending}
        onConfirm={({ amount, reason }) => toRefund && confirmRefund(toRefund, amount, reason)}
        onCancel={() => setToRefund(null)}
      />
    </div>
  )
}
