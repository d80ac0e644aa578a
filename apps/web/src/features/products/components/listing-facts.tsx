import { CONDITION_LABELS } from '@preloved/shared/constants'
import type { Product } from '@preloved/shared/products'
import { BadgeCheck, CalendarDays, MapPin, ShoppingBag, Sparkles, Tag } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { formatDay } from '@/lib/format-date'

/** The seller's name, with the badge when the seller is verified (SPEC §2: verified is 'yes'). */
export function SellerLine({ product, className }: { product: Product; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80', className)}>
      <span>
        <span className="sr-only">Seller: </span>
        by <span className="font-medium text-base-content">{product.seller}</span>
      </span>
      {product.verified === 'yes' ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-success/12 px-2 py-0.5 text-xs font-semibold text-success">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          Verified seller
        </span>
      ) : null}
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

/** Year of purchase, location, posted date and condition (and, in full, the category and specialty). */
export function ListingFacts({ product, compact = false }: { product: Product; compact?: boolean }) {
  const iconClass = 'size-4 shrink-0'
  return (
    <dl
      className={cn(
        'grid grid-cols-2 gap-x-4 gap-y-3',
        compact ? 'max-sm:grid-cols-1 max-sm:gap-y-1.5' : 'sm:grid-cols-3',
      )}
    >
      <Fact icon={<ShoppingBag className={iconClass} />} term="Year of purchase">
        {product.year}
      </Fact>
      <Fact icon={<MapPin className={iconClass} />} term="Location">
        {product.location}
      </Fact>
      <Fact icon={<CalendarDays className={iconClass} />} term="Posted">
        <time dateTime={product.date}>{formatDay(product.date)}</time>
      </Fact>
      <Fact icon={<Sparkles className={iconClass} />} term="Condition">
        <span>{CONDITION_LABELS[product.condition]}</span>
      </Fact>
      {!compact ? (
        <>
          <Fact icon={<Tag className={iconClass} />} term="Category">
            {product.category}
          </Fact>
          {product.specialty ? (
            <Fact
              icon={<Sparkles className={iconClass} />}
              term="Specialty"
              truncate={false}
              className="col-span-2 sm:col-span-3"
            >
              {product.specialty}
            </Fact>
          ) : null}
        </>
      ) : null}
    </dl>
  )
}
