import { messages } from '@preloved/shared/messages'
import {
  ArrowRight,
  BadgeCheck,
  CircleDollarSign,
  Clock,
  Flag,
  Heart,
  Package,
  PackageCheck,
  PlusCircle,
  ShieldAlert,
  ShoppingBag,
  Store,
  TriangleAlert,
  Users,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { formatPrice } from '@/lib/format'
import { useDashboardSummary } from '../api/get-summary'

type StatCardProps = {
  label: string
  value: string | number
  icon: ReactNode
  /** Where the card leads; its link text names the place. */
  to?: string
  linkLabel?: string
  hint?: ReactNode
  tone?: 'primary' | 'accent' | 'success' | 'warning'
}

const toneClasses = {
  primary: 'bg-primary/10 text-primary',
  accent: 'bg-accent/15 text-accent-content',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/20 text-warning-content',
} as const

function StatCard({ label, value, icon, to, linkLabel, hint, tone = 'primary' }: StatCardProps) {
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-base-content/75">{label}</p>
        <span
          aria-hidden="true"
          className={cn('grid size-10 shrink-0 place-items-center rounded-full', toneClasses[tone])}
        >
          {icon}
        </span>
      </div>
      <p className="font-display text-3xl font-semibold tabular-nums sm:text-4xl" data-stat={label}>
        {value}
      </p>
      {hint ? <p className="text-sm text-base-content/75">{hint}</p> : null}
      {to && linkLabel ? (
        <Link
          to={to}
          className="link link-hover mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary"
        >
          {linkLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </li>
  )
}

function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  )
}

const count = (n: number) => n.toLocaleString('en-US')

/** '/dashboard' index: the figures of the signed-in user's role, with links to where they lead. */
export function DashboardSummary() {
  const { user } = useSession()
  const { data: summary, isPending } = useDashboardSummary()
  const firstName = user?.name?.trim().split(/\s+/)[0]

  let body: ReactNode = null
  let lead = ''
  if (summary?.admin) {
    const a = summary.admin
    lead = 'How the shop is doing, and what needs your attention.'
    body = (
      <StatGrid label="Shop figures">
        <StatCard
          label="Customers"
          value={count(a.customers)}
          icon={<Users className="size-5" />}
          to={paths.dashboard.allCustomers()}
          linkLabel="All Customers"
        />
        <StatCard
          label="Sellers"
          value={count(a.sellers)}
          icon={<Store className="size-5" />}
          to={paths.dashboard.allSellers()}
          linkLabel="All Sellers"
        />
        <StatCard
          label="Unverified sellers"
          value={count(a.unverifiedSellers)}
          icon={<ShieldAlert className="size-5" />}
          tone="warning"
          to={paths.dashboard.allSellers()}
          linkLabel="Review sellers"
        />
        <StatCard
          label="Open reports"
          value={count(a.openReports)}
          icon={<Flag className="size-5" />}
          tone="warning"
          to={paths.dashboard.reportedItems()}
          linkLabel="Reported Items"
        />
        <StatCard
          label="Sales this week"
          value={count(a.salesThisWeek)}
          icon={<ShoppingBag className="size-5" />}
          tone="success"
          hint="Bags paid for in the last 7 days."
        />
        <StatCard
          label="Sales this week ($)"
          value={formatPrice(a.salesThisWeekTotal)}
          icon={<CircleDollarSign className="size-5" />}
          tone="success"
          hint={`What buyers were charged for those bags, after ${formatPrice(a.discountsThisWeek)} of first-order discounts (the shop's cost; sellers are owed their listing prices).`}
        />
        {a.flaggedOrders > 0 ? (
          <StatCard
            label="Orders flagged"
            value={count(a.flaggedOrders)}
            icon={<TriangleAlert className="size-5" />}
            tone="warning"
            hint={`Discount used twice: ${formatPrice(a.flaggedDifference)} difference. The orders were recorded at what was charged.`}
          />
        ) : null}
      </StatGrid>
    )
  } else if (summary?.seller) {
    const s = summary.seller
    lead = 'Your listings and sales at a glance.'
    body = (
      <>
        <StatGrid label="Your figures">
          <StatCard
            label="Listings available"
            value={count(s.available)}
            icon={<Package className="size-5" />}
            to={paths.dashboard.myProducts()}
            linkLabel="My Products"
          />
          <StatCard
            label="Bags sold"
            value={count(s.sold)}
            icon={<PackageCheck className="size-5" />}
            tone="success"
            to={paths.dashboard.myProducts()}
            linkLabel="My Products"
          />
          <StatCard
            label="Sales total"
            value={formatPrice(s.salesTotal)}
            icon={<CircleDollarSign className="size-5" />}
            tone="success"
            hint="What you are owed for the bags sold: your listing prices. First-order discounts are the shop's cost."
          />
        </StatGrid>
        <div
          className={cn(
            'flex flex-col gap-3 rounded-box border p-5 sm:flex-row sm:items-center sm:justify-between',
            s.verified ? 'border-success/40 bg-success/10' : 'border-warning/50 bg-warning/10',
          )}
        >
          <div className="flex items-start gap-3">
            {s.verified ? (
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
            ) : (
              <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning-content" />
            )}
            <div className="flex flex-col gap-1">
              <h2 className="font-sans text-base font-semibold tracking-normal">
                {s.verified ? 'You are a verified seller.' : 'You are not verified yet.'}
              </h2>
              <p className="text-sm text-base-content/80">
                {s.verified
                  ? 'Your listings carry the verified badge.'
                  : 'An admin verifies sellers with a good record; keep your listings accurate.'}
              </p>
            </div>
          </div>
          <ButtonLink
            to={paths.dashboard.addProducts()}
            variant="primary"
            size="sm"
            className="gap-1.5 self-start sm:self-auto"
          >
            <PlusCircle aria-hidden="true" className="size-4" />
            {messages.nav.addProduct}
          </ButtonLink>
        </div>
      </>
    )
  } else if (summary?.customer) {
    const c = summary.customer
    lead = 'Your orders and the bags you are keeping an eye on.'
    body = (
      <StatGrid label="Your figures">
        <StatCard
          label="Open orders"
          value={count(c.openOrders)}
          icon={<Clock className="size-5" />}
          tone="warning"
          hint="Booked, waiting for payment."
          to={paths.dashboard.myOrders()}
          linkLabel={messages.nav.myOrders}
        />
        <StatCard
          label="Paid orders"
          value={count(c.paidOrders)}
          icon={<PackageCheck className="size-5" />}
          tone="success"
          to={paths.dashboard.myOrders()}
          linkLabel={messages.nav.myOrders}
        />
        <StatCard
          label="Wishlist"
          value={count(c.wishlist)}
          icon={<Heart className="size-5" />}
          to={paths.dashboard.wishlist()}
          linkLabel={messages.nav.myWishlist}
        />
      </StatGrid>
    )
  }

  return (
    <section aria-labelledby="dashboard-title" className="flex max-w-5xl flex-col gap-6">
      <title>{`${messages.nav.dashboard} | Preloved Bags Co.`}</title>
      <div className="flex flex-col gap-1">
        <h1 id="dashboard-title" className="text-3xl font-semibold sm:text-4xl">
          {`${user?.firstSession ? 'Welcome' : 'Welcome back'}${firstName ? `, ${firstName}` : ''}`}
        </h1>
        {lead ? <p className="text-base-content/75">{lead}</p> : null}
      </div>
      {isPending ? <Loading className="py-12" /> : body}
    </section>
  )
}
