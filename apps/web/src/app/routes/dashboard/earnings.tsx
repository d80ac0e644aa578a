import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { useQuery } from '@tanstack/react-query'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { EarningsView } from '@/features/earnings/components/earnings-view'
import { publicConfigQueryOptions } from '@/lib/public-config'

/** '/dashboard/earnings' (seller): pending, available and paid out, the payout, the payout account, the ledger. */
export default function EarningsRoute() {
  const config = useQuery(publicConfigQueryOptions())
  const stripe = config.data ? config.data.payments.provider === 'stripe' : config.isError ? false : undefined
  return (
    <DashboardPage title={moneyPagesMessages.earnings.title} lead={moneyPagesMessages.earnings.lead}>
      <EarningsView stripe={stripe} />
    </DashboardPage>
  )
}
