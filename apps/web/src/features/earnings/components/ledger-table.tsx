import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { ArrowDownRight, ArrowUpRight, ReceiptText } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { type Column, DataTable } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatDay } from '@/lib/format-date'
import { formatSignedPrice, toCents } from '@/lib/money'
import type { Earnings } from '../api/earnings'

type Entry = Earnings['entries'][number]

const t = moneyPagesMessages.earnings

/** A line's amount: a sign and an arrow say credit or debit, so the colour is never the only cue. */
export function LedgerAmount({ amount }: { amount: number }) {
  const cents = toCents(amount)
  const debit = cents < 0
  const Icon = debit ? ArrowDownRight : ArrowUpRight
  return (
    <span
      className={
        debit
          ? 'inline-flex items-center gap-1 font-semibold whitespace-nowrap tabular-nums text-error'
          : 'inline-flex items-center gap-1 font-semibold whitespace-nowrap tabular-nums'
      }
    >
      {cents === 0 ? null : <Icon aria-hidden="true" className="size-4 shrink-0" />}
      {formatSignedPrice(amount)}
      {debit ? <span className="sr-only"> ({t.debit})</span> : null}
    </span>
  )
}

const columns: Column<Entry>[] = [
  {
    header: 'Date',
    cell: (entry) => (
      <time dateTime={entry.createdAt} className="whitespace-nowrap tabular-nums">
        {formatDay(entry.createdAt)}
      </time>
    ),
  },
  {
    header: 'What',
    rowHeader: true,
    cell: (entry) => (
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{moneyPagesMessages.ledgerKinds[entry.kind]}</span>
        {entry.note ? <span className="text-sm font-normal break-words text-base-content/75">{entry.note}</span> : null}
        {entry.availableAt && Date.parse(entry.availableAt) > Date.now() ? (
          <span className="text-sm font-normal text-base-content/75">
            {t.availableFrom(formatDay(entry.availableAt))}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Order',
    cell: (entry) =>
      entry.orderId ? (
        <Link to={paths.dashboard.order(entry.orderId)} className="link whitespace-nowrap font-mono text-sm">
          {t.orderLink(entry.orderId)}
        </Link>
      ) : (
        <span className="text-base-content/60">—</span>
      ),
  },
  { header: 'Amount', cell: (entry) => <LedgerAmount amount={entry.amount} />, className: 'sm:text-right' },
]

/** The ledger's lines, newest first as the server sends them; each names its order. */
export function LedgerTable({ entries }: { entries: Earnings['entries'] }) {
  return (
    <DataTable
      stackOnPhone
      caption={t.ledgerCaption}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry._id}
      empty={
        <EmptyState
          headingLevel="h3"
          icon={<ReceiptText className="size-7" />}
          title={t.ledgerEmpty}
          description={t.ledgerEmptyHint}
        />
      }
    />
  )
}
