import { ShoppingBag } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { SectionHeading } from '@/components/ui/section-heading'
import { paths } from '@/config/paths'
import { useAdvertisedProducts } from '../api/get-advertised-products'
import { ProductCard, ProductCardSkeleton } from './product-card'

// Phones: one swipeable row (snap to each card) instead of a very long column; wider screens: a 2 then 4 column grid.
const listClass =
  '-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4'
const itemClass = 'w-[82%] max-w-80 shrink-0 snap-start scroll-ml-4 sm:w-auto sm:max-w-none'
const SKELETON_KEYS = ['a', 'b', 'c', 'd']

function AdvertisedProductsList() {
  const { data: products, isPending } = useAdvertisedProducts()

  if (isPending) {
    return (
      <div>
        <Loading className="sr-only" />
        <div className={listClass}>
          {SKELETON_KEYS.map((key) => (
            <div key={key} className={itemClass}>
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      </div>
    )
  }

  if (!products || products.length === 0) {
    return (
      <EmptyState
        icon={<ShoppingBag className="size-7" />}
        title="No featured bags right now"
        description="New finds are added every week. Browse the categories to see everything on the shelf."
        action={
          <ButtonLink to={paths.categories()} variant="outline" size="sm">
            Browse categories
          </ButtonLink>
        }
      />
    )
  }

  return (
    <ul className={listClass}>
      {products.map((product) => (
        <li key={product._id} className={itemClass}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  )
}

/** docs/product/storefront.md#home-and-blog: advertised items (card with image, title, description and an Explore link to the category). */
export function AdvertisedProducts() {
  return (
    <section aria-labelledby="advertised-heading" className="bg-base-200/60">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
        <SectionHeading
          id="advertised-heading"
          eyebrow="Handpicked this week"
          title="Advertised Items"
          description="Standout pieces our sellers are featuring right now."
          className="mb-10 lg:mb-14"
        />
        <AdvertisedProductsList />
      </div>
    </section>
  )
}
