import { type CategorySlug, UNBRANDED_SLUG } from '@preloved/shared/constants'
import { searchMessages as t } from '@preloved/shared/messages/search'
import { ArrowRight, Sparkles } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { popularBrands, useBrands } from '@/lib/brands'
import { cn } from '@/lib/cn'

const SHOWN = 10

type ShortcutsProps = {
  /** On a category page: the brands' links keep the category. */
  category?: CategorySlug
  /** The category's name in the "New in" link ("New in Tote Bags"). */
  categoryLabel?: string
  className?: string
}

/**
 * Links into search (docs/product/search.md): the brands with the most bags for sale, each to /search?brand=…, and "New in"
 * to the newest bags. All plain links: the home page works before its scripts run (docs/decisions/016).
 */
export function SearchShortcuts({ category, categoryLabel, className }: ShortcutsProps) {
  const { data: brands } = useBrands()
  const headingId = useId()
  const shown = popularBrands(brands ?? [], SHOWN).filter((brand) => brand.slug !== UNBRANDED_SLUG)
  const scope: Record<string, string> = category ? { category } : {}
  return (
    <nav aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-baseline justify-between gap-4 max-sm:flex-wrap">
        {/* no brand has a bag for sale yet (or the list did not load): "New in" alone */}
        <h2 id={headingId} className={cn('text-lg font-semibold sm:text-xl', shown.length === 0 && 'sr-only')}>
          {t.shopByBrand}
        </h2>
        <Link
          to={paths.search({ ...scope, sort: 'newest' })}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
        >
          <Sparkles aria-hidden="true" className="size-4" />
          {categoryLabel ? `${t.newIn} ${categoryLabel}` : t.newIn}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {shown.length > 0 ? (
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
          {shown.map((brand) => (
            <li key={brand.slug} className="shrink-0">
              <Link
                to={paths.search({ ...scope, brand: brand.slug })}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-base-300 bg-base-100 px-4 text-sm font-medium whitespace-nowrap transition-colors hover:border-primary hover:text-primary"
              >
                {brand.name}
                <span className="text-xs text-base-content/70 tabular-nums">{brand.count}</span>
              </Link>
            </li>
          ))}
          <li className="shrink-0">
            <Link
              to={paths.search(scope)}
              className="inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-semibold whitespace-nowrap text-primary hover:underline"
            >
              {t.allBrands}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        </ul>
      ) : null}
    </nav>
  )
}
