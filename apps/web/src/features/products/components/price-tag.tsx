import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { cn } from '@/lib/cn'
import { formatPrice } from '@/lib/format'

/**
 * A listing's price as every card and the product page show it: the resell price; after a price cut, "Price dropped"
 * with the price before it struck through (docs/product/listings.md#price-history); otherwise the original (new) price struck through.
 */
export function PriceTag({
  product,
  size = 'md',
  original = 'when-higher',
  className,
}: {
  product: Pick<Product, 'resell_price' | 'original_price' | 'previousPrice'>
  size?: 'sm' | 'md' | 'lg'
  /**
   * The original (new) price: struck through when it is higher and no drop is shown (the default); 'always' also
   * names it otherwise (the original category card lists it); 'never' where only the price and a drop matter (My Products).
   */
  original?: 'when-higher' | 'always' | 'never'
  className?: string
}) {
  const dropped = product.previousPrice !== null && product.previousPrice > product.resell_price
  const struck = dropped
    ? product.previousPrice
    : original !== 'never' && product.original_price > product.resell_price
      ? product.original_price
      : null
  const namedOriginal = original === 'always' && struck !== product.original_price
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2 gap-y-1', className)}>
      <span className={cn('font-semibold text-primary', { sm: 'text-base', md: 'text-xl', lg: 'text-3xl' }[size])}>
        <span className="sr-only">Price: </span>
        {formatPrice(product.resell_price)}
      </span>
      {struck !== null ? (
        <span className="text-sm text-base-content/70">
          <span className="sr-only">{dropped ? `${messages.listings.previousPrice} ` : 'Original price: '}</span>
          <s>{formatPrice(struck)}</s>
        </span>
      ) : null}
      {dropped ? (
        <span className="badge badge-sm border-0 bg-error/10 font-medium text-error">
          {messages.listings.priceDropped}
        </span>
      ) : null}
      {namedOriginal ? (
        <span className="basis-full text-xs text-base-content/70">
          {messages.listings.originalPrice} {formatPrice(product.original_price)}
        </span>
      ) : null}
    </span>
  )
}
