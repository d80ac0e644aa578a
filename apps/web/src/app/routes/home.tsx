import type { LoaderFunctionArgs, MetaFunction } from 'react-router'
import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { CategoriesSection } from '@/features/categories/components/categories-section'
import { Hero } from '@/features/home/components/hero'
import { SellBanner } from '@/features/home/components/sell-banner'
import { advertisedProductsQueryOptions } from '@/features/products/api/get-advertised-products'
import { AdvertisedProducts } from '@/features/products/components/advertised-products'
import { SearchShortcuts } from '@/features/search/components/brand-shortcuts'
import { brandsQueryOptions } from '@/lib/brands'
import { originOf, pageMeta, SHOP_DESCRIPTION } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { prefetchOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

/** The advertised bags, the categories and the brands (for the shortcuts into search) arrive with the page. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) =>
    Promise.all([
      client.prefetchQuery(advertisedProductsQueryOptions()),
      client.prefetchQuery(categoriesQueryOptions()),
      client.prefetchQuery(brandsQueryOptions()),
    ]),
  )

/** Back on the home page from another: the sections show what the cache has and refresh it themselves. */
export function clientLoader() {
  void queryClient.prefetchQuery(advertisedProductsQueryOptions())
  void queryClient.prefetchQuery(categoriesQueryOptions())
  void queryClient.prefetchQuery(brandsQueryOptions())
  return { dehydrated: undefined }
}

// read, then left by a link: no scripts until the visitor acts (docs/decisions/016)
export const handle = hydrateOnIntent

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Preloved Bags Co. | Second-hand designer and everyday bags',
    description: SHOP_DESCRIPTION,
    share: { origin: originOf(matches), path: '/' },
  })

/** '/': hero, the shortcuts into search, advertised items, categories, the sell-to-us banner (docs/product/storefront.md#home-and-blog). */
export default function HomeRoute() {
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 lg:px-8">
        <SearchShortcuts />
      </div>
      <AdvertisedProducts />
      <CategoriesSection />
      <SellBanner />
    </>
  )
}
