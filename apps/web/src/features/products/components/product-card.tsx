import { CATEGORY_LABELS } from '@preloved/shared/constants'
import { PRODUCT_CARD_SIZES } from '@preloved/shared/images'
import type { Product } from '@preloved/shared/products'
import { homeMessages } from '@preloved/shared/site-messages'
import { ArrowRight, BadgeCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardActions, CardBody, CardFigure, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { PriceTag } from './price-tag'
import { ProductImage } from './product-image'

// The grid shows 1 column below 640 px, 2 up to 1024 px, then 4 (inside a 1280 px max-width container).

export function ProductCard({ product }: { product: Product }) {
  const titleId = `product-${product._id}`
  return (
    <Card aria-labelledby={titleId} className="h-full overflow-hidden">
      <CardFigure className="relative">
        <ProductImage img={product.img} thumb={product.thumb} alt={product.title} sizes={PRODUCT_CARD_SIZES} />
        <Badge className="absolute top-3 left-3 border-0 bg-base-100/90 text-base-content shadow-sm">
          {CATEGORY_LABELS[product.category]}
        </Badge>
      </CardFigure>
      <CardBody className="p-5">
        {product.brand ? (
          <p className="text-xs font-semibold tracking-wide text-base-content/75 uppercase">{product.brand}</p>
        ) : null}
        <CardTitle id={titleId} className="line-clamp-2 text-lg">
          {/* the whole listing is on its own page; Explore goes to the category, as it always has */}
          <Link to={paths.product(product._id)} className="link-hover">
            {product.title}
          </Link>
        </CardTitle>
        <p className="line-clamp-3 grow-0 text-sm text-base-content/80">{product.description}</p>
        <p className="flex grow-0 flex-wrap items-baseline gap-x-2 gap-y-1">
          <PriceTag product={product} />
          {product.verified === 'yes' ? (
            <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-success">
              <BadgeCheck aria-hidden="true" className="size-4" />
              Verified seller
            </span>
          ) : null}
        </p>
        <CardActions className="justify-start">
          <ButtonLink to={paths.category(product.category)} variant="primary" size="sm" className="gap-2">
            {homeMessages.explore}
            <span className="sr-only"> {product.title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </CardActions>
      </CardBody>
    </Card>
  )
}

/** The card's shape while its data loads. */
export function ProductCardSkeleton() {
  return (
    <div className="card overflow-hidden border border-base-300 bg-base-100">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-5/6" />
        <Skeleton className="h-6 w-24" />
        <Skeleton className="mt-2 h-8 w-28" />
      </div>
    </div>
  )
}
