import { LISTING_CARD_SIZES } from '@preloved/shared/images'
import type { Product } from '@preloved/shared/products'
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Card, CardBody, CardFigure, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { ListingFacts, SellerLine } from './listing-facts'
import { PriceTag } from './price-tag'
import { ProductImage } from './product-image'

// The category grid: 2 columns up to 1024 px (phones too), then 3 (inside a 1280 px container).
// On phones the card is denser: smaller type and padding, the facts in one column.

type ListingCardProps = {
  product: Product
  /** The first row loads at once; the rest when scrolled near (docs/product/storefront.md#accessibility). */
  eager?: boolean
  /** The first card's photo is the page's LCP: fetched with high priority. */
  priority?: boolean
  /** Book Now / Reserved and the wishlist button: composed by the page. */
  actions: ReactNode
  /** Beside 'View details' at the foot of the card (Report this Listing). */
  footerAction?: ReactNode
}

/** A category card (docs/product/storefront.md#home-and-blog): one bag with every field it lists, and its actions. */
export function ListingCard({ product, eager = false, priority = false, actions, footerAction }: ListingCardProps) {
  const titleId = `listing-${product._id}`
  return (
    <Card aria-labelledby={titleId} className="h-full overflow-hidden">
      <CardFigure>
        <ProductImage
          img={product.img}
          thumb={product.thumb}
          alt={product.title}
          sizes={LISTING_CARD_SIZES}
          eager={eager}
          priority={priority}
        />
      </CardFigure>
      <CardBody className="gap-2.5 p-3 sm:gap-4 sm:p-5">
        <div className="flex flex-col gap-1">
          {product.brand ? (
            <p className="text-xs font-semibold tracking-wide text-base-content/75 uppercase">{product.brand}</p>
          ) : null}
          <CardTitle id={titleId} as="h2" className="line-clamp-2 text-base sm:text-xl">
            {product.title}
          </CardTitle>
          <SellerLine product={product} className="max-sm:text-xs" />
        </div>
        <p>
          <PriceTag product={product} original="always" />
        </p>
        <ListingFacts product={product} compact />
        <div className="mt-auto flex flex-col gap-2 pt-1">{actions}</div>
        <div className="-mb-1 flex flex-wrap items-center justify-between gap-x-2 border-t border-base-300 pt-2">
          <Link
            to={paths.product(product._id)}
            className="link inline-flex items-center gap-1 py-1 text-sm font-medium text-primary link-hover"
          >
            View<span className="max-sm:sr-only"> details</span>
            <span className="sr-only"> of {product.title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          {footerAction}
        </div>
      </CardBody>
    </Card>
  )
}
