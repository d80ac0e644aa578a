import { CONDITION_DEFINITIONS, CONDITION_LABELS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { CalendarDays, MapPin, ShoppingBag, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { cn } from '@/lib/cn'
import { formatDay } from '@/lib/format-date'

const text = messages.productPage

/** The seller's name, with the badge when the seller is verified (docs/product/accounts.md#seller-verification: verified is 'yes'). */
export function SellerLine({ product, className }: { product: Product; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80', className)}>
      <span>
        <span className="sr-only">Seller: </span>
        by <span className="font-medium text-base-content">{product.seller}</span>
      </span>
      {product.verified === 'yes' ? <VerifiedBadge /> : null}
    </p>
  )
}

type FactProps = { icon: ReactNode; term: string; children: ReactNode; truncate?: boolean; className?: string }

function Fact({ icon, term, children, truncate = true, className }: FactProps) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="flex items-center gap-1.5 text-xs text-base-content/65">
        <span aria-hidden="true" className="text-base-content/55">
          {icon}
        </span>
        {term}
      </dt>
      <dd className={cn('pl-5.5 text-sm font-medium text-base-content', truncate && 'truncate')}>{children}</dd>
    </div>
  )
}

/**
 * A category card's facts: year of purchase, location, posted date and condition. (`compact` is what the card passes;
 * the product page lists every field in ListingDetails (./listing-details) instead, so this is the only layout left.)
 */
export function ListingFacts({ product }: { product: Product; compact?: true }) {
  const iconClass = 'size-4 shrink-0'
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 max-sm:grid-cols-1 max-sm:gap-y-1.5">
      <Fact icon={<ShoppingBag className={iconClass} />} term={text.year}>
        {product.year}
      </Fact>
      <Fact icon={<MapPin className={iconClass} />} term={text.location}>
        {product.location}
      </Fact>
      <Fact icon={<CalendarDays className={iconClass} />} term={text.posted}>
        <time dateTime={product.date}>{formatDay(product.date)}</time>
      </Fact>
      <Fact icon={<Sparkles className={iconClass} />} term={text.condition}>
        <span title={CONDITION_DEFINITIONS[product.condition]}>{CONDITION_LABELS[product.condition]}</span>
      </Fact>
    </dl>
  )
}
