import { CATEGORY_LABELS } from '@preloved/shared/constants'
import type { Product } from '@preloved/shared/products'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { useCategoryProducts } from '../api/get-category-products'

/** How many other bags a sold bag's page offers. */
const SHOWN = 4

/**
 * A sold bag's page: other bags for sale in its category, each to its own page, and the whole
 * category. Nothing when there are none left.
 */
export function MoreFromCategory({ product }: { product: Product }) {
  const { data } = useCategoryProducts(product.category)
  const others = (data ?? []).filter((p) => p._id !== product._id && p.status === 'available').slice(0, SHOWN)
  const label = CATEGORY_LABELS[product.category]
  return (
    <section aria-labelledby="more-heading" className="flex flex-col gap-4 border-t border-base-300 pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="more-heading" className="text-2xl font-semibold">
          {`Other bags in ${label}`}
        </h2>
        <ButtonLink to={paths.category(product.category)} variant="link" size="sm">
          {`See all ${label}`}
        </ButtonLink>
      </div>
      {data && others.length === 0 ? (
        <p className="text-base-content/75">No other bags are for sale in this category right now.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {others.map((p) => (
            <li key={p._id}>
              <Link
                to={paths.product(p._id)}
                className="group flex h-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm hover:shadow-md"
              >
                <img
                  src={p.thumb}
                  alt=""
                  width={320}
                  height={240}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] h-auto w-full bg-base-200 object-cover"
                />
                <span className="flex flex-col gap-1 p-3">
                  <span className="line-clamp-2 font-medium group-hover:underline">{p.title}</span>
                  <span className="font-semibold text-primary">
                    <span className="sr-only">Resell price: </span>
                    {formatPrice(p.resell_price)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
