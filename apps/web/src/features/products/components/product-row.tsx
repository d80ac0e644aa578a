import type { Product } from '@preloved/shared/products'
import type { ReactNode } from 'react'
import { ProductCard, ProductCardSkeleton } from './product-card'

/** Cards in a row: 2 on phones, 4 from 1024 px. */
export const PRODUCT_ROW_SIZE = 4

type ProductRowProps = {
  /** The heading's id (the section is named by its heading). */
  id: string
  title: string
  /** A link beside the heading (the whole list elsewhere). */
  action?: ReactNode
  /** Undefined while loading: the row keeps its place with placeholders. An empty row is left out. */
  products: Product[] | undefined
}

/** A row of cards below a product ("More from this seller", "Similar bags"). */
export function ProductRow({ id, title, action, products }: ProductRowProps) {
  if (products?.length === 0) return null
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t border-base-300 pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-2xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4" aria-busy={products ? undefined : true}>
        {products
          ? products.slice(0, PRODUCT_ROW_SIZE).map((product) => (
              <li key={product._id}>
                <ProductCard product={product} />
              </li>
            ))
          : Array.from({ length: PRODUCT_ROW_SIZE }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <li key={index}>
                <ProductCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  )
}
